import { useScriptedOpenAI } from '../helpers/use-scripted-openai';
import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { MemoryAgent } from '../../src-main/writepath/agent';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { LlmExtractor } from '../../src-main/writepath/extract-llm';
import { chatCompletion, openAIError, type ScriptedOpenAIServer, type ScriptStep } from '../helpers/scripted-openai-server';
import { memoryAgent, type AgentScript, type ExtractionAnswer, type PromptEpisode, type PromptKnownEntity } from '../helpers/scripted-memory-agent';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

const PATH = '/v1/chat/completions';
let server: ScriptedOpenAIServer;
useScriptedOpenAI((s) => (server = s));

function extractor(timeoutMs = 5_000): LlmExtractor {
  return new LlmExtractor(new MemoryAgent({ baseURL: server.baseURL, model: 'agent-model', maxRetries: 0, timeoutMs }));
}

async function record(engine: MemoryEngine, sessionId: string, turns: [string, string][]): Promise<string[]> {
  const ids = turns.map(([role, content]) => engine.recordEpisode({ sessionId, role, content }));
  await engine.flush();
  engine.markSessionCompleted(sessionId);
  return ids;
}

function semanticCount(engine: MemoryEngine): number {
  return (engine.database.prepare(`SELECT count(*) AS n FROM nodes WHERE type != 'episodic'`).get() as { n: number }).n;
}

const bossScript: AgentScript = {
  usage: { prompt_tokens: 120, completion_tokens: 30 },
  extract: (eps: PromptEpisode[], known: PromptKnownEntity[]): ExtractionAnswer => {
    const ref = (word: string): string => eps.find((e) => e.text.includes(word))?.ref ?? 'E1';
    const sasha = known.find((k) => k.name === 'Sasha Petrova');
    return {
      facts: [
        { type: 'semantic', content: "Sasha Petrova is the user's boss", source_episodes: [ref('boss')], entities: ['Sasha Petrova'], slot: 'sasha.role', basis: 'stated' },
        { type: 'semantic', content: 'User leads the Apollo project', source_episodes: [ref('Apollo')], entities: ['Apollo'], slot: 'user.project', basis: 'stated' },
        { type: 'procedural', content: 'User takes the train to work', source_episodes: [ref('train')], entities: [], slot: null, basis: 'inferred' },
      ],
      entities: [
        { name: 'Sasha Petrova', type: 'person', aliases: ['my boss'], known_id: sasha?.ref ?? null, description: null },
        { name: 'Apollo', type: 'project', aliases: [], known_id: null, description: 'A project the user leads.' },
      ],
      causal_links: [
        { cause: ref('because'), effect: ref('missed'), explanation: 'late train made the user miss the standup' },
        // No cause language in either episode: must be dropped.
        { cause: ref('Apollo'), effect: ref('Congratulations'), explanation: 'made up' },
      ],
    };
  },
};

describe('LLM consolidation', () => {
  it('turns a session into facts, entities (aliases resolved to anchors), derived_from and causal edges', async () => {
    const { engine } = openTestEngine();
    const sasha = engine.createEntity({ name: 'Sasha Petrova', type: 'person', aliases: ['Sasha'] });
    const [e1, e2, e3, e4] = await record(engine, 's1', [
      ['user', 'My boss Sasha asked me to lead the Apollo project.'],
      ['assistant', 'Congratulations!'],
      ['user', 'I was late today because the train broke down.'],
      ['user', 'I missed the standup.'],
    ]);
    server.setDefault(PATH, memoryAgent(bossScript));

    const outcome = await consolidateSession(engine, extractor(), 's1');
    expect(outcome.status).toBe('consolidated');
    expect(outcome.factsCreated).toHaveLength(3);
    expect(outcome.usage).toEqual({ promptTokens: 120, completionTokens: 30, calls: 1 });

    const session = engine.getSession('s1');
    expect(session).toMatchObject({ status: 'consolidated', lastError: null, attempts: 1 });
    expect(session?.consolidatedAt).not.toBeNull();

    const facts = outcome.factsCreated.map((id) => engine.getNode(id));
    const boss = facts.find((f) => f.node.content.includes('boss'));
    expect(boss?.node).toMatchObject({ type: 'semantic', sourceType: 'consolidation', confidence: 0.8, sessionId: 's1' });
    expect(boss?.derivedFrom.map((n) => n.id)).toEqual([e1]);
    expect(boss?.entities.map((e) => e.id)).toEqual([sasha.id]);
    const train = facts.find((f) => f.node.type === 'procedural');
    expect(train?.node.confidence).toBe(0.6);
    expect(train?.derivedFrom.map((n) => n.id)).toEqual([e3]);

    // The alias the conversation used now resolves to the anchor; no duplicate person was created.
    expect(engine.findEntities('my boss').map((e) => e.id)).toEqual([sasha.id]);
    expect(engine.listEntities().filter((e) => e.type === 'person')).toHaveLength(1);
    const [apollo] = engine.findEntities('Apollo');
    expect(apollo).toMatchObject({ type: 'project', summary: 'A project the user leads.' });
    expect(apollo?.attributes.summary_source).toBe('llm');
    // The refreshed summary is re-embedded (entity vectors carry name, aliases and summary).
    await engine.drainSlowPath();
    expect(engine.database.prepare('SELECT count(*) AS n FROM vec_entities WHERE entity_id = ?').get(apollo?.id)).toEqual({ n: 1 });

    const causal = engine.database.prepare(`SELECT source_id, target_id, confidence, predicate FROM edges WHERE relation_type = 'causal'`).all();
    expect(causal).toEqual([{ source_id: e4, target_id: e3, confidence: 0.7, predicate: 'caused_by' }]);
    expect(e2).toBeDefined();

    const runs = engine.writePathStore.listRuns({ kind: 'consolidation' });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'ok', sessionId: 's1', mode: 'llm', model: 'agent-model', promptTokens: 120, completionTokens: 30, llmCalls: 1 });
    // Which prompt texts the model was given is recorded beside the model.
    expect(runs[0]?.summary).toMatchObject({ prompts: { extraction: 'v1', resolution: 'v1' } });
    const stats = engine.writePathStats();
    expect(stats.unconsolidated_sessions).toBe(0);
    expect(stats.last_consolidation).not.toBeNull();
    expect(stats.tokens.promptTokens).toBe(120);
    expect(engine.stats().last_consolidation).not.toBeNull();

    // Idempotency guard: a consolidated session is skipped without a model call.
    const calls = server.requestsTo(PATH).length;
    expect((await consolidateSession(engine, extractor(), 's1')).status).toBe('skipped');
    expect(server.requestsTo(PATH)).toHaveLength(calls);
  });

  it('a contradicting fact supersedes the old one (§12.3): old invalid, chain visible in history', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const [b1] = await record(engine, 'old', [['user', 'I live in Berlin.']]);
    server.script(PATH, memoryAgent({
      extract: (eps) => ({
        facts: [{ type: 'semantic', content: 'User lives in Berlin', source_episodes: [eps[0]?.ref ?? 'E1'], entities: ['Berlin'], slot: 'user.residence', basis: 'stated' }],
        entities: [{ name: 'Berlin', type: 'place', aliases: [], known_id: null, description: null }],
        causal_links: [],
      }),
    }));
    const first = await consolidateSession(engine, extractor(), 'old');
    const berlinId = first.factsCreated[0] as string;
    expect(engine.getNode(berlinId).derivedFrom.map((n) => n.id)).toEqual([b1]);

    clock.advanceDays(30);
    const [l1] = await record(engine, 'new', [['user', 'Big news: I moved to Lisbon last week.']]);
    server.setDefault(PATH, memoryAgent({
      extract: (eps) => ({
        facts: [{ type: 'semantic', content: 'User lives in Lisbon', source_episodes: [eps[0]?.ref ?? 'E1'], entities: ['Lisbon'], slot: 'user.residence', basis: 'stated' }],
        entities: [{ name: 'Lisbon', type: 'place', aliases: [], known_id: null, description: null }],
        causal_links: [],
      }),
      resolve: (pairs) => pairs.map((p) => ({ fact: p.fact, existing: p.existing, relation: p.existingText.includes('Berlin') ? 'replaces' : 'unrelated', reason: 'the user moved' })),
    }));
    const second = await consolidateSession(engine, extractor(), 'new');
    expect(second.status).toBe('consolidated');
    expect(second.superseded).toEqual([{ oldId: berlinId, newId: second.factsCreated[0] }]);
    const lisbonId = second.factsCreated[0] as string;

    const old = engine.getNode(berlinId).node;
    expect(old).toMatchObject({ invalidatedReason: 'superseded', confidence: 0.3, decayRate: 0.5 });
    expect(old.validUntil).not.toBeNull();
    const detail = engine.getNode(lisbonId);
    expect(detail.versions.map((v) => v.content)).toEqual(['User lives in Berlin', 'User lives in Lisbon']);
    const sup = detail.edges.find((e) => e.relationType === 'supersedes');
    expect(sup).toMatchObject({ sourceId: lisbonId, targetId: berlinId, evidence: [l1] });
    expect(detail.derivedFrom.map((n) => n.id)).toContain(l1);
    expect(detail.node.attributes.slot).toBe('user.residence');

    const current = await engine.search({ query: 'where does the user live' });
    expect(current.hits[0]?.node.id).toBe(lisbonId);
    expect(current.hits.some((h) => h.node.id === berlinId)).toBe(false);
    const history = await engine.search({ query: 'where does the user live', includeInvalid: true });
    expect(history.hits.some((h) => h.node.id === berlinId)).toBe(true);
  });

  it('shows the model anchors named differently in the text, and uses the one it picks', async () => {
    const { engine } = openTestEngine();
    const acme = engine.createEntity({ name: 'Acme Corporation', type: 'organization' });
    await record(engine, 's', [['user', 'Acme is hiring again, I might apply.']]);
    let seen: PromptKnownEntity[] = [];
    server.setDefault(PATH, memoryAgent({
      extract: (eps, known) => {
        seen = known;
        return {
          facts: [{ type: 'semantic', content: 'Acme Corporation is hiring', source_episodes: [eps[0]?.ref ?? 'E1'], entities: ['Acme'], slot: null, basis: 'stated' }],
          entities: [{ name: 'Acme', type: 'organization', aliases: [], known_id: known.find((k) => k.name === 'Acme Corporation')?.ref ?? null, description: null }],
          causal_links: [],
        };
      },
    }));
    const out = await consolidateSession(engine, extractor(), 's');
    expect(seen.map((k) => k.name)).toEqual(['Acme Corporation']);
    expect(out.entitiesCreated).toBe(0);
    expect(engine.getNode(out.factsCreated[0] as string).entities.map((e) => e.id)).toEqual([acme.id]);
    expect(engine.findEntities('Acme').map((e) => e.id)).toEqual([acme.id]);
  });

  it('re-consolidating the same episodes adds provenance, not duplicate facts', async () => {
    const { engine } = openTestEngine();
    await record(engine, 's', [['user', 'I play the cello on Sundays.']]);
    server.setDefault(PATH, memoryAgent());
    const first = await consolidateSession(engine, extractor(), 's');
    expect(first.factsCreated).toHaveLength(1);
    const again = await consolidateSession(engine, extractor(), 's', { force: true });
    // Nothing after the watermark: no episodes, no facts.
    expect(again).toMatchObject({ status: 'consolidated', episodes: 0, factsCreated: [] });
    // A new session saying the same thing is deduplicated against memory.
    await record(engine, 't', [['user', 'I play the cello on Sundays.']]);
    const third = await consolidateSession(engine, extractor(), 't');
    expect(third).toMatchObject({ status: 'consolidated', factsCreated: [], duplicates: 1 });
    expect(semanticCount(engine)).toBe(1);
    expect(engine.getNode(first.factsCreated[0] as string).derivedFrom).toHaveLength(2);
  });

  const failures: [string, ScriptStep[], RegExp][] = [
    ['malformed output (twice)', [{ json: chatCompletion('{"facts": [') }, { json: chatCompletion('still {not json') }], /malformed_output/],
    [
      'truncated output (finish_reason length, twice)',
      [
        { json: chatCompletion('{"facts": [{"type": "semantic", "content": "User pl', undefined, { finish_reason: 'length' }) },
        { json: chatCompletion('{"facts": [{"type"', undefined, { finish_reason: 'length' }) },
      ],
      /malformed_output: .*cut off/,
    ],
    ['a truncated HTTP body', [{ raw: '{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"{\\"fa' }], /malformed_output|unreachable/],
    ['HTTP 429', [openAIError(429, 'Rate limit reached for requests')], /rate_limited/],
    ['HTTP 500', [openAIError(500, 'The server had an error')], /server_error/],
    ['a timeout', [{ hang: true }], /timeout/],
  ];

  for (const [name, steps, reason] of failures) {
    it(`${name}: the session stays pending with the reason, nothing is written, a later retry succeeds`, async () => {
      const { engine } = openTestEngine();
      await record(engine, 's', [['user', 'My sister Ana lives in Porto.'], ['user', 'I play the cello.']]);
      server.script(PATH, ...steps);
      const failed = await consolidateSession(engine, extractor(400), 's');
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(reason);
      const session = engine.getSession('s');
      expect(session?.status).toBe('failed');
      expect(session?.lastError).toMatch(reason);
      expect(session?.consolidatedAt).toBeNull();
      expect(semanticCount(engine)).toBe(0);
      expect(engine.listEntities()).toHaveLength(0);
      expect(engine.writePathStats().unconsolidated_sessions).toBe(1);
      expect(engine.writePathStore.listRuns({ sessionId: 's' })).toMatchObject([{ status: 'failed' }]);

      server.setDefault(PATH, memoryAgent());
      const retry = await consolidateSession(engine, extractor(), 's');
      expect(retry.status).toBe('consolidated');
      expect(engine.getSession('s')).toMatchObject({ status: 'consolidated', lastError: null, attempts: 2 });
      expect(semanticCount(engine)).toBe(2);
    });
  }

  it('a failure in the second call (conflict resolution) writes nothing from the first', async () => {
    const { engine } = openTestEngine();
    engine.rememberFact({ content: 'User said: I play the cello.', sourceType: 'consolidation' });
    await record(engine, 's', [['user', 'I play the cello now and then.']]);
    server.script(PATH, memoryAgent(), openAIError(500, 'resolution failed'));
    const out = await consolidateSession(engine, extractor(), 's');
    expect(out).toMatchObject({ status: 'failed', reason: 'server_error' });
    expect(server.requestsTo(PATH)).toHaveLength(2);
    expect(semanticCount(engine)).toBe(1);
  });

  it('a failure on a later page records the episodes already read in its failed run', async () => {
    const { engine } = openTestEngine();
    await record(engine, 's', [['user', 'I play the cello.'], ['user', 'I live in Leeds.'], ['user', 'I work at a bakery.']]);
    server.script(PATH, memoryAgent(), openAIError(400, 'bad request'));
    const out = await consolidateSession(engine, extractor(), 's', { episodesPerPage: 2 });
    expect(out).toMatchObject({ status: 'failed', episodes: 2 });
    expect(engine.writePathStore.listRuns({ sessionId: 's' })).toMatchObject([{ status: 'failed', summary: { episodes: 2 } }]);
  });

  it('cancellation leaves the session pending and writes nothing', async () => {
    const { engine } = openTestEngine();
    await record(engine, 's', [['user', 'I play the cello.']]);
    server.script(PATH, { hang: true });
    const c = new AbortController();
    const p = consolidateSession(engine, extractor(), 's', { signal: c.signal });
    setTimeout(() => c.abort(), 100);
    const out = await p;
    expect(out.status).toBe('cancelled');
    expect(engine.getSession('s')?.status).toBe('completed');
    expect(semanticCount(engine)).toBe(0);
  });

  it('reports progress by session, step and percent', async () => {
    const { engine } = openTestEngine();
    await record(engine, 's', [['user', 'I play the cello.']]);
    server.setDefault(PATH, memoryAgent());
    const events: { step: string; percent: number; sessionId: string | null }[] = [];
    await consolidateSession(engine, extractor(), 's', { onProgress: (p) => events.push(p) });
    expect(events.map((e) => e.step)).toEqual(['episodes', 'extract', 'dedup', 'conflicts', 'write', 'done']);
    expect(events.every((e) => e.sessionId === 's')).toBe(true);
    expect(events.at(-1)?.percent).toBe(100);
    const percents = events.map((e) => e.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
  });
});
