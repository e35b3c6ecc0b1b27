/**
 * A search's first hits do not depend on how many were asked for: the fused head weighed again (answer kinds,
 * speaker, confidence) is as deep for a limit of 10 as for 20 (search.ts RESCORED_DEPTH). Over a long real chat
 * (tests/fixtures/messaging/chat-siblings-heldout.json), for questions of each kind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordTranscript } from '../../../src-main/data/import/record-transcript';
import { conversationEpisodes, recallDatasetSchema } from '../../../src-main/data/import/transcript-file';
import { openTestEngine } from '../../helpers/temp-engine';

const CHAT = join(__dirname, '..', '..', 'fixtures', 'messaging', 'chat-siblings-heldout.json');

describe('a search for 10 is the head of a search for 20', { timeout: 120_000 }, () => {
  it('on a long chat, for questions that lift by kind of answer and for plain ones', async () => {
    const [conversation] = recallDatasetSchema.parse(JSON.parse(readFileSync(CHAT, 'utf8'))).conversations;
    if (!conversation) throw new Error('fixture has no conversation');
    const { engine } = openTestEngine({ startSlowPath: false });
    const episodes = conversationEpisodes(conversation);
    await recordTranscript(engine, episodes);
    const now = Math.max(...episodes.map((e) => e.eventTime)) + 86_400_000;
    let compared = 0;
    for (const { question } of conversation.questions) {
      const ten = await engine.search({ query: question, types: ['episodic'], limit: 10, now });
      const twenty = await engine.search({ query: question, types: ['episodic'], limit: 20, now });
      expect(ten.hits.map((h) => h.node.id), question).toEqual(twenty.hits.slice(0, 10).map((h) => h.node.id));
      if (ten.hits.length === 10) compared++;
    }
    expect(compared).toBeGreaterThan(30);
    await engine.close();
  });
});
