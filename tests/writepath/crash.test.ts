import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { WritePathService } from '../../src-main/writepath/service';
import { startScriptedOpenAI, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { memoryAgent } from '../helpers/scripted-memory-agent';
import { runUntilKilled } from '../helpers/kill-child';
import { makeTempDir } from '../helpers/temp-engine';

const SESSIONS = 12;

/** Run the consolidator until it announces its `writes`-th write step, then SIGKILL it. */
async function runAndKill(dataDir: string, baseURL: string, writes: number): Promise<number> {
  let seen = 0;
  await runUntilKilled(join(__dirname, 'crash-consolidator.ts'), [dataDir, baseURL], (line) => {
    const event = JSON.parse(line) as { step: string };
    return event.step === 'write' && ++seen === writes;
  });
  return seen;
}

let server: ScriptedOpenAIServer;
beforeEach(async () => {
  server = await startScriptedOpenAI();
  // A little latency, as a real endpoint has, so the kill can land anywhere in a session's work.
  const agent = memoryAgent();
  server.setDefault('/v1/chat/completions', async (req) => ({ delayMs: 15, then: await agent(req) }));
});
afterEach(async () => {
  await server.close();
});

describe('write-path crash safety', () => {
  it('killed mid-consolidation then rerun: no duplicate facts, every session marked once', async () => {
    const dir = makeTempDir();
    const seed = MemoryEngine.open({ dataDir: dir });
    for (let s = 0; s < SESSIONS; s++) {
      for (let t = 0; t < 3; t++) seed.recordEpisode({ sessionId: `s${s}`, role: 'user', content: `Session ${s} statement ${t}: I collect stamp number ${s * 10 + t}.` });
      seed.recordEpisode({ sessionId: `s${s}`, role: 'assistant', content: `Noted, session ${s}.` });
    }
    await seed.flush();
    for (let s = 0; s < SESSIONS; s++) seed.markSessionCompleted(`s${s}`);
    await seed.close();

    for (const writes of [3, 6]) expect(await runAndKill(dir, server.baseURL, writes)).toBe(writes);

    const engine = MemoryEngine.open({ dataDir: dir });
    try {
      const partly = engine.writePathStats();
      expect(partly.sessions.consolidated).toBeGreaterThanOrEqual(2);
      expect(partly.sessions.consolidated).toBeLessThan(SESSIONS);
      const service = new WritePathService({ engine, agent: { baseURL: server.baseURL, model: 'agent-model', maxRetries: 0 } });
      const report = await service.consolidateNow();
      await service.close();
      expect(report.sessions.every((s) => s.status === 'consolidated')).toBe(true);

      const db = engine.database;
      const facts = db.prepare(`SELECT content, count(*) AS n FROM nodes WHERE type = 'semantic' GROUP BY content`).all() as { content: string; n: number }[];
      expect(facts).toHaveLength(SESSIONS * 3);
      expect(facts.every((f) => f.n === 1)).toBe(true);
      // Each fact points at exactly its own episode.
      const wrong = db
        .prepare(
          `SELECT count(*) AS n FROM nodes f JOIN edges e ON e.source_id = f.id AND e.relation_type = 'derived_from'
           JOIN nodes ep ON ep.id = e.target_id WHERE f.type = 'semantic' AND f.content != 'User said: ' || ep.content`,
        )
        .get() as { n: number };
      expect(wrong.n).toBe(0);
      const runs = db.prepare(`SELECT session_id, count(*) AS n FROM writepath_runs WHERE kind = 'consolidation' AND status = 'ok' GROUP BY session_id`).all() as { n: number }[];
      expect(runs).toHaveLength(SESSIONS);
      expect(runs.every((r) => r.n === 1)).toBe(true);
      expect(engine.writePathStats().sessions.consolidated).toBe(SESSIONS);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await engine.close();
    }
  });
});
