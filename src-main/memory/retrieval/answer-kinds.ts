/**
 * Questions of a kind lift the turns in contention that give that kind of answer; they never bring in a turn
 * the strategies did not find. "When …?" is answered by a turn that says a time (dated-turns.ts). "How many
 * dumplings did Jonas eat?", "How much did the Polo go for?", "How old is the dog?" by one that says an amount
 * ("jonas ate 27 uszka", "650€, for parts", "3 years old"), which often shares only a name with the question.
 * "Why …?" by one that gives a reason ("because", "so", "that's why"), often a turn or two after the words the
 * question matches. "Where …?" by one that names a place after "in", "at", "to", "from", "near" ("in Ottensen",
 * "at the Landungsbrücken"), or a place compromise's lexicon knows, as a chat typed in lower case says it ("leeds").
 */
import { HOLIDAYS, MONTHS, WEEKDAYS } from '../../../src-shared/calendar';
import type { RetrievalConfig } from './config';
import { answersWhen, asksWhen } from './dated-turns';
import type { LexiconWords } from './verb-forms';

/**
 * "How many / how much / how old / how heavy …?": a question answered by an amount. Not "how many times": that
 * counts events, each told in its own turn, rarely as a number.
 */
const ASKS_AMOUNT = /\bhow (?:many(?! times)|much|old|heavy|tall|big|far|fast|long did|long was|long is)\b|\bwhat (?:age|price|score|percentage)\b|(?<!\p{L})сколько/iu;
/** A number in digits or words ("27 uszka", "650€", "three years", "a dozen"). */
const SAYS_AMOUNT = /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozen|half)\b|(?<!\p{L})(?:два|две|три|четыре|пять|десять|сто|тысяч\p{L}*)(?!\p{L})/iu;

export function asksAmount(query: string): boolean {
  return ASKS_AMOUNT.test(query);
}

/** Whether a turn says an amount. */
export function saysAmount(text: string): boolean {
  return SAYS_AMOUNT.test(text);
}

/** "Why …?", "what made / caused / led …", "the reason …": a question answered by a reason. */
const ASKS_REASON = /\bwhy\b|\bwhat (?:made|caused|led)\b|\breasons?\b|(?<!\p{L})(?:почему|зачем)/iu;
/** A turn that gives a reason. */
const GIVES_REASON = /\b(?:because|cause|cos|coz|bc|since|so that|due to|that's why|thats why|the reason|so i|so we)\b|потому что|из-за|поэтому/iu;

export function asksReason(query: string): boolean {
  return ASKS_REASON.test(query);
}

export function givesReason(text: string): boolean {
  return GIVES_REASON.test(text);
}

/** "Where …?", "which city …": a question answered by a place. */
const ASKS_PLACE = /\bwhere\b|\bwhich (?:city|town|country|place|neighbou?rhood|part of)\b|(?<!\p{L})(?:где|куда|откуда)(?!\p{L})/iu;
/** A name after a word of place: "in Bedminster", "at the Landungsbrücken", "to Gniezno" (not "on Monday", "in May"). */
const CALENDAR_NAMES = [...WEEKDAYS, ...MONTHS, ...HOLIDAYS].map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('|');
const NAMES_PLACE = new RegExp(
  String.raw`\b(?:[Ii]n|[Aa]t|[Tt]o|[Ff]rom|[Nn]ear|[Oo]utside|[Aa]round) (?:the )?(?!(?:${CALENDAR_NAMES})\b)\p{Lu}\p{L}+`,
  'u',
);

export function asksPlace(query: string): boolean {
  return ASKS_PLACE.test(query);
}

/** The same in Russian: "в Питере", "на Васильевском острове" (a capital after a word of place; "В среду" starts lower). */
const NAMES_PLACE_RU = /(?<!\p{L})(?:в|во|на|из|под|около|возле|у) (?=[А-ЯЁ])\p{L}+/u;

/**
 * Whether a turn names a place: after a word of place with a capital, or a place compromise's lexicon knows in any case
 * ("i'll miss edinburgh tho", "leeds", "landed in porto") that the question does not name ("which Leeds neighbourhood"
 * is not answered by every turn that says leeds).
 */
export function namesPlace(text: string, places: ReadonlySet<string> | null = null, asked: ReadonlySet<string> = NOTHING_ASKED): boolean {
  if (NAMES_PLACE.test(text) || NAMES_PLACE_RU.test(text)) return true;
  if (!places) return false;
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      const phrase = words.slice(i, i + n).join(' ');
      if (places.has(phrase) && !asked.has(phrase)) return true;
    }
  }
  return false;
}

const NOTHING_ASKED: ReadonlySet<string> = new Set();

/** "Who …?", "what's the name of …", "what is the dog called?": a question answered by a name. */
const ASKS_NAME = /\bwho(?:m|se)?\b|\bwhat(?:'s|\s+is|\s+was)\s+(?:the\s+|their\s+|his\s+|her\s+|its\s+)?name\b|\bname\s+of\b|\b(?:called|named)\s*\?|(?<!\p{L})(?:кто|кого|кому|как зовут)(?!\p{L})/iu;
/** A name given as one: "she's called marigold", "his name is tomasz", "MEET BISCUIT". */
const GIVES_NAME = /\b(?:called|named|name(?:'s|\s+is|\s+was)|meet)\s+\p{L}/iu;

export function asksName(query: string): boolean {
  return ASKS_NAME.test(query);
}

/**
 * Whether a turn names someone the question does not: a first name ("fiona made me so angry", "dave made me do
 * hill starts"; compromise's lexicon, as a chat in lower case writes them) or a name given as one.
 */
export function namesSomeone(text: string, firstNames: ReadonlySet<string>, asked: ReadonlySet<string>): boolean {
  if (GIVES_NAME.test(text)) return true;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) if (firstNames.has(word) && !asked.has(word)) return true;
  return false;
}

/**
 * The lift a question gives each turn by the kind of answer it says (1 = none): a function of the turn's text
 * (without its speaker prefix), so a question of no such kind costs nothing per turn. `firstNames`: compromise's
 * (verb-forms.ts), null when it could not load.
 */
export function answerKindLift(
  query: string,
  config: Pick<RetrievalConfig, 'datedTurnLift' | 'amountTurnLift' | 'reasonTurnLift' | 'placeTurnLift' | 'nameTurnLift'>,
  lexicon: Pick<LexiconWords, 'firstNames' | 'places'> | null = null,
): ((text: string) => number) | null {
  const kinds: [number, (text: string) => boolean][] = [];
  const asked = new Set(query.toLowerCase().match(/\p{L}+/gu) ?? []);
  if (config.nameTurnLift > 0 && lexicon && asksName(query)) kinds.push([1 + config.nameTurnLift, (text) => namesSomeone(text, lexicon.firstNames, asked)]);
  if (config.datedTurnLift > 0 && asksWhen(query)) kinds.push([1 + config.datedTurnLift, answersWhen]);
  if (config.amountTurnLift > 0 && asksAmount(query)) kinds.push([1 + config.amountTurnLift, saysAmount]);
  if (config.reasonTurnLift > 0 && asksReason(query)) kinds.push([1 + config.reasonTurnLift, givesReason]);
  if (config.placeTurnLift > 0 && asksPlace(query)) kinds.push([1 + config.placeTurnLift, (text) => namesPlace(text, lexicon?.places ?? null, asked)]);
  if (kinds.length === 0) return null;
  return (text) => kinds.reduce((lift, [by, says]) => (says(text) ? lift * by : lift), 1);
}
