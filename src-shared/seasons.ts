/**
 * Seasons as chats name them, which chrono does not read: "last summer", "this winter", "summer 2024", "the summer of
 * 2019", "summer '19", "the winter before last". Northern seasons, by the month they start (spring March, summer June,
 * autumn September, winter December). The write path dates facts by them; the read path reads them in questions and
 * in after/before filters.
 */

export interface SeasonMention {
  /** As written ("the summer before last"). */
  text: string;
  index: number;
  /** Midnight UTC of the season's first day. */
  time: number;
  /** Midnight UTC of the day after its last day (three months on). */
  end: number;
  /** Said relative to today ("last summer"), not by its year. */
  relative: boolean;
}

const SEASONS = 'spring|summer|autumn|fall|winter';
const SEASON_MONTH: Readonly<Record<string, number>> = { spring: 2, summer: 5, autumn: 8, fall: 8, winter: 11 };
/** "last summer", "this winter", "past spring". */
const RELATIVE = new RegExp(String.raw`\b(last|this|past)\s+(${SEASONS})\b`, 'gi');
/** "summer 2024", "the summer of 2019", "summer '19", "the winter before last". */
const SAID = new RegExp(String.raw`\b(${SEASONS})(?:\s+(?:of\s+)?((?:19|20)\d\d)|\s*['’]\s?(\d\d))(?!\d)|\b(?:the\s+)?(${SEASONS})\s+before\s+last\b`, 'gi');

/** "last summer" said in November 2026 → 1 June 2026; said in July 2026 → 1 June 2025 (that one is not over); "this" is this year's. */
function seasonStart(which: string, month: number, reference: number): number {
  let year = new Date(reference).getUTCFullYear();
  if (which.toLowerCase() !== 'this' && Date.UTC(year, month + 3, 1) > reference) year--;
  return Date.UTC(year, month, 1);
}

/** The seasons `text` names, in the order written, resolved against `reference` (epoch ms). */
export function seasonMentions(text: string, reference: number): SeasonMention[] {
  const out: SeasonMention[] = [];
  const mention = (m: RegExpMatchArray, month: number, year: number, relative: boolean): void => {
    const index = m.index ?? 0;
    if (out.some((o) => o.index <= index && index < o.index + o.text.length)) return;
    out.push({ text: m[0], index, time: Date.UTC(year, month, 1), end: Date.UTC(year, month + 3, 1), relative });
  };
  for (const m of text.matchAll(SAID)) {
    const month = SEASON_MONTH[(m[1] ?? m[4] ?? '').toLowerCase()];
    if (month === undefined) continue;
    if (m[4] !== undefined) {
      // The one before the last one over.
      mention(m, month, new Date(seasonStart('last', month, reference)).getUTCFullYear() - 1, true);
      continue;
    }
    // ("summer '19": this century's, or the last one's when that is ahead.)
    const short = m[3] === undefined ? null : Number(m[3]);
    const year = short === null ? Number(m[2]) : 2000 + short > new Date(reference).getUTCFullYear() ? 1900 + short : 2000 + short;
    mention(m, month, year, false);
  }
  for (const m of text.matchAll(RELATIVE)) {
    const month = SEASON_MONTH[(m[2] ?? '').toLowerCase()];
    if (month !== undefined) mention(m, month, new Date(seasonStart(m[1] ?? '', month, reference)).getUTCFullYear(), true);
  }
  return out.sort((a, b) => a.index - b.index);
}
