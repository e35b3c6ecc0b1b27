/**
 * Settings → Memory spaces: every space with what it holds; create, rename, and delete with a confirmation that
 * says what happens to the space's memories (moved to another space, or erased for good). Changes apply at once.
 * Inside the settings form: Enter in a field runs its own action, never the form's Save.
 */
import { useState, type KeyboardEvent } from 'react';
import { PERSONAL_SPACE_ID, type MemorySpaceSummary } from '../../../src-shared/spaces';
import { errorMessage } from '../api/client';
import { useSpaceActions, useSpaces } from '../api/hooks';
import { memoriesCount, moveTargets, spaceDeletionConsequence, spaceHoldings } from './space-wording';

const onKeys = (enter: () => void, escape?: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    enter();
  } else if (e.key === 'Escape' && escape) {
    // Closes the field, not the whole Settings dialog.
    e.preventDefault();
    e.stopPropagation();
    escape();
  }
};

export function SpacesSettings() {
  const spaces = useSpaces();
  const { create } = useSpaceActions();
  const [name, setName] = useState('');
  const [done, setDone] = useState<string | null>(null);
  // One message at a time: the latest action's result, or its error.
  const report = (message: string) => {
    create.reset();
    setDone(message);
  };
  const add = () => {
    if (name.trim() === '') return;
    setDone(null);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (space) => {
          setName('');
          setDone(`Created “${space.name}”.`);
        },
      },
    );
  };
  return (
    <fieldset data-testid="spaces-settings">
      <legend>Memory spaces</legend>
      <small className="muted space-settings-note">
        Each chat belongs to one space; what it teaches stays there, plus facts you mark as seen from every space. Changes apply at once.
      </small>
      {!spaces.data ? (
        spaces.isError ? <div className="error-box">{errorMessage(spaces.error)}</div> : <p className="muted">Loading…</p>
      ) : (
        <ul className="space-list" data-testid="space-list">
          {spaces.data.map((s) => (
            <SpaceRow key={s.id} space={s} all={spaces.data} onDone={report} />
          ))}
        </ul>
      )}
      <div className="path-row space-create">
        <input
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            create.reset();
          }}
          onKeyDown={onKeys(add)}
          placeholder="Work, Novel…"
          aria-label="Name of a new space"
          maxLength={60}
          data-testid="space-create-name"
        />
        <button type="button" className="button" onClick={add} disabled={name.trim() === '' || create.isPending} data-testid="space-create">
          Create space
        </button>
      </div>
      {create.isError && (
        <small className="error-text space-message" role="alert" data-testid="space-error">
          {errorMessage(create.error)}
        </small>
      )}
      {done && (
        <small className="ok-text space-message" role="status" data-testid="space-result">
          {done}
        </small>
      )}
    </fieldset>
  );
}

function SpaceRow({ space, all, onDone }: { space: MemorySpaceSummary; all: MemorySpaceSummary[]; onDone: (message: string) => void }) {
  const { rename } = useSpaceActions();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [newName, setNewName] = useState(space.name);
  const saveName = () => {
    if (newName.trim() === '' || newName.trim() === space.name) return setRenaming(false);
    rename.mutate(
      { id: space.id, name: newName.trim() },
      {
        onSuccess: (renamed) => {
          setRenaming(false);
          onDone(`Renamed “${space.name}” to “${renamed.name}”.`);
        },
      },
    );
  };
  return (
    <li data-testid="space-row" data-space-id={space.id}>
      <div className="space-row-line">
        {renaming ? (
          <input
            autoFocus
            value={newName}
            onChange={(e) => {
              setNewName(e.target.value);
              rename.reset();
            }}
            onKeyDown={onKeys(saveName, () => setRenaming(false))}
            aria-label={`New name for ${space.name}`}
            maxLength={60}
            data-testid="space-rename-input"
          />
        ) : (
          <span>
            <strong>{space.name}</strong> <span className="muted small">· {spaceHoldings(space)}</span>
          </span>
        )}
        <span className="space-row-actions">
          {renaming ? (
            <>
              <button type="button" className="button" onClick={saveName} disabled={rename.isPending} data-testid="space-rename-save">
                Save name
              </button>
              <button type="button" className="button button-ghost" onClick={() => setRenaming(false)}>
                Cancel
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                setNewName(space.name);
                setRenaming(true);
              }}
              aria-label={`Rename ${space.name}`}
              data-testid="space-rename"
            >
              Rename
            </button>
          )}
          {space.id !== PERSONAL_SPACE_ID && !deleting && (
            <button type="button" className="button button-ghost" onClick={() => setDeleting(true)} aria-label={`Delete ${space.name}…`} data-testid="space-delete">
              Delete…
            </button>
          )}
        </span>
      </div>
      {rename.isError && (
        <small className="error-text space-message" role="alert">
          {errorMessage(rename.error)}
        </small>
      )}
      {deleting && <DeleteSpace space={space} all={all} onClose={() => setDeleting(false)} onDone={onDone} />}
    </li>
  );
}

/** The delete confirmation: where the space's memories go (another space, or erased), said before anything happens. */
function DeleteSpace({ space, all, onClose, onDone }: { space: MemorySpaceSummary; all: MemorySpaceSummary[]; onClose: () => void; onDone: (message: string) => void }) {
  const { remove } = useSpaceActions();
  const targets = moveTargets(all, space.id);
  const [choice, setChoice] = useState<string>(targets[0]?.id ?? PERSONAL_SPACE_ID);
  const erase = choice === 'erase';
  const target = targets.find((t) => t.id === choice) ?? null;
  const run = () =>
    remove.mutate(
      { id: space.id, rows: erase ? { rows: 'erase' } : { rows: 'move', toSpaceId: choice } },
      {
        onSuccess: ({ moved, erased, settled }) => {
          onClose();
          // Where the two spaces held different values of one thing (a home, a job), the later one stays current.
          const versions = settled > 0 ? ` ${settled === 1 ? '1 fact was' : `${settled} facts were`} settled as versions: where the spaces disagreed, the one that began later stays current.` : '';
          onDone(erase ? `Deleted “${space.name}”: ${memoriesCount(erased)} erased.` : `Deleted “${space.name}”: ${memoriesCount(moved)} moved to “${target?.name ?? ''}”.${versions}`);
        },
      },
    );
  return (
    <div
      className={`confirm-box${erase ? '' : ' confirm-box-neutral'}`}
      role="alertdialog"
      aria-label={`Delete the space ${space.name}`}
      data-testid="space-delete-confirm"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      <p>Delete the space “{space.name}”?</p>
      <label className="path-row">
        <span className="muted small">Its memories</span>
        <select value={choice} onChange={(e) => setChoice(e.target.value)} aria-label="What happens to its memories" data-testid="space-delete-choice" autoFocus>
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              Move to {t.name}
            </option>
          ))}
          <option value="erase">Erase them for good</option>
        </select>
      </label>
      <p data-testid="space-delete-consequence">{spaceDeletionConsequence(space, erase ? null : target)}</p>
      <span className="test-row">
        <button type="button" className="button button-ghost" onClick={onClose}>
          Keep the space
        </button>
        <button type="button" className={`button${erase ? ' button-danger' : ''}`} onClick={run} disabled={remove.isPending} data-testid="space-delete-run">
          {erase ? 'Delete and erase' : 'Delete and move'}
        </button>
      </span>
      {remove.isError && (
        <p className="error-text small" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
    </div>
  );
}
