/**
 * "Why this answer": the context pack injected for a reply — its sections, each node with its score and
 * the strategies that found it — with a jump to any node and a graph of the whole pack.
 */
import type { ContextItem } from '../../../src-shared/retrieval-types';
import { errorMessage } from '../api/client';
import { useContextPack } from '../api/hooks';
import { pinInGraph } from './actions';
import { PackReplayView } from './PackReplayView';
import { useInspector } from './store';

export function PackView() {
  const messageId = useInspector((s) => s.packMessageId);
  const pack = useContextPack(messageId);
  const s = useInspector.getState;
  if (!messageId) return <p className="muted ins-pad">Open “What it remembered” on a reply in the chat to see why it answered as it did.</p>;
  if (pack.isError) return <div className="error-box">{errorMessage(pack.error)}</div>;
  if (pack.isLoading) return <p className="muted ins-pad">Loading…</p>;
  if (!pack.data) return <p className="muted ins-pad">Memory was off for this reply, so nothing was injected.</p>;
  const p = pack.data;
  const jump = (item: ContextItem) => {
    if (item.nodeId) {
      pinInGraph([item.nodeId]);
      s().select(item.nodeId);
    } else if (item.entityId) s().openEntityPanel(item.entityId);
  };
  return (
    <div className="ins-pack" data-testid="inspector-pack">
      <header>
        <h3>Why this answer</h3>
        <p className="muted small">
          “{p.prompt}” · intent <strong>{p.intent}</strong> · {p.complexity} · {p.tokensUsed} of {p.tokenBudget} tokens · {p.nodeIds.length} memories
        </p>
        <button className="button" disabled={p.nodeIds.length === 0} onClick={() => s().seedGraph({ seed: { kind: 'nodes', ids: p.nodeIds.slice(0, 500) }, filter: { includeInvalid: true } })} data-testid="pack-graph">
          Show these memories in the graph
        </button>{' '}
        <PackReplayView key={messageId} messageId={messageId} />
      </header>
      {p.sections.every((sec) => sec.items.length === 0) && <p>Nothing in memory looked relevant, so nothing was added.</p>}
      {p.sections
        .filter((sec) => sec.items.length > 0)
        .map((sec) => (
          <section key={sec.name} className="ins-section">
            <h4>
              {sec.title} <span className="muted small">· {sec.tokens} of {sec.budget} tokens</span>
            </h4>
            <table className="ins-table ins-pack-table">
              <thead>
                <tr>
                  <th>Memory</th>
                  <th className="num">Score</th>
                  <th>Found by</th>
                </tr>
              </thead>
              <tbody>
                {sec.items.map((item, i) => (
                  <tr key={`${item.nodeId ?? item.entityId ?? ''}-${i}`} onClick={() => jump(item)} data-testid="pack-item" className="clickable">
                    <td>
                      {item.heading && <span className="muted">{item.heading} · </span>}
                      {item.text.replace(/^\s*[-*]\s+/, '')}
                    </td>
                    <td className="num">{item.score.toFixed(3)}</td>
                    <td className="small">{item.strategies.length > 0 ? item.strategies.map((st) => `${st.strategy} #${st.rank}`).join(', ') : item.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
    </div>
  );
}
