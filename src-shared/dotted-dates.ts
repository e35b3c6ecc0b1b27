/**
 * Dates written with dots, day first, as most of the world writes them: "29.12.2023", "03.04.2024", "3.4.24".
 * chrono reads "03.04.2024" month first (4 March); these are read here for both the write path's dates and the
 * read path's time windows.
 */
export interface DottedDate {
  /** As written. */
  text: string;
  index: number;
  /** Midnight UTC of the day. */
  time: number;
  /** Written with a two-digit year ("3.4.24"): as often a version or a score as a date. */
  shortYear: boolean;
}

const DOTTED_DATE = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.((?:19|20)\d{2}|\d{2})(?![\d.]*\d)/g;

/** Every valid dotted date in `text` (not "31.02.2024", not "1.2.3.4"). */
export function dottedDates(text: string): DottedDate[] {
  const out: DottedDate[] = [];
  for (const m of text.matchAll(DOTTED_DATE)) {
    const yearText = m[3] ?? '';
    const day = Number(m[1]);
    const month = Number(m[2]);
    const year = Number(yearText.length === 2 ? `20${yearText}` : yearText);
    const time = Date.UTC(year, month - 1, day);
    if (month < 1 || month > 12 || new Date(time).getUTCDate() !== day) continue;
    out.push({ text: m[0], index: m.index ?? 0, time, shortYear: yearText.length === 2 });
  }
  return out;
}
