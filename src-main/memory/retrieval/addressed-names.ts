/**
 * Names a chat's speakers are called by that their exported name does not say. A phone saves family under what
 * they are ("Mama", "Dad ❤️", "Oma"): in a family chat the others write "Guten Morgen Halina!" or "Halina no 😅"
 * after she speaks, and a question asks "Is Halina a churchgoer?". A name the question says, used to address (as a
 * reply's first word, or before its closing punctuation or emoji) a speaker saved under such a word, is that
 * speaker's name too, and named-speaker.ts lifts their turns as it would for "Mama". Only those speakers: who a
 * reply addresses is a guess (the turn before it, in a group often someone else), and a speaker saved under a
 * name has it already ("Fieldnote!!" after Marco spoke is not Marco).
 */
import type { ReadableDB } from '../../storage/db';
import { withoutSpeakerPrefix } from '../../../src-shared/speakers';
import { escapeRegExp } from '../../../src-shared/text';
import { stmt } from '../repo/statements';
import { speakerSql } from './bursts';
import type { TermStats } from './term-stats';
import { KIN_WORDS } from './kin-words';
import { calledBy, namesCapitalised } from './named-speaker';

/** Turns that say a name read to learn who it addresses, at most: enough for a vote, cheap at any size. */
export const ADDRESS_TURNS = 40;
/** A name in more documents than this is a common word or everyone's ("Mum" in every chat), not one person's. */
const ADDRESS_MAX_DOCS = 200;
/** Names of a question looked up, at most. */
const NAMES_LOOKED_UP = 3;
/** A name is an alias when at least this many replies address it to one kin-named speaker (the one most do). */
const MIN_VOTES = 2;
/** The speaker before a reply is looked for this far back: the turn answered, past the replier's own burst. */
const TURNS_BACK = 6;

interface Turn {
  id: string;
  t: number;
  session: string | null;
  speaker: string;
  content: string;
}

/**
 * Whether a speaker is saved under a kin word ("Mama", "Dad ❤️": what they are to the phone's owner, not their name),
 * whose turns a name of theirs could lift.
 */
export function savedAsKin(speaker: string): boolean {
  const called = calledBy(speaker);
  return called !== null && KIN_WORDS.has(called);
}

function saysWord(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** The name as a vocative: the reply's first word (not "Halina's …"), or followed only by punctuation or emoji. */
function addresses(text: string, name: string): boolean {
  const n = escapeRegExp(name);
  const first = new RegExp(`^[^\\p{L}\\p{N}]*${n}(?![\\p{L}\\p{N}'’])`, 'iu');
  const closing = new RegExp(`(?<![\\p{L}\\p{N}])${n}\\s*(?:[!?.,…:;)]|[^\\p{L}\\p{N}\\s]|$)`, 'iu');
  return first.test(text) || closing.test(text);
}

/**
 * Name (lower case) → the speaker it addresses (as named-speaker.ts calls speakers), for the names `query` writes
 * with a capital that no speaker is called. `turnsSaying` gives the ids of turns that say a name (a full-text match).
 */
export function addressedNames(
  db: ReadableDB,
  query: string,
  termStats: Pick<TermStats, 'documentFrequencies'>,
  turnsSaying: (name: string, limit: number) => string[],
): Map<string, string> {
  const aliases = new Map<string, string>();
  const names = [...namesCapitalised(query)].slice(0, NAMES_LOOKED_UP);
  if (names.length === 0) return aliases;
  const df = termStats.documentFrequencies(names);
  const read = stmt(db, `SELECT id, event_time AS t, session_id AS session, ${speakerSql()} AS speaker, substr(content, 1, 400) AS content FROM nodes WHERE id = ?`);
  const before = stmt(
    db,
    `SELECT ${speakerSql()} AS speaker FROM nodes WHERE session_id = ? AND event_time <= ? AND id != ? AND +type = 'episodic' ORDER BY event_time DESC, rowid DESC LIMIT ${TURNS_BACK}`,
  );
  for (const name of names) {
    const documents = df(name);
    if (documents === 0 || documents > ADDRESS_MAX_DOCS) continue;
    const votes = new Map<string, number>();
    let isSpeaker = false;
    /** Who says the name: not someone it is a name of (no one calls themselves Halina in a chat; Mama says "Zuzia"). */
    const sayers = new Set<string>();
    for (const id of turnsSaying(name, ADDRESS_TURNS)) {
      const turn = read.get(id) as Turn | undefined;
      if (!turn || turn.session === null || turn.speaker === '') continue;
      // (The full-text index reads more than the turn's words: only turns that say the name count.)
      const said = withoutSpeakerPrefix(turn.content, turn.speaker);
      if (!saysWord(said, name)) continue;
      const writer = calledBy(turn.speaker);
      if (writer === name) isSpeaker = true;
      if (writer !== null) sayers.add(writer);
      if (!addresses(said, name)) continue;
      const earlier = (before.all(turn.session, turn.t, turn.id) as { speaker: string }[]).find((r) => r.speaker !== '' && r.speaker !== turn.speaker);
      const addressee = earlier ? calledBy(earlier.speaker) : null;
      if (addressee === null) continue;
      votes.set(addressee, (votes.get(addressee) ?? 0) + 1);
    }
    const [best, count] = [...votes.entries()].filter(([speaker]) => KIN_WORDS.has(speaker) && !sayers.has(speaker)).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    // A name some speaker is called by is theirs, whoever else it is used to address.
    if (isSpeaker || count < MIN_VOTES) continue;
    aliases.set(name, best);
  }
  return aliases;
}
