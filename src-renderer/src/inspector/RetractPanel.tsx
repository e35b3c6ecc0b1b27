/**
 * The preview of a retract: what the source taught (its messages, the facts only it supports, the facts that
 * lose its support, the older versions that become current again, the supersedes and entity links it caused),
 * and one confirm. The applied retract leaves an undo toast (`z`) that puts back exactly the state before.
 */
import { useQuery } from '@tanstack/react-query';
import type { LearnedItem, RetractSource } from '../../../src-shared/retract-types';
import { call, errorMessage } from '../api/client';
import { useInspector } from './store';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** `noteStale`: mark items that are already not current (those the retract leaves as they are). */
function Part({ title, items, testId, noteStale = true }: { title: string; items: LearnedItem[]; testId: string; noteStale?: boolean }) {
  if (items.length === 0) return null;
  return (
    <div className="ins-retract-part" data-testid={testId}>
      <h5>
        {title} <span className="muted small">· {items.length}</span>
      </h5>
      <ul>
        {items.slice(0, 50).map((item) => (
          <li key={item.id}>
            <button className="link-button" onClick={() => useInspector.getState().select(item.id)}>
              {item.content}
            </button>
            {noteStale && !item.current && <span className="muted small"> (an earlier version)</span>}
          </li>
        ))}
        {items.length > 50 && <li className="muted small">… and {items.length - 50} more</li>}
      </ul>
    </div>
  );
}

/** `onDone` after the retract is applied; `onCancel` (default: `onDone`) when the person turns it down. */
export function RetractPanel({ source, onDone, onCancel = onDone }: { source: RetractSource; onDone: () => void; onCancel?: () => void }) {
  const preview = useQuery({ queryKey: ['memory', 'retract-preview', source], queryFn: () => call('memory.retractPreview', source) });
  if (preview.isError) return <div className="error-box">{errorMessage(preview.error)}</div>;
  if (!preview.data) return <p className="muted small">Looking at what it taught…</p>;
  const p = preview.data;
  const apply = async () => {
    const s = useInspector.getState();
    try {
      const done = await call('memory.retract', source);
      const c = done.counts;
      s.pushToast({
        message: `Retracted: ${plural(c.forgotten, 'fact')} and ${plural(c.episodes, 'message')} forgotten, ${c.losingSupport} lost this support, ${c.currentAgain} current again`,
        undo: () => call('memory.undoRetract', { retractionId: done.retractionId }),
      });
      onDone();
    } catch (err) {
      s.pushToast({ message: `Retract failed: ${errorMessage(err)}`, error: true });
    }
  };
  return (
    <div className="ins-retract" data-testid="retract-preview">
      {p.empty ? (
        <p className="muted small">Nothing it taught is left to retract.</p>
      ) : (
        <>
          <Part title="Forgotten: only this source supports them" items={p.forgotten} testId="retract-forgotten" />
          <Part title="Kept, losing this source's support" items={p.losingSupport} testId="retract-losing" />
          <Part title="Current again: the versions it had replaced" items={p.currentAgain} testId="retract-current-again" noteStale={false} />
          <Part title="Its messages, forgotten" items={p.episodes} testId="retract-episodes" />
          {(p.supersedes.length > 0 || p.entityLinks.length > 0) && (
            <p className="muted small">
              It caused {plural(p.supersedes.length, 'correction')}
              {p.entityLinks.length > 0 ? ` and linked ${[...new Set(p.entityLinks.map((l) => l.entityName))].join(', ')}` : ''}.
            </p>
          )}
        </>
      )}
      <div className="ins-actions">
        <button className="button button-danger" disabled={p.empty} onClick={() => void apply()} data-testid="retract-confirm">
          Retract
        </button>
        <button className="button button-ghost" onClick={onCancel} data-testid="retract-cancel">
          Cancel
        </button>
      </div>
    </div>
  );
}
