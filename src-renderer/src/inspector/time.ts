/** Date formatting and time scales shared by the panel and the timeline. */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const YEAR = 365.25 * DAY;

export function formatDate(t: number): string {
  return new Date(t).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
export function formatDateTime(t: number): string {
  return new Date(t).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Tick step and label format for a visible span, from hours to years. */
export function tickStep(spanMs: number, widthPx: number): { step: number; label: (t: number) => string } {
  const target = spanMs / Math.max(1, widthPx / 110);
  const steps: [number, (t: number) => string][] = [
    [HOUR, (t) => new Date(t).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })],
    [3 * HOUR, (t) => new Date(t).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit' })],
    [6 * HOUR, (t) => new Date(t).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit' })],
    [DAY, (t) => new Date(t).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })],
    [7 * DAY, (t) => new Date(t).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })],
    [30 * DAY, (t) => new Date(t).toLocaleDateString(undefined, { month: 'short', year: 'numeric' })],
    [91 * DAY, (t) => new Date(t).toLocaleDateString(undefined, { month: 'short', year: 'numeric' })],
    [YEAR, (t) => String(new Date(t).getFullYear())],
    [5 * YEAR, (t) => String(new Date(t).getFullYear())],
  ];
  for (const [step, label] of steps) if (step >= target) return { step, label };
  return { step: 10 * YEAR, label: (t) => String(new Date(t).getFullYear()) };
}

/** Tick instants for a step, on calendar boundaries (midnight, first of the month, 1 January) in local time. */
export function ticks(start: number, end: number, step: number): number[] {
  const out: number[] = [];
  if (step < DAY) {
    for (let t = Math.ceil(start / step) * step; t <= end && out.length < 500; t += step) out.push(t);
    return out;
  }
  const d = new Date(start);
  d.setHours(0, 0, 0, 0);
  if (step >= 28 * DAY) d.setDate(1);
  if (step >= YEAR) d.setMonth(0);
  const months = step >= 5 * YEAR ? 60 : step >= YEAR ? 12 : step >= 91 * DAY ? 3 : step >= 28 * DAY ? 1 : 0;
  const days = months === 0 ? Math.round(step / DAY) : 0;
  while (d.getTime() <= end && out.length < 500) {
    if (d.getTime() >= start) out.push(d.getTime());
    if (months > 0) d.setMonth(d.getMonth() + months);
    else d.setDate(d.getDate() + days);
  }
  return out;
}
