/**
 * Whether the person stated something in this conversation, for the chat's write tools (tools.ts): a model that
 * obeys text it recalled or imported must not save or rewrite memories on that text's say-so. A fact counts as
 * stated when most of its content words (stemmed) are in what the person wrote here; for a correction, the words
 * it adds to the old version are the ones that must come from the person.
 */
import { FACT_STOPWORDS } from '../../src-shared/text';
import { stems } from '../memory';

/** Share of the fact's new content words the person's messages must contain (as usage.ts's USED_SHARE). */
const STATED_SHARE = 0.6;

const contentStems = (text: string): string[] => [...new Set(stems(text))].filter((w) => !FACT_STOPWORDS.has(w));

export function statedByPerson(content: string, personSaid: readonly string[], replaced?: string): boolean {
  const said = new Set(personSaid.flatMap(contentStems));
  const words = contentStems(content);
  const before = new Set(replaced === undefined ? [] : contentStems(replaced));
  const added = words.filter((w) => !before.has(w));
  // A correction that only drops or reorders words still has to be about what the person talked about.
  const asked = added.length > 0 ? added : words;
  if (asked.length === 0) return false;
  return asked.filter((w) => said.has(w)).length / asked.length >= STATED_SHARE;
}
