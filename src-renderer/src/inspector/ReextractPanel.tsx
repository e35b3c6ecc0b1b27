/**
 * Re-extract a conversation's memory session: the write path reads its messages again (the configured model,
 * else offline) and this shows the difference before anything changes — facts it would add, change, drop, keep
 * without this conversation's support. Apply writes exactly that preview in one step; its toast's Undo (`z`)
 * reverts the whole re-extract.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReextractItem } from '../../../src-shared/reextract-types';
import { call, errorMessage } from '../api/client';
import { useInspector } from './store';

function Part({ title, lines, testId }: { title: string; lines: { key: string; text: string; id?: string }[]; testId: string }) {
  if (lines.length === 0) return null;
  return (
    <div className="ins-retract-part" data-testid={testId}>
      <h5>
        {title} <span className="muted small">· {lines.length}</span>
      </h5>
      <ul>
        {lines.slice(0, 50).map((line) => (
          <li key={line.key}>
            {line.id ? (
              <button className="link-button" onClick={() => useInspector.getState().select(line.id as string)}>
                {line.text}
              </button>
            ) : (
              line.text
            )}
          </li>
        ))}
        {lines.length > 50 && <li className="muted small">… and {lines.length - 50} more</li>}
      </ul>
    </div>
  );
}

const itemLines = (items: ReextractItem[]) => items.map((f) => ({ key: f.id, id: f.id, text: f.content }));

export function ReextractPanel({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  // One reading per opening: a refetch would run the model again and show a different preview.
  const preview = useQuery({
    queryKey: ['memory', 'reextract-preview', sessionId],
    queryFn: () => call('memory.reextractPreview', { sessionId, offline: false }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (preview.isError) return <div className="error-box" data-testid="reextract-error">{errorMessage(preview.error)}</div>;
  if (!preview.data) return <p className="muted small">Reading the conversation again…</p>;
  const p = preview.data;
  const apply = async () => {
    const s = useInspector.getState();
    try {
      const done = await call('memory.reextractApply', { previewId: p.previewId });
      s.pushToast({
        message: `Re-extracted: ${done.added} added, ${done.changed} changed, ${done.dropped} dropped${done.proposed > 0 ? `, ${done.proposed} waiting for review` : ''}`,
        undo: () => call('memory.undoRetract', { retractionId: done.retractionId }),
      });
      onDone();
    } catch (err) {
      s.pushToast({ message: `Re-extract failed: ${errorMessage(err)}`, error: true });
    }
  };
  const reader = p.mode === 'llm' ? `the memory agent (${p.model ?? ''})` : 'the offline reader';
  return (
    <div className="ins-retract" data-testid="reextract-preview">
      <p className="muted small">
        Read {p.episodes} message{p.episodes === 1 ? '' : 's'} again with {reader}; {p.unchanged.length} fact{p.unchanged.length === 1 ? '' : 's'} unchanged.
        {p.review ? ' New and changed facts will wait for your review.' : ''}
      </p>
      {p.empty ? (
        <p className="muted small">The new reading finds what memory already holds: nothing to apply.</p>
      ) : (
        <>
          <Part title="Would add" lines={p.added.map((a, i) => ({ key: `a${i}`, text: a.note ? `${a.content} (${a.note})` : a.content }))} testId="reextract-added" />
          <Part title="Would change" lines={p.changed.map((c) => ({ key: c.old.id, id: c.old.id, text: `${c.old.content} → ${c.content}` }))} testId="reextract-changed" />
          <Part title="Would drop: only this conversation supports them" lines={itemLines(p.dropped)} testId="reextract-dropped" />
          <Part title="Kept, without this conversation's support" lines={itemLines(p.losingSupport)} testId="reextract-losing" />
          <Part title="Current again: the versions dropped facts had replaced" lines={itemLines(p.currentAgain)} testId="reextract-current-again" />
        </>
      )}
      <div className="ins-actions">
        <button className="button" disabled={p.empty} onClick={() => void apply()} data-testid="reextract-apply">
          Apply
        </button>
        <button className="button button-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}
