/** A chat transcript recorded into a fresh memory, searched by turn id: what the read-path ranking tests ask. */
import { recordTranscript } from '../../src-main/data/import/record-transcript';
import { conversationEpisodes, type RecallConversation } from '../../src-main/data/import/transcript-file';
import type { RetrievalConfig } from '../../src-main/memory';
import { openTestEngine } from './temp-engine';

/** The transcript's turn ids, best first, for `query` over episodes as of `now`. */
export async function rankedTurns(
  conversation: RecallConversation | undefined,
  query: string,
  options: { retrieval?: Partial<RetrievalConfig>; limit: number; now: number },
): Promise<string[]> {
  if (!conversation) throw new Error('fixture missing');
  const { engine } = openTestEngine({ startSlowPath: false, retrieval: options.retrieval ?? {} });
  const episodes = conversationEpisodes(conversation);
  const ids = await recordTranscript(engine, episodes);
  const turnOf = new Map(ids.map((id, i) => [id, episodes[i]?.attributes.turn_id ?? '?']));
  const result = await engine.search({ query, types: ['episodic'], limit: options.limit, now: options.now });
  return result.hits.map((h) => turnOf.get(h.node.id) ?? '?');
}
