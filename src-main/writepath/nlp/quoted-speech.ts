/** What a message quotes of others, taken out before it is read: only the speaker's own words give facts. */

/** "update:", "news:", "me:": a heading of the speaker's own, not someone else's line. */
const OWN_HEADINGS = new Set(['update', 'updates', 'news', 'psa', 'ok', 'okay', 'so', 'also', 'btw', 'fyi', 'edit', 'note', 'ps', 'reminder', 'me', 'i', 'tldr', 'summary', 'status', 'lol', 'omg', 'anyway', 'anyways', 'honestly', 'wait', 'guys', 'basically', 'confession', 'spoiler', 'context', 'background', 'anyhow', 'yes', 'yeah', 'no', 'nope', 'well', 'correction', 'actually', 'sorry', 'typo']);

/** A speech verb just before a quote gives it to someone: "my dad said \"…\"", "she goes: \"…\"", "my friend texted me \"…\"". */
const REPORTED_BEFORE = /\b(?:said|says|asked|asks|goes|went|told me|(?:texted|messaged|wrote|sent|replied)(?: (?:me|us|this|back))?|writes|quote|quoting)\s*:?\s*$/i;
/** After it, on the same line: a speech verb ("says jo", "(said my mum)", "they said"), or "according to". */
const REPORTED_AFTER = /^[ \t]*\(?[ \t]*(?:(?:they|he|she|people|everyone|every1|some1|someone)[ \t]+)?(?:says?|said|asks?|asked|goes|according to)\b/i;
/**
 * A quote that opens its line and a dash then someone: "\"no longer an arsenal fan\" - my dad every week", "\"…\" —
 * jake". Not an emphasis quote inside a sentence ("my favourite show is \"severance\" - obsessed").
 */
const SIGNED_AFTER = /^[ \t]*[-–—][ \t]*(?:(?:my|our|his|her|their)\s+\p{L}+|me|he|she|they|him|them|mum|mom|dad|\p{L}+[ \t]*$)/iu;

/**
 * A message without what it quotes of others: a quoted span in the first person ("\"i live in leeds\" lol ok
 * jake"), a span a speech verb gives to someone ("my dad said \"no longer a fan\"", "\"…\" says jo"), a quote that
 * opens its line signed after a dash ("\"no longer an arsenal fan\" - my dad every week"), and a line that gives
 * someone's words after their name ("jake: i quit my job"). The speaker's own words stay, scare quotes too ("the
 * \"big\" move"). A quote given to someone ends a clause where it stood, so what follows is not read into it.
 */
export function withoutQuotedSpeech(text: string): string {
  return text
    .replace(/["“”]([^"“”\n]{1,400})["“”]/g, (quote, inner: string, at: number, whole: string) => {
      if (/\b(?:i|im|i'm|ive|i've|my|me|we|our)\b/i.test(inner)) return ' ';
      const before = whole.slice(Math.max(0, at - 30), at);
      const after = whole.slice(at + quote.length).split('\n')[0] ?? '';
      const opensLine = /(?:^|\n)[ \t]*$/.test(whole.slice(0, at));
      return REPORTED_BEFORE.test(before) || REPORTED_AFTER.test(after) || (opensLine && SIGNED_AFTER.test(after)) ? ' . ' : quote;
    })
    .split('\n')
    .map((line) => {
      // A name: one word, or a first and last name in capitals ("jake:", "Jake Miller:"; not "ok so basically:").
      const m = /^\s*(\p{L}+(?: \p{Lu}\p{L}+)?)\s*:\s+/u.exec(line);
      return m && !OWN_HEADINGS.has((m[1] ?? '').toLowerCase()) && !/^\d/.test(line.slice(m[0].length)) ? '' : line;
    })
    .join('\n');
}
