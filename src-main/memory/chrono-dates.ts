/**
 * chrono-node's reading of the times in a text, the one both paths use (the write path dating facts, the read
 * path reading a question's window): slash dates the person's way round (date-order.ts), and "may" as a month
 * where chrono reads nothing.
 */
import * as chrono from 'chrono-node';
import { slashDateOrder } from '../../src-shared/date-order';

/**
 * "may" where it can only be the month: after "last", "this", "next", "since", "early", "till"… ("moved last may",
 * "vegan since may"). chrono reads the bare word only after "in" or "of", the modal verb being so common; not
 * "this may be", "since may i ask", "by may's mum".
 */
const MAY_AS_MONTH =
  /\b(?:last|this|next|since|early|mid|late|by|till|til|until|before|after|from|through|around)[\s-]+(may)\b(?![-'’]|\s+(?:i|we|you|he|she|they|it|be|have|not|well|also|as|need|want|get|go|come|take|do|make|say|see|know|try|or|n[o']t)\b)/gi;

/** The times chrono reads in `text`, said at `ref`. */
export function datesIn(text: string, ref: Date, options: chrono.ParsingOption): chrono.ParsedResult[] {
  const parser = slashDateOrder() === 'day-first' ? chrono.en.GB : chrono.casual;
  const results = parser.parse(text, ref, options);
  const unread = [...text.matchAll(MAY_AS_MONTH)]
    .map((m) => (m.index ?? 0) + m[0].length - 3)
    .filter((at) => !results.some((r) => r.index <= at && at < r.index + r.text.length));
  if (unread.length === 0) return results;
  // chrono reads "may," (a month the clause ends on): read the text again with a comma after each such "may",
  // and put the results back where they were written.
  let patched = text;
  for (const at of [...unread].reverse()) patched = `${patched.slice(0, at + 3)},${patched.slice(at + 3)}`;
  const commas = unread.map((at, k) => at + 3 + k);
  const original = (index: number): number => index - commas.filter((c) => c < index).length;
  return parser.parse(patched, ref, options).map((r) => {
    const from = original(r.index);
    const to = original(r.index + r.text.length);
    // (A copy with chrono's own prototype: its `date()` and `tags()` stay.)
    const placed: chrono.ParsedResult = Object.assign(Object.create(Object.getPrototypeOf(r) as object) as chrono.ParsedResult, r, { index: from, text: text.slice(from, to) });
    return placed;
  });
}
