/** A chat transcript recorded into a fresh memory, searched by turn id: what the read-path ranking tests ask. */
import { recordTranscript } from '../../src-main/data/import/record-transcript';
import { conversationEpisodes, recallDatasetSchema, type RecallConversation } from '../../src-main/data/import/transcript-file';
import type { MemoryEngine, RetrievalConfig } from '../../src-main/memory';
import { openTestEngine } from './temp-engine';

/** The transcript in a fresh memory, with the turn id of each episode recorded. */
export async function recordedTranscript(
  conversation: RecallConversation | undefined,
  retrieval: Partial<RetrievalConfig> = {},
): Promise<{ engine: MemoryEngine; turnOf: Map<string, string> }> {
  if (!conversation) throw new Error('fixture missing');
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  const episodes = conversationEpisodes(conversation);
  const ids = await recordTranscript(engine, episodes);
  return { engine, turnOf: new Map(ids.map((id, i) => [id, episodes[i]?.attributes.turn_id ?? '?'])) };
}

/** The transcript's turn ids, best first, for `query` over episodes as of `now`. */
export async function rankedTurns(
  conversation: RecallConversation | undefined,
  query: string,
  options: { retrieval?: Partial<RetrievalConfig>; limit: number; now: number },
): Promise<string[]> {
  const { engine, turnOf } = await recordedTranscript(conversation, options.retrieval);
  const result = await engine.search({ query, types: ['episodic'], limit: options.limit, now: options.now });
  return result.hits.map((h) => turnOf.get(h.node.id) ?? '?');
}

/** Small talk that answers nothing: the months of chat around the turns a ranking test is about. */
export const CHAT_FILLER: readonly string[] = [
  'the train was late again',
  'coffee tomorrow?',
  'lol same',
  'rain all week',
  'did u see the match',
  'haha no way',
  'send me the link',
  'we should go to the seaside',
  'my sister is visiting on sunday',
  'cant find my charger anywhere',
];

export interface SaidTurn {
  id: string;
  speaker: string;
  text: string;
  time: string;
}

/**
 * Two friends' chat: 120 hourly turns of `filler` from 1 March 2024 (turn ids x0…x119, `friend` the user and
 * `other` the assistant by turn), then the turns that answer; one conversation, one session.
 */
export function fillerChat(filler: readonly string[], [friend, other]: readonly [string, string], answers: readonly SaidTurn[]): RecallConversation | undefined {
  return recallDatasetSchema.parse({
    conversations: [
      {
        id: 'c',
        sessions: [
          {
            id: 'months',
            turns: [
              ...Array.from({ length: 120 }, (_, i) => ({
                id: `x${i}`,
                speaker: i % 2 ? other : friend,
                role: i % 2 ? 'assistant' : 'user',
                text: filler[i % filler.length] as string,
                time: new Date(Date.parse('2024-03-01T09:00:00Z') + i * 3_600_000).toISOString(),
              })),
              ...answers.map((a) => ({ ...a, role: a.speaker === friend ? 'user' : 'assistant' })),
            ],
          },
        ],
      },
    ],
  }).conversations[0];
}
