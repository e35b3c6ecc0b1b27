/**
 * The thread that serves the window, with the engine on its worker (issue 11): a memory of N nodes opened by a
 * WorkerHost as browser mode and the desktop app do, then search, context packs, chat turns (ingest through the
 * hot path and the slow path), consolidation, the inspector's big reads and nightly maintenance ("run maintenance
 * now": offline consolidation of the pending conversations, decay and pruning), all as contract calls. For each
 * phase: the call time seen from the main thread and the main thread's event-loop stall (what a person would feel).
 * The memory is left with a night's work first (lib/nightly-work.ts, as the decay key does), before the worker
 * opens it. Answers come back as the worker's JSON bytes and are not parsed, as Electron IPC and the browser-mode
 * server forward them; chat turns and the sweep read their (small) answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallInput, CallName, Envelope, MaintenanceSummary } from '../src-main/api/contract';
import type { ChatMessage } from '../src-shared/chat-types';
import { MemorySecretStore } from '../src-main/llm/secrets';
import { WorkerHost } from '../src-main/host/worker/worker-host';
import { MemoryEngine } from '../src-main/memory/engine';
import { buildBenchMemory } from './search';
import { benchQueries } from './lib/queries';
import { leaveNightlyWork } from './lib/nightly-work';
import { measureStall, percentile, progress, round, type StallFigures } from './lib/stats';

interface PhaseFigures extends StallFigures {
  calls: number;
  call_p95_ms: number;
}

export interface UiThreadFigures {
  nodes: number;
  /** The same measure over 3 s with no call at all: the machine's own noise floor in this run. */
  idle: StallFigures;
  search: PhaseFigures;
  context: PhaseFigures;
  chat: PhaseFigures;
  consolidation: PhaseFigures;
  inspector: PhaseFigures;
  /** One memory.runMaintenance call: the whole sweep, with what it found to do. */
  maintenance: PhaseFigures & {
    facts: number;
    sessions_consolidated: number;
    decay_scanned: number;
    decay_updated: number;
    decay_pruned: number;
  };
}

/** Conversations left waiting for the maintenance phase's sweep (as in the decay key). */
const PENDING_SESSIONS = 10;

const quietLogger = { warn: () => undefined, error: (m: string) => progress(`engine error: ${m}`) };

/** A call's answer: an envelope, or its UTF-8 JSON bytes as both transports forward them (see forwarded). */
type Answer = Envelope<unknown> | Uint8Array;

const OK_PREFIX = '{"ok":true';

/** Whether an answer succeeded; bytes are only decoded when they did not (the main thread never parses them). */
function failure(answer: Answer): string | null {
  if (!(answer instanceof Uint8Array)) return answer.ok ? null : answer.error.message;
  const head = new TextDecoder().decode(answer.subarray(0, OK_PREFIX.length));
  if (head === OK_PREFIX) return null;
  const envelope = JSON.parse(new TextDecoder().decode(answer)) as Envelope<unknown>;
  return envelope.ok ? null : envelope.error.message;
}

/** Runs contract calls one after another (as the UI does), timing each from the main thread. */
async function phase(calls: (() => Promise<Answer>)[]): Promise<PhaseFigures> {
  const times: number[] = [];
  const { stall } = await measureStall(async () => {
    for (const call of calls) {
      const t0 = performance.now();
      const answer = await call();
      times.push(performance.now() - t0);
      const failed = failure(answer);
      if (failed !== null) throw new Error(`a call failed: ${failed}`);
    }
  });
  return { calls: calls.length, call_p95_ms: round(percentile(times, 95)), ...stall };
}

export async function benchUiThread(options: { nodes: number }): Promise<UiThreadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-ui-'));
  try {
    await buildBenchMemory(dir, options.nodes);
    const prepared = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    let facts: number;
    try {
      ({ facts } = leaveNightlyWork(prepared, { pendingSessions: PENDING_SESSIONS }));
    } finally {
      await prepared.close();
    }
    progress('ui thread: starting the engine worker');
    const host = await WorkerHost.start({ dataDir: dir, secrets: new MemorySecretStore(), mode: 'browser', version: 'bench', logger: quietLogger });
    try {
      // What Electron IPC and the browser-mode server do with a call: the worker's JSON bytes, forwarded as is.
      const forwarded = <K extends CallName>(name: K, input: CallInput<K>): Promise<Uint8Array> => host.dispatchJson(name, input);
      const queries = benchQueries(220);
      // Warm-up: the worker's vector index, statements and page cache.
      for (const q of queries.slice(0, 20)) await host.dispatch('memory.search', { query: q });
      const { stall: idle } = await measureStall(() => new Promise((resolve) => setTimeout(resolve, 3_000)));
      const search = await phase(queries.slice(20, 220).map((query) => () => forwarded('memory.search', { query })));
      const context = await phase(queries.slice(20, 120).map((prompt) => () => forwarded('memory.contextPreview', { prompt })));

      // Chat turns without a model: each records the message, builds a context pack and answers from memory.
      const chat = await host.call('chat.create', {});
      if (!chat.ok) throw new Error(chat.error.message);
      // A turn is done when its reply is (the next send is refused while one is being written).
      // Memory-only replies are quick: the event may arrive before the send's own answer.
      const done = new Set<string>();
      const waiting = new Map<string, () => void>();
      host.subscribe((name, payload) => {
        const message = payload as ChatMessage;
        if (name !== 'chat.message' || message.status === 'streaming') return;
        done.add(message.id);
        waiting.get(message.id)?.();
      });
      const turn = async (text: string): Promise<Envelope<unknown>> => {
        const sent = await host.call('chat.send', { chatId: chat.value.id, text });
        if (!sent.ok) return sent;
        const id = sent.value.assistantMessage.id;
        if (sent.value.assistantMessage.status === 'streaming' && !done.has(id)) await new Promise<void>((resolve) => waiting.set(id, resolve));
        return sent;
      };
      const chatFigures = await phase(queries.slice(120, 170).map((text) => () => turn(text)));
      const listed = await host.call('chat.list', {});
      const sessionId = listed.ok ? listed.value.find((c) => c.id === chat.value.id)?.memorySessionId : null;
      if (!sessionId) throw new Error('the bench chat has no memory session after its turns');
      const consolidation = await phase([() => forwarded('memory.consolidate', { sessionId, offline: true })]);
      const inspector = await phase([
        () => forwarded('inspector.overview', {}),
        () => forwarded('inspector.graph', { seed: { kind: 'recent' } }),
        () => forwarded('inspector.graph', { seed: { kind: 'connected' } }),
        () => forwarded('inspector.timeline', { from: 0, to: Date.now() + 86_400_000 }),
        () => forwarded('memory.listNodes', {}),
      ]);
      // Last, so the phases before it read the same memory as in earlier runs.
      const swept: { report?: MaintenanceSummary } = {};
      const sweep = await phase([
        async () => {
          const answer = await host.call('memory.runMaintenance', {});
          if (answer.ok) swept.report = answer.value;
          return answer;
        },
      ]);
      const report = swept.report;
      if (!report) throw new Error('maintenance returned no report');
      if (report.errors.length > 0) throw new Error(`maintenance reported errors: ${report.errors.join('; ')}`);
      const maintenance = {
        ...sweep,
        facts,
        sessions_consolidated: report.sessions.filter((s) => s.status === 'consolidated').length,
        decay_scanned: report.decay?.scanned ?? 0,
        decay_updated: report.decay?.updated ?? 0,
        decay_pruned: report.decay?.pruned ?? 0,
      };
      return { nodes: options.nodes, idle, search, context, chat: chatFigures, consolidation, inspector, maintenance };
    } finally {
      await host.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
