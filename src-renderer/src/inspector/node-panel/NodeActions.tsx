/** The node panel's buttons: confirm, correct, undo another app's correction, forget or restore, show in graph, focus. */
import type { NodeDetail } from '../../../../src-main/memory';
import type { MemoryNode } from '../../../../src-shared/memory-types';
import { actions, pinInGraph } from '../actions';
import { useInspector } from '../store';

export function NodeActions({ detail, previousVersion }: { detail: NodeDetail; previousVersion: MemoryNode | undefined }) {
  const { node } = detail;
  const editing = useInspector((s) => s.editing);
  const setEditing = useInspector((s) => s.setEditing);
  const isFact = node.type !== 'episodic';
  const current = node.validUntil === null;
  return (
    <div className="ins-actions">
      {current && isFact && node.decayRate > 0 && (
        <button className="button" onClick={() => void actions.confirm([node.id])} data-testid="action-confirm" title="Protect from decay (c)">
          Confirm
        </button>
      )}
      {current && isFact && !editing && (
        <button className="button" onClick={() => setEditing(true)} data-testid="action-correct" title="Correct (e)">
          Correct…
        </button>
      )}
      {current && isFact && node.sourceType === 'mcp' && previousVersion && (
        <button
          className="button"
          onClick={() => void actions.revertCorrection(node.id, previousVersion.id)}
          data-testid="action-revert-correction"
          title="This version was written by another app: bring back the one it replaced"
        >
          Undo this correction
        </button>
      )}
      {current ? (
        <button className="button" onClick={() => void actions.forget([node.id])} data-testid="action-forget" title="Forget (Del)">
          Forget
        </button>
      ) : node.invalidatedReason !== 'superseded' ? (
        <button className="button" onClick={() => void actions.restore(node.id)} data-testid="action-restore">
          Restore
        </button>
      ) : null}
      <button
        className="button button-ghost"
        onClick={() => {
          useInspector.getState().addGraph({ kind: 'expand', input: { nodeIds: [node.id] } });
          pinInGraph([node.id]);
          useInspector.getState().setTab('graph');
          useInspector.getState().centre();
        }}
        title="Add it and its neighbours to the graph"
      >
        Show in graph
      </button>
      <button
        className="button button-ghost"
        data-testid="action-focus"
        onClick={() => {
          const s = useInspector.getState();
          // Focus: the graph becomes this memory, its versions and its one-hop neighbourhood.
          s.seedGraph({ seed: { kind: 'nodes', ids: [...new Set([node.id, ...detail.versions.map((v) => v.id)])] }, filter: { includeInvalid: true } });
          s.addGraph({ kind: 'expand', input: { nodeIds: [node.id] } });
          s.centre();
        }}
        title="Show only this memory and its neighbourhood"
      >
        Focus
      </button>
    </div>
  );
}
