/**
 * Review: facts from sources set to "ask me first" wait here before they are remembered. Each shows its
 * evidence quoted, what it would replace and where it came from; Approve, Edit and approve, Decline (kept,
 * restorable), in bulk by session or source. Keyboard-first: ↑/↓ move, a approve, e edit, d decline, r restore.
 */
import { useEffect, useRef, useState } from 'react';
import type { Proposal, ProposalState } from '../../../src-shared/review-types';
import { REVIEW_SOURCE_LABELS } from '../../../src-shared/review-types';
import { errorMessage } from '../api/client';
import { typing } from '../keyboard';
import { useProposals, useReviewActions } from './review-api';
import { useInspector } from './store';
import { formatDateTime } from './time';

export function ReviewView() {
  const [state, setState] = useState<ProposalState>('pending');
  const list = useProposals(state);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const first = list.data?.pages[0];
  const [selected, setSelected] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const act = useReviewActions();
  const listRef = useRef<HTMLUListElement>(null);
  const current = items[Math.min(selected, items.length - 1)];
  const busy = act.approve.isPending || act.editApprove.isPending || act.decline.isPending || act.restore.isPending || act.bulk.isPending;
  const failure = [act.approve, act.editApprove, act.decline, act.restore, act.bulk].find((m) => m.isError)?.error;
  const toast = useInspector((s) => s.pushToast);

  // The selection stays in range as decided proposals leave the list.
  useEffect(() => {
    if (selected > 0 && selected >= items.length) setSelected(Math.max(0, items.length - 1));
  }, [items.length, selected]);
  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const decide = (p: Proposal | undefined, what: 'approve' | 'decline' | 'restore' | 'edit') => {
    if (!p || busy) return;
    if (what === 'edit') return p.state === 'pending' && setEditing(p.id);
    if (what === 'restore') return p.state === 'declined' && act.restore.mutate({ id: p.id });
    if (p.state !== 'pending') return;
    if (what === 'approve') act.approve.mutate({ id: p.id }, { onSuccess: (d) => sameClaimNotice(d.sameClaim.length) });
    else
      act.decline.mutate(
        { id: p.id },
        { onSuccess: (d) => toast({ message: `Declined${alsoFromOtherChats(d.sameClaim.length)}: kept in Declined, it will not be proposed again`, brief: true }) },
      );
  };
  // The same claim pending from other chats was decided with it (one fact, every chat's messages its sources).
  const sameClaimNotice = (others: number) => {
    if (others > 0) toast({ message: `Approved${alsoFromOtherChats(others)}: one fact, citing every chat that said it`, brief: true });
  };

  // Keys: the inspector's own shortcuts stand aside on this tab (InspectorView).
  const keys = useRef({ decide, current, count: items.length });
  keys.current = { decide, current, count: items.length };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('dialog[open]')) return;
      const k = keys.current;
      switch (e.key) {
        case 'ArrowDown':
        case 'ArrowUp':
          e.preventDefault();
          setSelected((i) => Math.max(0, Math.min(k.count - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
          break;
        case 'a':
          k.decide(k.current, 'approve');
          break;
        case 'd':
          k.decide(k.current, 'decline');
          break;
        case 'e':
          e.preventDefault();
          k.decide(k.current, 'edit');
          break;
        case 'r':
          k.decide(k.current, 'restore');
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const counts = first?.counts;
  return (
    <div className="rv-root" data-testid="review-view">
      <div className="rv-bar">
        <div className="ins-seg" role="tablist" aria-label="Which proposals">
          {(['pending', 'declined'] as const).map((s) => (
            <button key={s} role="tab" aria-selected={state === s} className={state === s ? 'on' : ''} onClick={() => (setState(s), setSelected(0), setEditing(null))} data-testid={`review-${s}`}>
              {s === 'pending' ? 'Waiting' : 'Declined'}
              {counts ? ` (${counts[s].toLocaleString()})` : ''}
            </button>
          ))}
        </div>
        <span className="muted small">↑↓ move · a approve · e edit and approve · d decline{state === 'declined' ? ' · r restore' : ''}</span>
        {current && state === 'pending' && <BulkActions p={current} busy={busy} run={(input) => act.bulk.mutate(input)} />}
      </div>
      {failure !== undefined && (
        <div className="error-box" role="alert" data-testid="review-error">
          {errorMessage(failure)}
        </div>
      )}
      {list.isError ? (
        <div className="error-box">{errorMessage(list.error)}</div>
      ) : !list.data ? (
        <p className="muted ins-pad">Loading…</p>
      ) : items.length === 0 ? (
        <p className="muted ins-pad" data-testid="review-empty">
          {state === 'pending'
            ? 'Nothing waits for review. Facts from sources set to "Ask me first" (Settings → New memories) appear here before they are remembered.'
            : 'Nothing declined.'}
        </p>
      ) : (
        <ul className="rv-list" role="listbox" aria-label={state === 'pending' ? 'Facts waiting for review' : 'Declined facts'} ref={listRef} tabIndex={0}>
          {items.map((p, i) => (
            <ProposalItem
              key={p.id}
              p={p}
              selected={i === selected}
              editing={editing === p.id}
              busy={busy}
              onSelect={() => setSelected(i)}
              onDecide={(what) => (setSelected(i), decide(p, what))}
              onEdit={(content) => act.editApprove.mutate({ id: p.id, content }, { onSuccess: (d) => (setEditing(null), sameClaimNotice(d.sameClaim.length)) })}
              onCancelEdit={() => setEditing(null)}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button className="button button-ghost" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} data-testid="review-more">
          Show more ({((first?.total ?? 0) - items.length).toLocaleString()} more)
        </button>
      )}
    </div>
  );
}

function BulkActions({ p, busy, run }: { p: Proposal; busy: boolean; run: (input: { action: 'approve' | 'decline'; sessionId?: string; origin?: Proposal['origin'] }) => void }) {
  const source = REVIEW_SOURCE_LABELS[p.origin];
  return (
    <span className="rv-bulk" data-testid="review-bulk">
      {p.sessionId && (
        <>
          <span className="muted small">This conversation:</span>
          <button className="text-button" disabled={busy} onClick={() => run({ action: 'approve', sessionId: p.sessionId ?? '' })} data-testid="bulk-approve-session">
            approve all
          </button>
          <button className="text-button" disabled={busy} onClick={() => run({ action: 'decline', sessionId: p.sessionId ?? '' })} data-testid="bulk-decline-session">
            decline all
          </button>
        </>
      )}
      <span className="muted small">{source}:</span>
      <button className="text-button" disabled={busy} onClick={() => run({ action: 'approve', origin: p.origin })} data-testid="bulk-approve-origin">
        approve all
      </button>
      <button className="text-button" disabled={busy} onClick={() => run({ action: 'decline', origin: p.origin })} data-testid="bulk-decline-origin">
        decline all
      </button>
    </span>
  );
}

interface ItemProps {
  p: Proposal;
  selected: boolean;
  editing: boolean;
  busy: boolean;
  onSelect(): void;
  onDecide(what: 'approve' | 'decline' | 'restore' | 'edit'): void;
  onEdit(content: string): void;
  onCancelEdit(): void;
}

function ProposalItem({ p, selected, editing, busy, onSelect, onDecide, onEdit, onCancelEdit }: ItemProps) {
  const [text, setText] = useState(p.content);
  useEffect(() => setText(p.content), [p.content, editing]);
  const from = [REVIEW_SOURCE_LABELS[p.origin], p.sourceLabel].filter(Boolean).join(' · ');
  return (
    <li role="option" aria-selected={selected} className={`rv-item${selected ? ' on' : ''}`} onClick={onSelect} data-testid="proposal">
      <div className="rv-head small">
        <span className={`rv-kind rv-kind-${p.kind}`}>{p.kind === 'correction' ? 'Correction' : 'New fact'}</span>
        <span className="muted">
          from {from} · {formatDateTime(p.createdAt)}
          {p.state === 'declined' && p.decidedAt !== null ? ` · declined ${formatDateTime(p.decidedAt)}` : ''}
        </span>
      </div>
      {editing ? (
        <form
          className="rv-edit"
          onSubmit={(e) => {
            e.preventDefault();
            onEdit(text);
          }}
        >
          <textarea
            autoFocus
            aria-label="Text to remember"
            value={text}
            rows={2}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                onEdit(text);
              }
              if (e.key === 'Escape') {
                e.stopPropagation();
                onCancelEdit();
              }
            }}
            data-testid="proposal-edit"
          />
          <button type="submit" className="button button-primary" disabled={busy || text.trim() === ''}>
            Approve edited
          </button>
          <button type="button" className="button button-ghost" onClick={onCancelEdit}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="rv-content" data-testid="proposal-content">
          {p.content}
        </div>
      )}
      {p.supersedes && (
        <div className="rv-replaces small" data-testid="proposal-supersedes">
          Would replace: “{p.supersedes.content}”{p.supersedes.current ? '' : ' (changed since: approving remembers it as a fact of its own)'}
          {p.reason ? ` — ${p.reason}` : ''}
        </div>
      )}
      {p.evidence.map((e) => (
        <blockquote key={e.id} className="ins-quote rv-quote">
          <span className="ins-quote-text">“{e.content}”</span>
          <span className="muted small">
            {' '}
            — {e.role ?? 'message'}, {formatDateTime(e.eventTime)}
          </span>
        </blockquote>
      ))}
      {p.evidence.length === 0 && <div className="muted small">No message quoted: the app wrote this directly.</div>}
      {!editing && (
        <div className="rv-actions">
          {p.state === 'pending' ? (
            <>
              <button className="button button-primary" disabled={busy} onClick={(e) => (e.stopPropagation(), onDecide('approve'))} data-testid="proposal-approve">
                Approve <kbd>a</kbd>
              </button>
              <button className="button" disabled={busy} onClick={(e) => (e.stopPropagation(), onDecide('edit'))} data-testid="proposal-edit-button">
                Edit and approve <kbd>e</kbd>
              </button>
              <button className="button button-ghost" disabled={busy} onClick={(e) => (e.stopPropagation(), onDecide('decline'))} data-testid="proposal-decline">
                Decline <kbd>d</kbd>
              </button>
            </>
          ) : p.state === 'declined' ? (
            <button className="button" disabled={busy} onClick={(e) => (e.stopPropagation(), onDecide('restore'))} data-testid="proposal-restore">
              Restore <kbd>r</kbd>
            </button>
          ) : null}
        </div>
      )}
    </li>
  );
}

/** ", with the same claim from 2 other chats" (nothing when there were none). */
function alsoFromOtherChats(others: number): string {
  return others === 0 ? '' : `, with the same claim from ${others} other chat${others === 1 ? '' : 's'}`;
}
