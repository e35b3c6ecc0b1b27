/**
 * "What did memory learn from this?" for the selected memory's sources: its message (an episode) or its chat's
 * memory session, the other app that wrote it, the consolidation run that created it. Opening one shows the
 * retract preview (RetractPanel) inline, with a confirm; "Re-extract" reads the conversation's messages again and
 * shows the difference first (ReextractPanel).
 */
import { useState } from 'react';
import type { MemoryNode } from '../../../../src-shared/memory-types';
import type { RetractSource } from '../../../../src-shared/retract-types';
import { RetractPanel } from '../RetractPanel';
import { ReextractPanel } from '../ReextractPanel';

function sourcesOf(node: MemoryNode): { label: string; source: RetractSource }[] {
  const out: { label: string; source: RetractSource }[] = [];
  if (node.type === 'episodic') out.push({ label: 'this message', source: { kind: 'message', ref: node.id } });
  if (node.sessionId) out.push({ label: 'this conversation', source: { kind: 'session', ref: node.sessionId } });
  const app = node.attributes.mcp_client;
  if (typeof app === 'string') out.push({ label: `the app “${app}”`, source: { kind: 'origin', ref: app } });
  const run = node.attributes.consolidation_run;
  if (typeof run === 'string') out.push({ label: 'the consolidation run that made it', source: { kind: 'run', ref: run } });
  return out;
}

export function LearnedFrom({ node }: { node: MemoryNode }) {
  const [open, setOpen] = useState<RetractSource | null>(null);
  const [reextract, setReextract] = useState(false);
  const sources = sourcesOf(node);
  if (sources.length === 0) return null;
  return (
    <section className="ins-section" data-testid="learned-from">
      <h4>What did memory learn from this?</h4>
      <div className="ins-chips">
        {sources.map(({ label, source }) => (
          <button
            key={`${source.kind}:${source.ref}`}
            className={`chip${open?.kind === source.kind && open.ref === source.ref ? ' on' : ''}`}
            aria-expanded={open?.kind === source.kind && open.ref === source.ref}
            onClick={() => {
              setReextract(false);
              setOpen(open?.kind === source.kind && open.ref === source.ref ? null : source);
            }}
            data-testid={`learned-from-${source.kind}`}
          >
            From {label}
          </button>
        ))}
        {node.sessionId && (
          <button
            className={`chip${reextract ? ' on' : ''}`}
            aria-expanded={reextract}
            onClick={() => {
              setOpen(null);
              setReextract(!reextract);
            }}
            data-testid="learned-from-reextract"
          >
            Re-extract this conversation
          </button>
        )}
      </div>
      {open && <RetractPanel key={`${open.kind}:${open.ref}`} source={open} onDone={() => setOpen(null)} />}
      {reextract && node.sessionId && <ReextractPanel key={node.sessionId} sessionId={node.sessionId} onDone={() => setReextract(false)} />}
    </section>
  );
}
