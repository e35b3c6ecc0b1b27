/** A memory's versions, oldest first, each with what changed from the one before and why. */
import type { NodeDetail } from '../../../../src-main/memory';
import { wordDiff } from '../diff';
import { useInspector } from '../store';
import { formatDateTime } from '../time';
import { heldUntil } from '../../../../src-shared/versions';

export function Versions({ detail }: { detail: NodeDetail }) {
  const select = useInspector((s) => s.select);
  return (
    <section className="ins-section" data-testid="versions">
      <h4>Version history ({detail.versions.length})</h4>
      <ol className="ins-versions">
        {detail.versions.map((v, i) => {
          const prev = i > 0 ? detail.versions[i - 1] : undefined;
          return (
            <li key={v.id} className={v.id === detail.node.id ? 'this' : ''} data-testid="version">
              <button className="link-button small" onClick={() => select(v.id)}>
                v{i + 1} · {formatDateTime(v.validFrom)}
                {v.validUntil ? ` → ${formatDateTime(heldUntil(v, detail.versions) ?? v.validUntil)}` : ' → now'} · {v.invalidatedReason ?? 'current'}
                {v.validUntil && heldUntil(v, detail.versions) !== v.validUntil ? ` (memory learned of it ${formatDateTime(v.validUntil)})` : ''}
              </button>
              <div className="ins-diff">
                {prev
                  ? wordDiff(prev.content, v.content).map((p, k) => (
                      <span key={k} className={`diff-${p.op}`}>
                        {p.text}
                      </span>
                    ))
                  : v.content}
              </div>
              {typeof v.attributes.correction_reason === 'string' && <div className="muted small">why: {v.attributes.correction_reason}</div>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
