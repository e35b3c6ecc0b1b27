/**
 * The offline write path on four long messaging-app chats (tests/fixtures/messaging/chat-two-friends.json,
 * chat-family-group.json, and chat-siblings-heldout.json and chat-group-heldout2.json, written by helpers that never
 * read these rules; 600+ messages each, all written for retrieval evaluation): every fact it writes is a well-formed
 * clause about a person named as people are, not as the chat app shows them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordTranscript } from '../../src-main/data/import/record-transcript';
import { conversationEpisodes, recallDatasetSchema } from '../../src-main/data/import/transcript-file';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { clauseDefect } from '../../src-main/writepath/nlp/well-formed';
import { WritePathService } from '../../src-main/writepath/service';
import { openTestEngine } from '../helpers/temp-engine';

const MESSAGING = join(__dirname, '..', 'fixtures', 'messaging');

describe('offline facts from long messaging chats', { timeout: 120_000 }, () => {
  for (const file of ['chat-two-friends.json', 'chat-family-group.json', 'chat-siblings-heldout.json', 'chat-group-heldout2.json']) {
    it(file, async () => {
      const dataset = recallDatasetSchema.parse(JSON.parse(readFileSync(join(MESSAGING, file), 'utf8')));
      const { engine } = openTestEngine();
      engine.saveReviewSettings({ import: 'at_once' });
      const speakers = new Set<string>();
      for (const conv of dataset.conversations) {
        const episodes = conversationEpisodes(conv);
        for (const e of episodes) speakers.add(String(e.attributes.speaker));
        await recordTranscript(engine, episodes);
        for (const s of new Set(episodes.map((e) => e.sessionId))) engine.markSessionCompleted(s);
      }
      await new WritePathService({ engine, agent: null }).consolidateNow({ offline: true, trigger: 'eval' });
      const facts = engine.listNodes({ types: ['semantic', 'opinion', 'procedural'], limit: 500, includeInvalid: true }).items;
      expect(facts.length).toBeGreaterThan(0);
      const analyzer = await winkAnalyzer();
      const illFormed = facts.filter((n) => clauseDefect(analyzer, n.content) !== null || /^\S+ (?:\w+ing|been|being)\b/.test(n.content));
      expect(illFormed.map((n) => n.content)).toEqual([]);
      // Nothing a chat adds to a name or a sentence leaks into what is remembered.
      for (const n of facts) {
        expect(n.content).not.toMatch(/\p{Extended_Pictographic}/u);
        expect(n.content).not.toMatch(/\.\s+\p{L}/u);
        expect(n.content).not.toMatch(/\b(?:rn|ngl|tbh|lol|lmao|idk|u|ur)\b/i);
      }
      const names = engine.database.prepare('SELECT canonical_name AS name FROM entities').all() as { name: string }[];
      for (const { name } of names) expect(name).not.toMatch(/\p{Extended_Pictographic}/u);
      // A name said to the listener is not part of the fact: none ends in another speaker's first name.
      const firstNames = [...speakers].map((s) => s.split(/\s/)[0]?.toLowerCase() ?? '');
      for (const n of facts) expect(firstNames).not.toContain(n.content.split(' ').at(-1)?.toLowerCase());
      await engine.close();
    });
  }
});
