/**
 * "How many dumplings did Jonas eat?", "How much did the Polo go for?", "How old is the dog?" are answered by a
 * turn that says an amount ("jonas ate 27 uszka", "650€, for parts", "3 years old"), which often shares only a
 * name with the question. Like a "when" question (dated-turns.ts), a question that asks for an amount lifts the
 * turns in contention that say one; it never brings in a turn the strategies did not find.
 */

/**
 * "How many / how much / how old / how heavy …?": a question answered by an amount. Not "how many times": that
 * counts events, each told in its own turn, rarely as a number.
 */
const ASKS_AMOUNT = /\bhow (?:many(?! times)|much|old|heavy|tall|big|far|fast|long did|long was|long is)\b|\bwhat (?:age|price|score|percentage)\b|сколько/iu;
/** A number in digits or words ("27 uszka", "650€", "three years", "a dozen"). */
const SAYS_AMOUNT = /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozen|half)\b|(?<!\p{L})(?:два|две|три|четыре|пять|десять|сто|тысяч\p{L}*)(?!\p{L})/iu;

export function asksAmount(query: string): boolean {
  return ASKS_AMOUNT.test(query);
}

/** Whether a turn says an amount. */
export function saysAmount(text: string): boolean {
  return SAYS_AMOUNT.test(text);
}
