/**
 * One message read by the offline reader as the facts it states (extract-offline.ts): its own statements, then what an
 * answer says by the question before it ("do you still smoke?" / "nope quit in august", nlp/answers.ts) where the
 * person's own words fill no such slot, and a diet said with what it allows read as one (nlp/diet-exceptions.ts).
 */
import type { TextAnalyzer } from './nlp/analyzer';
import { withDietExceptions } from './nlp/diet-exceptions';
import { readStatements, type Speaker } from './nlp/statements';
import type { CandidateFact, ExtractedEntity } from './types';

export interface MessageFacts {
  facts: CandidateFact[];
  entities: ExtractedEntity[];
}

/**
 * The facts `text` states, said at `at` and citing `sources`; `answered` is the first-person statement the message
 * makes as an answer (null when it answers nothing).
 */
export function readMessage(
  analyzer: TextAnalyzer,
  speaker: Speaker,
  text: string,
  at: number,
  sources: readonly string[],
  answered: string | null,
  onDropped: (content: string, reason: string) => void,
): MessageFacts {
  const own = readStatements(analyzer, text, speaker, at, onDropped);
  const ownSlots = new Set(own.map((s) => s.slot).filter((slot) => slot !== null));
  const fromAnswer = answered === null ? [] : readStatements(analyzer, answered, speaker, at, onDropped).filter((s) => s.slot !== null && !ownSlots.has(s.slot));
  const statements = withDietExceptions([...fromAnswer, ...own], answered === null ? text : `${answered} ${text}`);
  return {
    facts: statements.map((s) => ({
      type: s.type,
      content: s.content,
      sourceEpisodeIds: [...sources],
      entityNames: s.entities.map((e) => e.name),
      slot: s.slot,
      value: s.value,
      basis: 'stated',
      eventTime: s.eventTime,
      ...(s.due !== undefined ? { due: s.due } : {}),
    })),
    entities: statements.flatMap((s) => s.entities.map((e) => ({ name: e.name, type: e.type, aliases: e.aliases, knownId: null, description: null }))),
  };
}
