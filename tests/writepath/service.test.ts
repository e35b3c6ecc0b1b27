import { useScriptedOpenAI } from '../helpers/use-scripted-openai';
import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { WritePathService } from '../../src-main/writepath/service';
import type { WritePathProgress } from '../../src-main/writepath/types';
import { openAIError, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { memoryAgent } from '../helpers/scripted-memory-agent';
import { CollectingLogger, ManualClock, openTestEngine } from '../helpers/temp-engine';

const PATH = '/v1/chat/completions';
let server: ScriptedOpenAIServer;
useScriptedOpenAI((s) => (server = s));

function service(engine: MemoryEngine, llm: boolean): WritePathService {
  const s = new WritePathService({
    engine,
    agent: llm ? { baseURL: server.baseURL, model: 'agent-model', maxRetries: 0, timeoutMs: 2_000 } : null,
    triggerDelayMs: 0,
    switchGraceMs: 30,
    idleMs: 60_000,
  });
  return s;
}

async function say(engine: MemoryEngine, sessionId: string, content: string, role = 'user'): Promise<void> {
  engine.recordEpisode({ sessionId, role, content });
  await engine.flush();
}

describe('write-path service triggers', () => {
  it('session.completed from the chat consolidates that session in the background, with progress', async () => {
    const { engine } = openTestEngine();
    server.setDefault(PATH, memoryAgent());
    const wp = service(engine, true);
    const events: WritePathProgress[] = [];
    wp.onProgress((p) => events.push(p));
    await say(engine, 'chat-1', 'I play the cello.');
    engine.markSessionCompleted('chat-1');
    wp.sessionCompleted('chat-1');
    await wp.idle();
    expect(engine.getSession('chat-1')?.status).toBe('consolidated');
    expect(events.some((e) => e.sessionId === 'chat-1' && e.step === 'done' && e.percent === 100)).toBe(true);
    expect(engine.writePathStore.listRuns()[0]).toMatchObject({ trigger: 'session.completed', mode: 'llm' });
    await wp.close();
  });

  it('a transient failure of a background consolidation is retried after a delay', async () => {
    const { engine } = openTestEngine();
    server.script(PATH, openAIError(429, 'slow down'));
    server.setDefault(PATH, memoryAgent());
    const wp = new WritePathService({ engine, agent: { baseURL: server.baseURL, model: 'm', maxRetries: 0 }, triggerDelayMs: 0, retryDelayMs: 20, logger: new CollectingLogger() });
    await say(engine, 'chat-1', 'I play the cello.');
    wp.sessionCompleted('chat-1');
    await wp.idle();
    expect(engine.getSession('chat-1')).toMatchObject({ status: 'consolidated', attempts: 2 });
    expect(engine.writePathStore.listRuns({ sessionId: 'chat-1' }).map((r) => r.status)).toEqual(['ok', 'failed']);
    await wp.close();
  });

  it('a new session id in recorded episodes consolidates the previous session', async () => {
    const { engine } = openTestEngine();
    const wp = service(engine, false);
    const off = wp.watchSessionChanges();
    await say(engine, 'a', 'I live in Oslo.');
    await say(engine, 'b', 'Hello again.');
    await wp.idle();
    expect(engine.getSession('a')?.status).toBe('consolidated');
    expect(engine.getSession('b')?.status).toBe('open');
    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content)).toEqual(['User lives in Oslo']);
    off();
    await wp.close();
  });

  it('two sessions used in turn are not consolidated at every switch', async () => {
    const { engine } = openTestEngine();
    const wp = new WritePathService({ engine, agent: null, triggerDelayMs: 0, switchGraceMs: 150 });
    const off = wp.watchSessionChanges();
    for (let i = 0; i < 4; i++) {
      await say(engine, 'a', `I live in Oslo, part ${i}.`);
      await say(engine, 'b', `Message ${i} in the other chat.`);
      await new Promise((r) => setTimeout(r, 50));
    }
    // b is the current session; a went quiet after its last switch and is consolidated once.
    await wp.idle();
    expect(engine.getSession('a')?.status).toBe('consolidated');
    expect(engine.getSession('b')?.status).toBe('open');
    expect(engine.writePathStore.listRuns({ sessionId: 'a' })).toHaveLength(1);
    off();
    await wp.close();
  });

  it('the LLM path takes precedence when configured; offline can be forced; setAgentConfig switches', async () => {
    const { engine } = openTestEngine();
    server.setDefault(PATH, memoryAgent());
    const wp = service(engine, true);
    await say(engine, 'a', 'I live in Oslo.');
    await say(engine, 'b', 'I live in Rome.');
    const forced = await wp.consolidateNow({ sessionId: 'a', offline: true });
    expect(forced).toMatchObject({ mode: 'offline' });
    const llm = await wp.consolidateNow({ sessionId: 'b' });
    expect(llm).toMatchObject({ mode: 'llm', model: 'agent-model' });
    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content).sort()).toEqual(['User lives in Oslo', 'User said: I live in Rome.']);
    wp.setAgentConfig(null);
    expect(wp.llmConfigured).toBe(false);
    await wp.close();
  });

  it('cancelAll stops a consolidation waiting on the model; the session stays pending', async () => {
    const { engine } = openTestEngine();
    server.script(PATH, { hang: true });
    const wp = service(engine, true);
    await say(engine, 'a', 'I live in Oslo.');
    const p = wp.consolidateNow();
    setTimeout(() => void wp.cancelAll(), 100);
    const report = await p;
    expect(report.cancelled).toBe(true);
    expect(report.sessions[0]?.status).toBe('cancelled');
    expect(engine.getSession('a')?.status).toBe('open');
    expect(engine.listNodes({ types: ['semantic'] }).items).toHaveLength(0);
    await wp.close();
  });
});

describe('nightly maintenance', () => {
  it('offline: consolidates idle sessions, runs decay, fills entity summaries, writes the weekly reflection once', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const wp = service(engine, false);
    await say(engine, 'a', 'I live in Oslo. I work at Initech. I love jazz. I use Emacs.');
    clock.advanceDays(1);
    const report = await wp.runMaintenance();
    expect(report.sessions.map((s) => s.status)).toEqual(['consolidated']);
    expect(report.decay).not.toBeNull();
    expect(report.errors).toEqual([]);
    expect(engine.stats().last_decay_run).toBe(new Date(clock.now()).toISOString());
    expect(engine.findEntities('Initech')[0]?.summary).toMatch(/User works at Initech/);

    expect(report.reflectionId).not.toBeNull();
    const reflection = engine.getNode(report.reflectionId as string);
    expect(reflection.node).toMatchObject({ type: 'opinion', sourceType: 'reflection', decayRate: 0 });
    expect(reflection.node.attributes.tags).toEqual(['weekly']);
    expect(reflection.node.content).toMatch(/4 new facts/);
    expect(reflection.derivedFrom.length).toBeGreaterThanOrEqual(3);

    clock.advanceDays(2);
    const again = await wp.runMaintenance();
    expect(again.reflectionId).toBeNull();
    expect(again.reflectionSkipped).toMatch(/six days/);
    expect(wp.lastSweepAt()).toBe(clock.now());
    expect(engine.writePathStats().last_reflection).not.toBeNull();
    await wp.close();
  });

  it('no reflection with fewer than 3 new facts this week', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    const wp = service(engine, false);
    await say(engine, 'a', 'I live in Oslo.');
    clock.advanceDays(1);
    const report = await wp.runMaintenance();
    expect(report.reflectionId).toBeNull();
    expect(report.reflectionSkipped).toMatch(/only 1 new fact/);
    await wp.close();
  });

  it('with the LLM: enrichment and reflection use the agent; a failing step does not stop decay', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    engine.createEntity({ name: 'Maria', type: 'person' });
    engine.rememberFact({ content: 'Maria is the user’s sister', entityIds: [engine.findEntities('Maria')[0]?.id ?? ''] });
    engine.rememberFact({ content: 'User runs marathons' });
    engine.rememberFact({ content: 'User reads every night' });
    server.setDefault(PATH, memoryAgent());
    const wp = service(engine, true);
    const report = await wp.runMaintenance();
    expect(report.errors).toEqual([]);
    expect(engine.findEntities('Maria')[0]).toMatchObject({ summary: 'Maria is someone the user talks about.' });
    expect(engine.getNode(report.reflectionId as string).node.content).toMatch(/User had a busy week of changes/);
    const maintenance = engine.writePathStore.listRuns({ kind: 'maintenance' })[0];
    expect(maintenance?.llmCalls).toBe(2);

    clock.advanceDays(1);
    // A fact newer than the summary puts the entity back on the enrichment list.
    engine.rememberFact({ content: 'Maria moved to Rome', entityIds: [engine.findEntities('Maria')[0]?.id ?? ''] });
    server.setDefault(PATH, undefined);
    server.script(PATH, openAIError(500, 'down'));
    const failing = await wp.runMaintenance();
    expect(failing.errors.join()).toMatch(/enrichment: server_error/);
    expect(failing.decay).not.toBeNull();
    expect(engine.writePathStore.listRuns({ kind: 'maintenance' })[0]?.status).toBe('failed');
    await wp.close();
  });
});
