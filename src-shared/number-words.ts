/**
 * Whole numbers said in words, as a chat says an age: "thirty four", "twenty-one", "forty", "a hundred and two".
 * Below 200 (an age, a count of people); larger amounts are written in digits. Read by the write path (ages, spans,
 * job lengths) and the read path (a question's "twenty days ago").
 */
const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

const UNIT = UNITS.slice(1, 10).join('|');
// ("twenty-one" as a clause's text spells it from its tokens: "twenty- one".)
const BELOW_HUNDRED = `(?:(?:${TENS.slice(2).join('|')})(?:\\s*-\\s*|\\s+)(?:${UNIT})|(?:${TENS.slice(2).join('|')})|${[...UNITS.slice(10)].reverse().join('|')}|${UNIT})`;

/** A number in words, as a regex source (no groups): "thirty four", "a hundred and two", "eleven". */
export const NUMBER_IN_WORDS = `(?:(?:a|one)\\s+hundred(?:\\s+(?:and\\s+)?${BELOW_HUNDRED})?|${BELOW_HUNDRED})`;

const WHOLE = new RegExp(`^${NUMBER_IN_WORDS}$`, 'i');

/** The value of a number said in words ("thirty-four" → 34), or null when the words are not one. */
export function numberInWords(words: string): number | null {
  const said = words.trim().toLowerCase();
  if (!WHOLE.test(said)) return null;
  let total = 0;
  for (const word of said.split(/[\s-]+/)) {
    // ("a hundred": "a" is one of them; "and" adds nothing.)
    if (word === 'hundred') total *= 100;
    else if (word === 'a') total += 1;
    else if (UNITS.includes(word)) total += UNITS.indexOf(word);
    else if (TENS.includes(word)) total += TENS.indexOf(word) * 10;
  }
  return total;
}

/** A count in words before a unit of time: "twenty days", "thirty five years", "two weeks". */
const COUNT_OF_TIME = new RegExp(`(?<![\\p{L}-])(${NUMBER_IN_WORDS})(?=\\s+(?:days?|weeks?|fortnights?|months?|years?)\\b)`, 'giu');

/**
 * Counts of time said in words, in digits: "twenty days ago" → "20 days ago". chrono reads number words only to
 * twelve ("twenty days ago" is no date to it, "twenty one days ago" one day ago).
 */
export function countsOfTimeInDigits(text: string): string {
  return text.replace(COUNT_OF_TIME, (words: string) => String(numberInWords(words.replace(/\s*-\s*/g, ' ')) ?? words));
}
