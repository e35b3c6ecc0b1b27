/**
 * Memory as of a date: one control in the header sets the instant (the end of a local day) that the graph,
 * timeline, entity pages, node lists and search read at; "Today" resets it. While a date is set, a line above
 * the view says so, so a past memory is never mistaken for today's.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client';
import { learnedLaterNotice } from '../../../src-shared/as-of-notice';
import { customRange, dayInputValue } from './date-range';
import { useInspector } from './store';
import { formatDate } from './time';

/** The end of a `YYYY-MM-DD` local day (exclusive), or null when the input is empty or not a real day. */
export function endOfDay(value: string): number | null {
  if (value === '') return null;
  const r = customRange('', value);
  return r.ok ? r.before : null;
}

/** The day input value of an as-of instant (the end of that day, so the day before the bound). */
export const asOfInputValue = (asOf: number): string => dayInputValue(asOf - 1);

export function AsOfControl() {
  const asOf = useInspector((s) => s.filter.asOf);
  const setFilter = useInspector((s) => s.setFilter);
  const id = useId();
  return (
    <div className={`ins-asof${asOf !== null ? ' on' : ''}`} role="group" aria-label="Memory as of a date" data-testid="as-of">
      <label htmlFor={id}>As of</label>
      <input
        id={id}
        type="date"
        value={asOf === null ? '' : asOfInputValue(asOf)}
        max={dayInputValue(Date.now())}
        title="Show what memory believed at the end of this day (learned by then, still held then)"
        data-testid="as-of-date"
        onChange={(e) => {
          // A half-typed or cleared day leaves today's memory on: nothing is read at a date not chosen.
          const t = endOfDay(e.target.value);
          if (t !== null || e.target.value === '') setFilter({ asOf: t });
        }}
      />
      {/* Only while a date is set: the header has no room to spare on a laptop. */}
      {asOf !== null && (
        <button className="button button-ghost small" onClick={() => setFilter({ asOf: null })} data-testid="as-of-today" title="Back to today's memory">
          Today
        </button>
      )}
    </div>
  );
}

/** The line above the view while a date is set; it says when history imported later is left out. */
export function AsOfNotice() {
  const asOf = useInspector((s) => s.filter.asOf);
  const setFilter = useInspector((s) => s.setFilter);
  const later = useQuery({ queryKey: ['learnedLater', asOf], queryFn: () => call('memory.learnedLater', { asOf: asOf ?? 0 }), enabled: asOf !== null });
  if (asOf === null) return null;
  return (
    <div className="ins-asof-notice" role="status" data-testid="as-of-notice">
      <span>
        Memory as of <strong>{formatDate(asOf - 1)}</strong>: what it had learned by the end of that day and still held then. Edits
        change today&apos;s memory.
        {later.data && later.data.count > 0 && <span data-testid="as-of-learned-later"> {learnedLaterNotice(later.data.count, later.data.firstLearnedAt, formatDate)}</span>}
      </span>
      <button className="button button-ghost small" onClick={() => setFilter({ asOf: null })}>
        Back to today
      </button>
    </div>
  );
}
