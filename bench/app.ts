/**
 * App benchmark (issue: desktop app): how fast browser mode becomes a usable chat, and how much the memory
 * context adds before the model's first token, with 10,000 nodes in memory.
 *
 * - start_to_interactive_ms: median of 5 cold starts of the browser-mode process (the `npm start` entry, renderer
 *   already built) until the chat box in Chromium is editable. Chromium is launched beforehand, as a user's
 *   browser would already be open.
 * - context_injection_p95_ms: from chat.send() to the request reaching the (scripted, in-process) model server:
 *   recording the message, the context pack (search + assembly + storing it), history and prompt building.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { AppHost } from '../src-main/host/app-host';
import { MemorySecretStore } from '../src-main/llm/secrets';
import type { Logger } from '../src-shared/clock';
import { chatChunk, startScriptedOpenAI } from '../tests/helpers/scripted-openai-server';
import { chatStream, PEOPLE, PLACES, rng, type ChatMessage } from './lib/chat-corpus';
import { measureStall, percentile, progress, round, type StallFigures } from './lib/stats';
import { printedUrl } from './lib/browser-host';

const ROOT = resolve(import.meta.dirname, '..');

/** main_stall_*: the host's main thread while the replies with context injection run. */
export interface AppFigures extends StallFigures {
  start_to_interactive_ms: number;
  start_to_interactive_runs_ms: number[];
  context_injection_p50_ms: number;
  context_injection_p95_ms: number;
  context_pack_p95_ms: number;
  /** The app's own share (everything but building the pack): recording, storing, prompt, request. */
  app_overhead_p95_ms: number;
  memory_nodes: number;
  replies: number;
}

const quietLogger: Logger = { warn: () => undefined, error: (m, c) => process.stderr.write(`[bench app] ${m}: ${String(c)}\n`) };

export async function benchApp(options: { nodes?: number; replies?: number } = {}): Promise<AppFigures> {
  const startRuns = await measureStart(5);
  const injection = await measureInjection(options.nodes ?? 10_000, options.replies ?? 60);
  return {
    start_to_interactive_ms: Math.round(percentile(startRuns, 50)),
    start_to_interactive_runs_ms: startRuns.map(Math.round),
    ...injection,
  };
}

async function measureStart(runs: number): Promise<number[]> {
  // Measure the code as it is now: the same build `npm start` runs.
  progress('app: building the renderer and the browser-mode host');
  const { buildRenderer, buildWebHost } = await import('../scripts/build-renderer.mjs');
  await buildRenderer({ quiet: true });
  await buildWebHost({ quiet: true });
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'engram-bench-app-'));
      const t0 = performance.now();
      const child = spawn(
        process.execPath,
        [join(ROOT, 'out/web/main.mjs'), '--data-dir', dataDir, '--renderer-dir', join(ROOT, 'out/renderer')],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      try {
        const url = await printedUrl(child);
        const page = await browser.newPage();
        await page.goto(url);
        await page.getByTestId('composer').waitFor({ state: 'visible' });
        // Usable = the message box is enabled and has the focus (the app focuses it once it is ready).
        await page.waitForFunction(
          `(() => { const el = document.querySelector('[data-testid="composer"]'); return !!el && !el.disabled && document.activeElement === el; })()`,
        );
        times.push(performance.now() - t0);
        await page.close();
      } finally {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }
  progress(`app: start to interactive ${times.map((t) => Math.round(t)).join(', ')} ms`);
  return times;
}

async function measureInjection(nodes: number, replies: number): Promise<Omit<AppFigures, 'start_to_interactive_ms' | 'start_to_interactive_runs_ms'>> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-app-'));
  const server = await startScriptedOpenAI({ models: ['bench-model'] });
  let requestAt = 0;
  server.setDefault('/v1/chat/completions', () => {
    requestAt = performance.now();
    return { sse: [chatChunk('ok')] };
  });
  const packTimes: number[] = [];
  const host = new AppHost({
    dataDir: dir,
    secrets: new MemorySecretStore(),
    mode: 'browser',
    version: 'bench',
    logger: quietLogger,
    sweepIntervalMs: 0,
    // Measure injection alone: the catch-up maintenance sweep would otherwise start 60 s in.
    nightly: false,
    onContextInjected: (ms) => packTimes.push(ms),
  });
  try {
    progress(`app: filling memory with ${nodes} nodes`);
    const memory = host.memory;
    for (const name of PEOPLE) memory.createEntity({ name, type: 'person' });
    for (const name of PLACES.filter((p) => !p.startsWith('the '))) memory.createEntity({ name, type: 'place' });
    const facts = Math.round(nodes * 0.15);
    const stream = chatStream(11, undefined, nodes);
    for (let i = 0; i < nodes - facts; i++) {
      const m = stream.next().value as ChatMessage;
      memory.recordEpisode({ content: m.content, sessionId: m.sessionId, role: m.role, eventTime: m.eventTime });
      if (i % 1000 === 999) await memory.flush();
    }
    await memory.flush();
    for (let i = 0; i < facts; i++) {
      const m = stream.next().value as ChatMessage;
      memory.rememberFact({ content: m.content, sourceType: 'consolidation', eventTime: m.eventTime });
    }
    await (memory as unknown as { drainSlowPath(): Promise<void> }).drainSlowPath();
    const total = Object.values(memory.stats().nodes).reduce((a, b) => a + b, 0);

    host.settings.save(
      { provider: { kind: 'custom', baseURL: server.baseURL, chatModel: 'bench-model', agentModel: '', embeddingModel: '' }, sessionTimeoutMinutes: 30 },
      null,
    );
    progress(`app: ${replies} replies with context injection`);
    const overheads: number[] = [];
    const appOnly: number[] = [];
    const questions = questionsFor(replies + 5);
    const chat = host.chat.create();
    const { stall } = await measureStall(async () => {
      for (const [i, question] of questions.entries()) {
        requestAt = 0;
        const t0 = performance.now();
        const { assistantMessage } = await host.chat.send(chat.id, question);
        const reply = await host.chat.waitForReply(assistantMessage.id);
        if (reply.status !== 'complete') throw new Error(`reply ${i} ended ${reply.status}: ${reply.error?.message ?? ''}`);
        // The first few warm caches and the intent classifier; they are not what a user sees all day.
        if (i >= 5) {
          overheads.push(requestAt - t0);
          appOnly.push(requestAt - t0 - (packTimes.at(-1) ?? 0));
        }
      }
    });
    return {
      ...stall,
      context_injection_p50_ms: round(percentile(overheads, 50), 2),
      context_injection_p95_ms: round(percentile(overheads, 95), 2),
      context_pack_p95_ms: round(percentile(packTimes.slice(5), 95), 2),
      app_overhead_p95_ms: round(percentile(appOnly, 95), 2),
      memory_nodes: total,
      replies: overheads.length,
    };
  } finally {
    await host.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a person asks a chat with memory, across intents, mentioning people and places of the corpus. */
function questionsFor(n: number): string[] {
  const r = rng(123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const templates: ((p: string, q: string) => string)[] = [
    (p) => `When did I last talk to ${p}?`,
    (p, q) => `Did ${p} ever go to ${q}?`,
    (p) => `What do you know about ${p}?`,
    () => 'Why was I so tired last week?',
    (_p, q) => `What did we plan for ${q}?`,
    () => 'Remind me what I decided about the new laptop',
    (p) => `Help me write a birthday message for ${p}`,
  ];
  return Array.from({ length: n }, () => pick(templates)(pick(PEOPLE), pick(PLACES)));
}
