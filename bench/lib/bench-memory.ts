/**
 * The benchmark memory (search, inspector, decay): N nodes of generated chat, ~2% of them facts linked to
 * people, all embedded by the built-in offline embedder. Episodes go in with the engine's bulk path
 * (`recordEpisodesWith`: one transaction per 5,000), facts in write transactions of 2,000, so a million
 * nodes take minutes, not one API call and one commit per node. Nothing is held in RAM beyond one chunk.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { MemoryEngine } from '../../src-main/memory/engine';
import { databasePath } from '../../src-main/memory/paths';
import type { EncryptionOptions } from '../../src-main/storage/memory-key';
import { chatStream, PEOPLE, type ChatMessage } from './chat-corpus';
import { progress } from './stats';

const EPISODES_PER_TX = 5_000;
const FACTS_PER_TX = 2_000;

export interface BenchMemoryFigures {
  /** Wall time to generate, store and embed the memory (s). */
  generation_s: number;
  /** Peak resident memory of this process while generating (MB). */
  generation_peak_rss_mb: number;
}

export interface BenchMemoryOptions {
  /** Share of nodes that are facts (default 2%). */
  factShare?: number;
  /** The memory's encryption (default: encrypted, as every new memory); bench/encryption.ts compares both. */
  encryption?: EncryptionOptions;
}

/**
 * A memory in daily use: its conversations consolidated and last night's sweep done. Without this, a
 * browser-mode host opened on it would start consolidating every generated session 60 s after launch
 * (the catch-up sweep) in the middle of the inspector's measurements.
 */
function settle(engine: MemoryEngine): void {
  const now = engine.clock.now();
  engine.database.prepare(`UPDATE memory_sessions SET status = 'consolidated', consolidated_at = ? WHERE status != 'consolidated'`).run(now);
  engine.writePathStore.recordRun({
    kind: 'maintenance',
    sessionId: null,
    trigger: 'bench',
    mode: 'offline',
    model: null,
    startedAt: now,
    finishedAt: now,
    status: 'ok',
    error: null,
    promptTokens: 0,
    completionTokens: 0,
    llmCalls: 0,
    summary: {},
  });
}

/** A kept memory whose build was interrupted while embedding: embed the rest, then settle it. */
async function finishBenchMemory(dir: string): Promise<void> {
  const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
  try {
    const pending = engine.stats().pending_embeddings;
    if (pending === 0) return;
    const t0 = performance.now();
    progress(`bench memory: ${pending.toLocaleString()} nodes left to embed`);
    await engine.drainSlowPath((p) => {
      if (p.processed % 51_200 === 0) progress(`bench memory: ${p.processed.toLocaleString()} embedded, ${p.remaining.toLocaleString()} to go`);
    });
    settle(engine);
    progress(`bench memory: finished in ${Math.round((performance.now() - t0) / 1000)} s`);
  } finally {
    await engine.close();
  }
}

export async function buildBenchMemory(dir: string, nodes: number, options: BenchMemoryOptions = {}): Promise<BenchMemoryFigures> {
  const t0 = performance.now();
  let peakRss = 0;
  const sampleRss = (): void => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false, ...(options.encryption ? { encryption: options.encryption } : {}) });
  try {
    const people = PEOPLE.map((name) => engine.createEntity({ name, type: 'person' }).id);
    const facts = Math.floor(nodes * (options.factShare ?? 0.02));
    const episodes = nodes - facts;
    const stream = chatStream(11, undefined, episodes);
    for (let done = 0; done < episodes; ) {
      const chunk = Array.from({ length: Math.min(EPISODES_PER_TX, episodes - done) }, () => {
        const m = stream.next().value as ChatMessage;
        return { content: m.content, sessionId: m.sessionId, role: m.role, eventTime: m.eventTime };
      });
      engine.recordEpisodesWith(chunk, () => undefined);
      done += chunk.length;
      if (done % 50_000 < EPISODES_PER_TX) {
        sampleRss();
        progress(`bench memory: ${done.toLocaleString()} episodes`);
      }
      // Let the change feed and timers run between chunks, as a long import does.
      await new Promise<void>((r) => setImmediate(r));
    }
    for (let done = 0; done < facts; ) {
      const n = Math.min(FACTS_PER_TX, facts - done);
      engine.writeTransaction(() => {
        for (let i = done; i < done + n; i++) {
          const m = stream.next().value as ChatMessage;
          engine.rememberFact({ content: `User mentioned: ${m.content}`, sourceType: 'extraction', entityIds: [people[i % people.length] as string] });
        }
      });
      done += n;
      await new Promise<void>((r) => setImmediate(r));
    }
    sampleRss();
    progress(`bench memory: ${facts.toLocaleString()} facts; embedding ${nodes.toLocaleString()} nodes`);
    await engine.drainSlowPath((p) => {
      if (p.processed % 51_200 === 0) {
        sampleRss();
        progress(`bench memory: ${p.processed.toLocaleString()} embedded, ${p.remaining.toLocaleString()} to go`);
      }
    });
    settle(engine);
    sampleRss();
  } finally {
    await engine.close();
  }
  return { generation_s: Math.round((performance.now() - t0) / 100) / 10, generation_peak_rss_mb: Math.round(peakRss / 1e6) };
}

/**
 * `--memory-dir DIR` (search, inspector): build the bench memory there once and keep it, so a 1M-node memory
 * is generated once for several keys. A folder that already holds a memory is reused as it is (its
 * generation figures are then absent).
 */
export async function reusableBenchMemory(dir: string, nodes: number): Promise<Partial<BenchMemoryFigures>> {
  if (existsSync(databasePath(dir))) {
    progress(`bench memory: reusing ${dir}`);
    await finishBenchMemory(dir);
    return {};
  }
  mkdirSync(dir, { recursive: true });
  return buildBenchMemory(dir, nodes);
}
