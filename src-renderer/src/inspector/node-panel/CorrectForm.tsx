/** Correct a fact: new text, and optionally when it happened and from when it holds. The old version stays in history. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MemoryNode } from '../../../../src-shared/memory-types';
import { actions } from '../actions';
import { useInspector } from '../store';

/** A date input's value (local calendar day) for an instant. */
function dayValue(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The instant on another calendar day at the same local time of day; null for an unusable value. */
function onDay(t: number, value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const d = new Date(t);
  d.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(d.getTime()) && d.getTime() >= 0 ? d.getTime() : null;
}

export function CorrectForm({ node }: { node: MemoryNode }) {
  const [text, setText] = useState(node.content);
  // The correction keeps when the fact happened and from when it holds unless the person changes them.
  const [happened, setHappened] = useState(dayValue(node.eventTime));
  const [trueFrom, setTrueFrom] = useState(dayValue(node.validFrom));
  const [dateError, setDateError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const setEditing = useInspector((s) => s.setEditing);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const submit = async () => {
    const next = text.trim();
    if (next === '' || next === node.content) return setEditing(false);
    const eventTime = happened === dayValue(node.eventTime) ? undefined : onDay(node.eventTime, happened);
    const validFrom = trueFrom === dayValue(node.validFrom) ? undefined : onDay(node.validFrom, trueFrom);
    if (eventTime === null || validFrom === null) return setDateError('Enter a valid date (or leave it as it was).');
    setDateError(null);
    if (await actions.correct(node.id, next, { ...(eventTime !== undefined ? { eventTime } : {}), ...(validFrom !== undefined ? { validFrom } : {}) })) setEditing(false);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
    if (e.key === 'Escape') setEditing(false);
  };
  return (
    <div className="ins-correct">
      <textarea
        ref={ref}
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        aria-label="Corrected text"
        data-testid="correct-input"
        onKeyDown={onKeyDown}
      />
      <div className="ins-correct-dates">
        <label className="small">
          Happened on{' '}
          <input type="date" value={happened} onChange={(e) => setHappened(e.target.value)} onKeyDown={onKeyDown} data-testid="correct-event-date" />
        </label>
        <label className="small">
          True from{' '}
          <input type="date" value={trueFrom} onChange={(e) => setTrueFrom(e.target.value)} onKeyDown={onKeyDown} data-testid="correct-valid-date" />
        </label>
      </div>
      {dateError && <p className="small error" role="alert">{dateError}</p>}
      <div className="ins-actions">
        <button className="button button-primary" onClick={() => void submit()} data-testid="correct-save">
          Save correction
        </button>
        <button className="button button-ghost" onClick={() => setEditing(false)}>
          Cancel
        </button>
        <span className="muted small">The old version stays in history; a fact you correct counts as confirmed.</span>
      </div>
    </div>
  );
}
