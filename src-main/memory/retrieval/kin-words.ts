/**
 * Words for the same relative, across languages and registers: a question asks about "their father", a Polish
 * family writes "tata", an English one "dad"; "grandmother" is "Oma", "babcia", "nan". A phone saves family under
 * these words too (addressed-names.ts).
 */

const KIN_GROUPS: readonly (readonly string[])[] = [
  ['mother', 'mum', 'mom', 'mama', 'mamma', 'mam', 'mummy', 'mommy', 'mami', 'maman', 'mutti', 'mamusia', 'mamo', 'ma', 'мама'],
  ['father', 'dad', 'daddy', 'papa', 'pa', 'tata', 'tato', 'papi', 'vater', 'папа'],
  ['grandmother', 'grandma', 'granny', 'gran', 'nana', 'nan', 'nanna', 'oma', 'babcia', 'babci', 'nonna', 'abuela', 'бабушка'],
  ['grandfather', 'grandpa', 'grandad', 'granddad', 'opa', 'dziadek', 'nonno', 'abuelo', 'дедушка'],
  ['wife', 'wifey'],
  ['husband', 'hubby'],
  ['brother', 'bro'],
  ['sister', 'sis'],
  ['aunt', 'auntie', 'aunty'],
  ['uncle'],
  ['son'],
  ['daughter'],
];

/** Every kin word, lower case. */
export const KIN_WORDS: ReadonlySet<string> = new Set(KIN_GROUPS.flat());

/**
 * Words of their own too, in English or a family's other language ("ma" and "mam" are Polish verbs, "NaN", "Gran
 * Canaria", "papa johns"): neither searched for as another's stand-in nor read as a relative in a question.
 */
const AMBIGUOUS = new Set(['ma', 'pa', 'mam', 'nan', 'nana', 'gran', 'papa', 'sis', 'bro']);

const GROUP_OF = new Map<string, readonly string[]>();
for (const group of KIN_GROUPS) for (const word of group) GROUP_OF.set(word, group);

/** The other words for the relatives `query` names ("father": dad, tata, papa, …); empty when it names none. */
export function kinEquivalents(query: string): string[] {
  // ("Her mother-in-law" is another person than her mother.)
  const words = new Set(query.toLowerCase().replace(/[\p{L}]+(?:-|\s+)in(?:-|\s+)law/gu, ' ').match(/[\p{L}]+/gu) ?? []);
  const out = new Set<string>();
  for (const word of words) {
    if (AMBIGUOUS.has(word)) continue;
    for (const other of GROUP_OF.get(word) ?? []) if (!words.has(other) && !AMBIGUOUS.has(other)) out.add(other);
  }
  return [...out];
}
