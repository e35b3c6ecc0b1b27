/**
 * "How did Marco's diet change?", "Why did Ines give up climbing?": in a chat between people (an imported transcript
 * names each turn's speaker), a question about someone is answered mostly by what they said themselves. A turn said
 * by a speaker the question names ranks a little higher; the other person's turns stay in contention (in a chat their
 * "ur boss there was the worst" is often the answer), so it is a lift, not a filter.
 */
import { CALENDAR_WORDS } from '../../../src-shared/calendar';
import type { MemoryNode } from '../../../src-shared/memory-types';
import { STOPWORDS } from '../../../src-shared/text';

/** Speaker names that are roles or pronouns, not someone a question names: "You" in an export, "User". */
const NOT_NAMES: ReadonlySet<string> = new Set(['you', 'me', 'user', 'assistant', 'system', 'engram', 'bot', 'unknown']);
/** A speaker's name is read by its start: an imported file's "speaker" may be any length. */
const NAME_CHARS = 200;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The name a speaker is addressed by: the first word of "Jonas ❤️", "Marco Ruiz"; null for a role, a pronoun or a month. */
export function calledBy(speaker: string): string | null {
  const first = speaker.slice(0, NAME_CHARS).normalize('NFKC').toLowerCase().match(WORD)?.[0];
  return first === undefined || first.length < 2 || STOPWORDS.has(first) || NOT_NAMES.has(first) || CALENDAR_WORDS.has(first) ? null : first;
}

/**
 * The names a question says: its words, or — when it writes names with a capital ("Did Bill pay?") — only the words it
 * capitalises, so a speaker called Rose or Mark is not named by "a rose" or "mark it".
 */
function namesSaid(query: string): Set<string> {
  const words = [...query.normalize('NFKC').matchAll(WORD)].map((m) => ({ word: m[0], at: m.index ?? 0 }));
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w.word));
  const writesNames = capitalised.some((w) => w.at > 0);
  return new Set((writesNames ? capitalised : words).map((w) => w.word.toLowerCase()));
}

/**
 * The words a question capitalises past its first that could name someone (lower case): "Is Halina a churchgoer?" →
 * halina. Not "I", months or weekdays, or words under two letters.
 */
export function namesCapitalised(query: string): Set<string> {
  const names = new Set<string>();
  for (const m of query.normalize('NFKC').matchAll(WORD)) {
    if ((m.index ?? 0) === 0 || !/^\p{Lu}/u.test(m[0])) continue;
    const name = calledBy(m[0]);
    if (name !== null) names.add(name);
  }
  return names;
}

/**
 * The factor for each turn (1 + `lift` when the question names its speaker), or null when it names none or lift is 0.
 * `aliases`: other names speakers are called by (addressed-names.ts), name → the speaker's.
 */
export function namedSpeakerLift(query: string, lift: number, aliases: ReadonlyMap<string, string> = new Map()): ((node: MemoryNode) => number) | null {
  if (lift <= 0) return null;
  const names = namesSaid(query);
  for (const name of [...names]) {
    const speaker = aliases.get(name);
    if (speaker !== undefined) names.add(speaker);
  }
  if (names.size === 0) return null;
  const known = new Map<string, string | null>();
  return (node) => {
    const speaker = node.type === 'episodic' ? node.attributes.speaker : undefined;
    if (typeof speaker !== 'string') return 1;
    let name = known.get(speaker);
    if (name === undefined) known.set(speaker, (name = calledBy(speaker)));
    return name !== null && names.has(name) ? 1 + lift : 1;
  };
}
