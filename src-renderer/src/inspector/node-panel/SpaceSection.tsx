/**
 * The node panel's memory space: which space a memory belongs to; for a fact, "Move to space…" (with all its
 * versions, undoable) and "Seen from every space". An episode belongs to its chat: the chat's header moves it.
 */
import { useState } from 'react';
import type { MemoryNode } from '../../../../src-shared/memory-types';
import type { MemorySpace } from '../../../../src-shared/spaces';
import { useSpaces } from '../../api/hooks';
import { actions } from '../actions';

export function SpaceSection({ node }: { node: MemoryNode }) {
  const spaces = useSpaces().data;
  if (!spaces) return null;
  const own = spaces.find((s) => s.id === node.spaceId);
  const ownName = own?.name ?? node.spaceId;
  const others = spaces.filter((s) => s.id !== node.spaceId);
  const isFact = node.type !== 'episodic';
  return (
    <section className="ins-section ins-space" data-testid="node-space">
      <h4>Space</h4>
      <p className="ins-space-line">
        <span data-testid="node-space-name">{ownName}</span>
        {node.everywhere && <span className="muted small"> · seen from every space</span>}
      </p>
      {isFact ? (
        <div className="ins-space-actions">
          {others.length > 0 && <MoveToSpace node={node} others={others} />}
          <label className="check">
            <input
              type="checkbox"
              checked={node.everywhere}
              onChange={(e) => void actions.setEverywhere(node.id, e.target.checked, ownName)}
              data-testid="action-everywhere"
            />{' '}
            Everywhere <span className="muted small">(every space sees it: a name, a language, an accessibility need)</span>
          </label>
        </div>
      ) : (
        <p className="muted small">An episode belongs to its chat: move the chat to another space from its header.</p>
      )}
    </section>
  );
}

/** A choice, then a button: arrowing through a select never moves a fact by accident. */
function MoveToSpace({ node, others }: { node: MemoryNode; others: MemorySpace[] }) {
  const [chosen, setChosen] = useState('');
  const to = others.find((s) => s.id === chosen) ?? others[0];
  if (!to) return null;
  return (
    <span className="ins-space-move">
      <select value={to.id} onChange={(e) => setChosen(e.target.value)} aria-label="Space to move it to" data-testid="move-space-target">
        {others.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <button
        className="button"
        onClick={() => void actions.moveToSpace(node.id, to.id, to.name)}
        title="Moves it with all its versions; undo moves them back"
        data-testid="action-move-space"
      >
        Move to {to.name}
      </button>
    </span>
  );
}
