/**
 * "How did Marco's diet change?", "Why did Ines give up climbing?": in a chat between people (an imported transcript
 * names each turn's speaker), a question about someone is answered mostly by what they said themselves. A turn said
 * by a speaker the question names ranks a little higher; the other person's turns stay in contention (in a chat their
 * "ur boss there was the worst" is often the answer), so it is a lift, not a filter.
 */
import type { MemoryNode } from '../../../src-shared/memory-types';
import { STOPWORDS } from '../../../src-shared/text';

/** Speaker names that are roles or pronouns, not someone a question names: "You" in an export, "User". */
const NOT_NAMES: ReadonlySet<string> = new Set(['you', 'me', 'user', 'assistant', 'system', 'engram', 'bot', 'unknown']);

const WORD = /[\p{L}\p{N}]+/gu;

/** The name a speaker is addressed by: the first word of "Jonas ❤️", "Marco Ruiz"; null for a role or a pronoun. */
function calledBy(speaker: string): string | null {
  const first = speaker.normalize('NFKC').toLowerCase().match(WORD)?.[0];
  return first === undefined || first.length < 2 || STOPWORDS.has(first) || NOT_NAMES.has(first) ? null : first;
}

/** The factor for each turn (1 + `lift` when the question names its speaker), or null when it names none or lift is 0. */
export function namedSpeakerLift(query: string, lift: number): ((node: MemoryNode) => number) | null {
  if (lift <= 0) return null;
  const words = new Set(query.normalize('NFKC').toLowerCase().match(WORD) ?? []);
  if (words.size === 0) return null;
  return (node) => {
    const speaker = node.type === 'episodic' ? node.attributes.speaker : undefined;
    const name = typeof speaker === 'string' ? calledBy(speaker) : null;
    return name !== null && words.has(name) ? 1 + lift : 1;
  };
}
