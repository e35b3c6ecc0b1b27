/** The panel while several memories are selected: confirm or forget them all. */
import { actions } from '../actions';
import { useInspector } from '../store';

export function BulkPanel({ ids }: { ids: string[] }) {
  const clear = useInspector((s) => s.clearMulti);
  return (
    <aside className="ins-panel" data-testid="bulk-panel">
      <h3>{ids.length} selected</h3>
      <div className="ins-actions">
        <button className="button" onClick={() => void actions.confirm(ids)} data-testid="bulk-confirm">
          Confirm all
        </button>
        <button className="button" onClick={() => void actions.forget(ids).then(clear)} data-testid="bulk-forget">
          Forget all
        </button>
        <button className="button button-ghost" onClick={clear}>
          Clear selection
        </button>
      </div>
      <p className="muted small">Shift-click adds or removes a memory. Each edit can be undone from its toast or with z.</p>
    </aside>
  );
}
