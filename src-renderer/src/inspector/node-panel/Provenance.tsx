/** "Where it came from": the episodes a fact was derived from, quoted, each one click from its conversation. */
import type { MemoryNode } from '../../../../src-shared/memory-types';
import { saidLabel } from '../../../../src-shared/speakers';
import { useInspector } from '../store';
import { formatDateTime } from '../time';
import { OpenConversation } from './OpenConversation';

export function Provenance({ episodes, deletedChatIds }: { episodes: MemoryNode[]; deletedChatIds: string[] }) {
  const select = useInspector((s) => s.select);
  return (
    <section className="ins-section" data-testid="provenance">
      <h4>Where it came from</h4>
      {episodes.map((ep) => (
        <blockquote key={ep.id} className="ins-quote">
          <button className="link-button ins-quote-text" onClick={() => select(ep.id)} title="Select this episode">
            “{ep.content.length > 280 ? `${ep.content.slice(0, 279)}…` : ep.content}”
          </button>
          <div className="muted small">
            {saidLabel(ep)} · {formatDateTime(ep.eventTime)} <OpenConversation sessionId={ep.sessionId} deleted={deletedChatIds} />
          </div>
        </blockquote>
      ))}
    </section>
  );
}
