/**
 * "Replay on today's memory": the pack this reply's prompt would get now, against the one it was given —
 * memories added, dropped, changed by a correction, re-ranked. The stored pack itself is never rewritten.
 */
import { useMutation } from '@tanstack/react-query';
import type { ReplayItem } from '../../../src-shared/replay-types';
import { call, errorMessage } from '../api/client';

const text = (item: ReplayItem) => item.text.replace(/^\s*[-*]\s+/, '');

function List({ title, items, testId }: { title: string; items: { key: string; body: string }[]; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div data-testid={testId}>
      <h5>
        {title} <span className="muted small">· {items.length}</span>
      </h5>
      <ul>
        {items.map((i) => (
          <li key={i.key}>{i.body}</li>
        ))}
      </ul>
    </div>
  );
}

export function PackReplayView({ messageId }: { messageId: string }) {
  const replay = useMutation({ mutationFn: () => call('chat.replayPack', { messageId }), meta: { inlineError: true } });
  const r = replay.data;
  const nothing = r && r.added.length + r.dropped.length + r.changed.length + r.reranked.length === 0;
  return (
    <>
      <button className="button" onClick={() => replay.mutate()} disabled={replay.isPending} data-testid="pack-replay">
        {replay.isPending ? 'Replaying…' : 'Replay on today’s memory'}
      </button>
      {replay.isError && <div className="error-box">{errorMessage(replay.error)}</div>}
      {r && (
        <div className="ins-replay" data-testid="pack-replay-diff" aria-live="polite">
          {nothing && <p className="muted small">Today’s memory gives this prompt the same {r.unchanged} memories, in the same order.</p>}
          <List title="Changed since (corrected)" testId="replay-changed" items={r.changed.map((c) => ({ key: `${c.before.rank}`, body: `${text(c.before)} → ${text(c.after)}` }))} />
          <List title="Added" testId="replay-added" items={r.added.map((a) => ({ key: `${a.rank}`, body: text(a) }))} />
          <List title="Dropped" testId="replay-dropped" items={r.dropped.map((d) => ({ key: `${d.rank}`, body: text(d) }))} />
          <List title="Re-ranked" testId="replay-reranked" items={r.reranked.map((x) => ({ key: `${x.rankBefore}`, body: `${text(x.item)} (#${x.rankBefore} → #${x.rankAfter})` }))} />
        </div>
      )}
    </>
  );
}
