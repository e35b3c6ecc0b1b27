/**
 * Which way round a date written with slashes is: "03/02/2025" is 3 February in Britain and most of the world,
 * and March 2 in the United States. Nothing in "03/02" says which, so it follows the person's own convention:
 * `ENGRAM_DATE_ORDER` (`day-first` or `month-first`) when set, else the order of their system locale's short
 * date (en-GB day first, en-US month first). A date no month can begin ("29/12") reads day first either way, and
 * dotted dates ("29.12.2023") are always day first (dotted-dates.ts).
 */
export type DateOrder = 'day-first' | 'month-first';

const remembered = new Map<string, DateOrder>();
let warnedAbout: string | null = null;

/** The order of the locale's short date (`undefined`: the system's). */
export function localeDateOrder(locale?: string): DateOrder {
  const key = locale ?? '';
  const known = remembered.get(key);
  if (known) return known;
  let order: DateOrder = 'month-first';
  try {
    const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date(2000, 11, 31));
    const day = parts.findIndex((p) => p.type === 'day');
    const month = parts.findIndex((p) => p.type === 'month');
    order = day >= 0 && month >= 0 && day < month ? 'day-first' : 'month-first';
  } catch {
    // An unknown locale tag: chrono's own reading, month first.
  }
  remembered.set(key, order);
  return order;
}

/** How slash dates are read here: the `ENGRAM_DATE_ORDER` setting, else the system locale's order. */
export function slashDateOrder(): DateOrder {
  const set = typeof process === 'undefined' ? undefined : process.env.ENGRAM_DATE_ORDER?.trim().toLowerCase();
  if (set === 'day-first' || set === 'month-first') return set;
  if (set && warnedAbout !== set) {
    warnedAbout = set;
    console.warn(`ENGRAM_DATE_ORDER="${set}" is neither day-first nor month-first: slash dates follow the system locale`);
  }
  return localeDateOrder();
}
