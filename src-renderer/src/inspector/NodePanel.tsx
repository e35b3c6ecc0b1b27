/**
 * The node panel shared by every view: the selected memory (node-panel/NodeDetailView), an entity, the bulk
 * actions for several, or — with nothing selected — the keys and "add a fact by hand".
 */
import { errorMessage } from '../api/client';
import { useNodeDetail } from './api';
import { EntityCard } from './EntityCard';
import { AddFact } from './node-panel/AddFact';
import { BulkPanel } from './node-panel/BulkPanel';
import { NodeDetailView } from './node-panel/NodeDetailView';
import { useInspector } from './store';

export function NodePanel() {
  const selectedId = useInspector((s) => s.selectedId);
  const multi = useInspector((s) => s.multi);
  const panelEntityId = useInspector((s) => s.panelEntityId);
  const detail = useNodeDetail(selectedId);
  if (multi.length > 1) return <BulkPanel ids={multi} />;
  if (panelEntityId) return <aside className="ins-panel" data-testid="node-panel"><EntityCard id={panelEntityId} /></aside>;
  if (!selectedId) {
    return (
      <aside className="ins-panel ins-panel-empty" data-testid="node-panel">
        <p className="muted">Select a memory to see where it came from, how sure Engram is, and how that changes.</p>
        <p className="muted small">
          Keys: <kbd>/</kbd> search · <kbd>c</kbd> confirm · <kbd>e</kbd> correct · <kbd>Del</kbd> forget · <kbd>z</kbd> undo · arrows move ·
          shift-click to select several · <kbd>?</kbd> all shortcuts
        </p>
        <AddFact />
      </aside>
    );
  }
  return (
    <aside className="ins-panel" data-testid="node-panel">
      {detail.isError && <div className="error-box">{errorMessage(detail.error)}</div>}
      {detail.data && <NodeDetailView detail={detail.data} />}
      {detail.isLoading && <p className="muted">Loading…</p>}
    </aside>
  );
}
