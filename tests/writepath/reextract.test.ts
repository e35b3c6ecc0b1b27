// Re-extract by session: the write path reads a session again (a scripted "better model" on 127.0.0.1 through
// the real openai client), shows the difference, applies it in one transaction and one undo reverts it.
import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { MemoryAgent } from '../../src-main/writepath/agent';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { LlmExtractor } from '../../src-main/writepath/extract-llm';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { applyReextract, prepareReextract } from '../../src-main/writepath/reextract';
import { MemoryError } from '../../src-main/memory/errors';
import type { ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { memoryAgent, type AgentScript, type ExtractionAnswer, type PromptEpisode } from '../helpers/scripted-memory-agent';
import { openTestEngine } from '../helpers/temp-engine';
import { useScriptedOpenAI } from '../helpers/use-scripted-openai';

const PATH = '/v1/chat/completions';
let server: ScriptedOpenAIServer;
useScriptedOpenAI((s) => (server = s));

const extractor = (): LlmExtractor => new LlmExtractor(new MemoryAgent({ baseURL: server.baseURL, model: 'agent-model', maxRetries: 0, timeoutMs: 5_000 }));

type Fact = [content: string, word: string, slot: string | null];
const answer = (eps: PromptEpisode[], facts: Fact[]): ExtractionAnswer => ({
  facts: facts.map(([content, word, slot]) => ({
    type: 'semantic',
    content,
    source_episodes: [eps.find((e) => e.text.includes(word))?.ref ?? 'E1'],
    entities: [],
    slot,
    basis: 'stated',
  })),
  entities: [],
  causal_links: [],
});

/** The first, weaker reading: a wrong pet and a vague employer. */
const firstModel: AgentScript = {
  extract: (eps) => answer(eps, [['User lives in Boston', 'Boston', 'user.residence'], ['User works at Acme', 'Acme', 'user.employer'], ['User has a dog', 'cat', null]]),
  resolve: (pairs) => pairs.map((p) => ({ fact: p.fact, existing: p.existing, relation: 'unrelated', reason: 'different' })),
};

/** The better reading: the same residence, a precise employer (supersedes), the cat, no dog. */
const betterModel: AgentScript = {
  extract: (eps) =>
    answer(eps, [['User lives in Boston', 'Boston', 'user.residence'], ['User works at Acme Corp as an engineer', 'Acme', 'user.employer'], ['User has a cat named Tom', 'cat', null]]),
  resolve: (pairs) =>
    pairs.map((p) => ({
      fact: p.fact,
      existing: p.existing,
      relation: p.factText.includes('Acme Corp') && p.existingText === 'User works at Acme' ? 'replaces' : 'unrelated',
      reason: 'a more precise employer',
    })),
};

async function consolidatedSession(engine: MemoryEngine): Promise<string[]> {
  const ids = ['I live in Boston.', 'I work at Acme as an engineer.', 'I have a cat named Tom.'].map((content) => engine.recordEpisode({ sessionId: 's1', role: 'user', content }));
  await engine.flush();
  engine.markSessionCompleted('s1');
  server.setDefault(PATH, memoryAgent(firstModel));
  expect((await consolidateSession(engine, extractor(), 's1')).status).toBe('consolidated');
  await engine.drainSlowPath();
  return ids;
}

type Row = Record<string, unknown>;
const rows = (db: Database, sql: string): Row[] => db.prepare(sql).all() as Row[];
const currentFacts = (db: Database): string[] =>
  (db.prepare(`SELECT content FROM nodes WHERE type != 'episodic' AND valid_until IS NULL ORDER BY content`).pluck().all() as string[]);

describe('re-extract by session', () => {
  it('previews the difference without writing, applies it in one transaction, and one undo reverts it', async () => {
    const { engine } = openTestEngine();
    const episodes = await consolidatedSession(engine);
    const db = engine.database;
    const episodeRows = rows(db, `SELECT id, content, event_time, source_role, session_id, valid_until FROM nodes WHERE type = 'episodic' ORDER BY id`);
    const nodesBefore = rows(db, 'SELECT * FROM nodes ORDER BY id');
    const edgesBefore = rows(db, 'SELECT * FROM edges ORDER BY id');
    const runsBefore = rows(db, 'SELECT id FROM writepath_runs');

    server.setDefault(PATH, memoryAgent(betterModel));
    const prepared = await prepareReextract(engine, extractor(), 's1');
    const p = prepared.preview;
    expect(p).toMatchObject({ sessionId: 's1', mode: 'llm', model: 'agent-model', episodes: 3, review: false, empty: false });
    expect(p.unchanged.map((f) => f.content)).toEqual(['User lives in Boston']);
    expect(p.changed.map((c) => [c.old.content, c.content])).toEqual([['User works at Acme', 'User works at Acme Corp as an engineer']]);
    expect(p.added).toEqual([{ content: 'User has a cat named Tom', note: null }]);
    expect(p.dropped.map((f) => f.content)).toEqual(['User has a dog']);
    expect(p.losingSupport).toEqual([]);
    expect(p.currentAgain).toEqual([]);
    // The preview wrote nothing.
    expect(rows(db, 'SELECT * FROM nodes ORDER BY id')).toEqual(nodesBefore);
    expect(rows(db, 'SELECT * FROM edges ORDER BY id')).toEqual(edgesBefore);
    expect(rows(db, 'SELECT id FROM writepath_runs')).toEqual(runsBefore);

    const result = applyReextract(engine, prepared);
    expect(result).toMatchObject({ sessionId: 's1', added: 1, changed: 1, dropped: 1, unchanged: 1, losingSupport: 0, proposed: 0 });
    expect(currentFacts(db)).toEqual(['User has a cat named Tom', 'User lives in Boston', 'User works at Acme Corp as an engineer']);
    // The employer was superseded (history kept), the dog forgotten (restorable), the episodes untouched.
    const oldAcme = db.prepare(`SELECT id, invalidated_reason FROM nodes WHERE content = 'User works at Acme'`).get() as { id: string; invalidated_reason: string };
    const newAcme = db.prepare(`SELECT id FROM nodes WHERE content = 'User works at Acme Corp as an engineer'`).pluck().get() as string;
    expect(db.prepare(`SELECT 1 FROM edges WHERE source_id = ? AND target_id = ? AND relation_type = 'supersedes'`).get(newAcme, oldAcme.id)).toBeDefined();
    expect(db.prepare(`SELECT invalidated_reason FROM nodes WHERE content = 'User has a dog'`).pluck().get()).toBe('forgotten');
    expect(engine.getNode(newAcme).derivedFrom.map((n) => n.id)).toEqual([episodes[1]]);
    const cat = db.prepare(`SELECT id, event_time FROM nodes WHERE content = 'User has a cat named Tom'`).get() as { id: string; event_time: number };
    expect(engine.getNode(cat.id).derivedFrom.map((n) => n.id)).toEqual([episodes[2]]);
    expect(cat.event_time).toBe(engine.getNode(episodes[2] as string).node.eventTime);
    expect(rows(db, `SELECT id, content, event_time, source_role, session_id, valid_until FROM nodes WHERE type = 'episodic' ORDER BY id`)).toEqual(episodeRows);
    expect(engine.listRetractions().map((r) => r.retractionId)).toContain(result.retractionId);

    // One undo: every node that was there is exactly as it was; what the re-extract wrote is no longer current.
    engine.undoRetract({ retractionId: result.retractionId });
    expect(currentFacts(db)).toEqual(['User has a dog', 'User lives in Boston', 'User works at Acme']);
    const priorIds = new Set(nodesBefore.map((n) => n.id));
    expect(rows(db, 'SELECT * FROM nodes ORDER BY id').filter((n) => priorIds.has(n.id))).toEqual(nodesBefore);
    const priorEdges = new Set(edgesBefore.map((e) => e.id));
    expect(rows(db, 'SELECT * FROM edges ORDER BY id').filter((e) => priorEdges.has(e.id))).toEqual(edgesBefore);
    expect(() => engine.undoRetract({ retractionId: result.retractionId })).toThrow(MemoryError);
  });

  it('shows and restores the older version a dropped correction had superseded; the undo supersedes it again', async () => {
    const { engine } = openTestEngine();
    const paris = engine.rememberFact({ content: 'User lives in Paris' });
    const ep = engine.recordEpisode({ sessionId: 's2', role: 'user', content: 'I moved to Lisbon.' });
    await engine.flush();
    const lisbon = engine.correctFact({ id: paris, content: 'User lives in Lisbon', evidence: [ep], sessionId: 's2' });
    server.setDefault(PATH, memoryAgent({ extract: (eps) => answer(eps, [['User likes trains', 'Lisbon', null]]), resolve: firstModel.resolve }));
    const prepared = await prepareReextract(engine, extractor(), 's2');
    expect(prepared.preview.dropped).toEqual([{ id: lisbon, content: 'User lives in Lisbon' }]);
    expect(prepared.preview.currentAgain).toEqual([{ id: paris, content: 'User lives in Paris' }]);
    const result = applyReextract(engine, prepared);
    expect(currentFacts(engine.database)).toEqual(['User likes trains', 'User lives in Paris']);
    engine.undoRetract({ retractionId: result.retractionId });
    expect(currentFacts(engine.database)).toEqual(['User lives in Lisbon']);
    expect(engine.getNode(paris).node.invalidatedReason).toBe('superseded');
  });

  it('refuses a preview that memory has moved past, writing nothing', async () => {
    const { engine } = openTestEngine();
    await consolidatedSession(engine);
    server.setDefault(PATH, memoryAgent(betterModel));
    const prepared = await prepareReextract(engine, extractor(), 's1');
    const dog = engine.database.prepare(`SELECT id FROM nodes WHERE content = 'User has a dog'`).pluck().get() as string;
    engine.forget(dog);
    const nodes = rows(engine.database, 'SELECT * FROM nodes ORDER BY id');
    expect(() => applyReextract(engine, prepared)).toThrow(/changed since the preview/);
    expect(rows(engine.database, 'SELECT * FROM nodes ORDER BY id')).toEqual(nodes);
    expect(engine.listRetractions()).toEqual([]);
  });

  it('holds new and changed facts for review when the session asks first; the undo withdraws them', async () => {
    const { engine } = openTestEngine();
    await consolidatedSession(engine);
    engine.saveReviewSettings({ chat: 'ask_first' });
    server.setDefault(PATH, memoryAgent(betterModel));
    const prepared = await prepareReextract(engine, extractor(), 's1');
    expect(prepared.preview.review).toBe(true);
    const result = applyReextract(engine, prepared);
    expect(result.proposed).toBe(2);
    // Nothing new is current before approval; what the new reading lost is forgotten at once (the person asked).
    expect(currentFacts(engine.database)).toEqual(['User lives in Boston', 'User works at Acme']);
    expect(engine.listProposals({ state: 'pending' }).items).toHaveLength(2);
    engine.undoRetract({ retractionId: result.retractionId });
    expect(engine.listProposals({ state: 'pending' }).items).toHaveLength(0);
    expect(currentFacts(engine.database)).toEqual(['User has a dog', 'User lives in Boston', 'User works at Acme']);
  });

  it('offline: reading the same session the same way changes nothing and apply says so; an unknown session is not found', async () => {
    const { engine } = openTestEngine();
    engine.recordEpisode({ sessionId: 'off', role: 'user', content: 'I live in Lisbon and I work at Globex.' });
    await engine.flush();
    expect((await consolidateSession(engine, new OfflineExtractor(), 'off')).status).toBe('consolidated');
    const prepared = await prepareReextract(engine, new OfflineExtractor(), 'off');
    expect(prepared.preview.empty).toBe(true);
    expect(prepared.preview.unchanged.length).toBeGreaterThan(0);
    expect(() => applyReextract(engine, prepared)).toThrow(/nothing to apply/);
    await expect(prepareReextract(engine, new OfflineExtractor(), 'nope')).rejects.toMatchObject({ code: 'not_found' });
  });
});
