/**
 * Consolidation benchmark (issue 5): 50 sessions of generated chat consolidated one after another by the
 * LLM write path against a scripted OpenAI-compatible server (in a child process, answering at once), on
 * a memory that already holds background episodes and facts. Figures: sessions per minute, time spent in
 * SQLite per session (episode pages, the one write transaction), and the main thread's event-loop stall
 * p99 while it runs. Model latency is not simulated: sessions_per_min is Engram's overhead alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { WritePathService } from '../src-main/writepath/service';
import { chatStream, PEOPLE, type ChatMessage } from './lib/chat-corpus';
import { measureStall, percentile, progress, round, type StallFigures } from './lib/stats';

export interface ConsolidationFigures extends StallFigures {
  sessions: number;
  sessions_per_min: number;
  db_ms_per_session: number;
  /** The one write transaction per session: the longest single main-thread block of our own. */
  write_tx_ms_p50: number;
  write_tx_ms_max: number;
  /** The same monitor over 3 s of doing nothing, just before: what the machine's load alone costs. */
  idle_main_stall_p99_ms: number;
  facts_created: number;
  llm_calls: number;
  background_nodes: number;
}

async function startAgentServer(): Promise<{ baseURL: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'lib', 'agent-server.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const baseURL = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const nl = buffer.indexOf('\n');
      if (nl >= 0) resolve((JSON.parse(buffer.slice(0, nl)) as { baseURL: string }).baseURL);
    });
    child.on('exit', (code) => reject(new Error(`agent server exited (${code})`)));
  });
  return { baseURL, stop: () => child.kill('SIGTERM') };
}

export async function benchConsolidation(options: { sessions?: number; backgroundEpisodes?: number; keep?: boolean } = {}): Promise<ConsolidationFigures> {
  const sessions = options.sessions ?? 50;
  const background = options.backgroundEpisodes ?? 5_000;
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-consolidation-'));
  const server = await startAgentServer();
  const engine = MemoryEngine.open({ dataDir: dir });
  try {
    for (const name of PEOPLE.slice(0, 8)) engine.createEntity({ name, type: 'person' });
    // Background: a memory in use, with episodes and facts for search, dedup and conflicts to work against.
    const stream = chatStream(11, undefined, background);
    const backgroundIds: string[] = [];
    for (let i = 0; i < background; i++) {
      const m = stream.next().value as ChatMessage;
      backgroundIds.push(engine.recordEpisode({ content: m.content, sessionId: `bg-${m.sessionId}`, role: m.role, eventTime: m.eventTime }));
      if (i % 500 === 499) await engine.flush();
    }
    await engine.flush();
    engine.writeTransaction(() => {
      for (let i = 0; i < background; i += 5) {
        engine.rememberFact({ content: `Background fact ${i}: ${engine.getNode(backgroundIds[i] as string).node.content.slice(0, 120)}`, sourceType: 'consolidation', derivedFrom: [backgroundIds[i] as string] });
      }
    });
    // Background sessions count as already consolidated, so only the benchmark's sessions are pending.
    engine.database.prepare(`UPDATE memory_sessions SET status = 'consolidated' WHERE id LIKE 'bg-%'`).run();
    progress(`consolidation: background of ${background} episodes ready; embedding`);
    await engine.drainSlowPath();

    const ids: string[] = [];
    const fresh = chatStream(12);
    let current = '';
    for (;;) {
      const m = fresh.next().value as ChatMessage;
      if (m.sessionId !== current) {
        if (ids.length === sessions) break;
        current = m.sessionId;
        ids.push(current);
      }
      engine.recordEpisode({ content: m.content, sessionId: m.sessionId, role: m.role, eventTime: m.eventTime });
    }
    await engine.flush();
    for (const id of ids) engine.markSessionCompleted(id);
    await engine.drainSlowPath();
    const backgroundNodes = engine.stats().nodes;

    const idle = await measureStall(() => new Promise<void>((resolve) => setTimeout(resolve, 3_000)));
    const service = new WritePathService({ engine, agent: { baseURL: server.baseURL, model: 'bench-agent', maxRetries: 0 } });
    let dbMs = 0;
    const writes: number[] = [];
    let facts = 0;
    let calls = 0;
    const t0 = performance.now();
    const { stall } = await measureStall(async () => {
      for (const [i, id] of ids.entries()) {
        const r = await service.consolidateNow({ sessionId: id, trigger: 'bench' });
        for (const s of r.sessions) {
          if (s.status !== 'consolidated') throw new Error(`session ${id} ${s.status}: ${s.error ?? ''}`);
          dbMs += s.dbMs;
          writes.push(s.writeMs);
          facts += s.factsCreated.length;
          calls += s.usage.calls;
        }
        if (i % 10 === 9) progress(`consolidation: ${i + 1}/${ids.length} sessions`);
      }
    });
    const elapsedMs = performance.now() - t0;
    await service.close();
    return {
      sessions: ids.length,
      sessions_per_min: Math.round((ids.length / elapsedMs) * 60_000),
      db_ms_per_session: round(dbMs / ids.length, 2),
      ...stall,
      write_tx_ms_p50: round(percentile(writes, 50), 2),
      write_tx_ms_max: round(Math.max(...writes), 2),
      idle_main_stall_p99_ms: idle.stall.main_stall_p99_ms,
      facts_created: facts,
      llm_calls: calls,
      background_nodes: Object.values(backgroundNodes).reduce((a, b) => a + b, 0),
    };
  } finally {
    await engine.close();
    server.stop();
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
}
