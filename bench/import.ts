/**
 * Import benchmark (issue 13): a generated ChatGPT export of N conversations (branches, a system root and a
 * hidden message each, 10 visible turns) is written to disk, then imported as the CLI does (slow path
 * running) into a fresh memory. Figures: messages/s before consolidation, peak RSS, and re-import time.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runImport } from '../src-main/data/import/run';
import { MemoryEngine } from '../src-main/memory/engine';
import { chatStream } from './lib/chat-corpus';
import { measureStall, progress, round, type StallFigures } from './lib/stats';

export interface ImportFigures extends StallFigures {
  conversations: number;
  messages: number;
  export_mb: number;
  import_ms: number;
  messages_per_s: number;
  /** CPU time of the import (main thread and SQLite, plus the slow path embedding alongside) and the rate it allows. */
  import_cpu_ms: number;
  messages_per_cpu_s: number;
  peak_heap_mb: number;
  reimport_ms: number;
  reimport_added: number;
  peak_rss_mb: number;
}

/** One conversation in the ChatGPT export shape, with a regenerated reply and hidden plumbing. */
function conversation(i: number, texts: Generator<{ content: string }>, start: number): object {
  const mapping: Record<string, object> = {};
  const node = (id: string, parent: string | null, role: string, text: string, t: number | null, extra: object = {}): void => {
    mapping[id] = {
      id,
      parent,
      children: [],
      message: { id, author: { role, metadata: {} }, create_time: t, content: { content_type: 'text', parts: [text] }, status: 'finished_successfully', weight: 1, metadata: {}, recipient: 'all', ...extra },
    };
    if (parent) (mapping[parent] as { children: string[] }).children.push(id);
  };
  mapping[`r${i}`] = { id: `r${i}`, message: null, parent: null, children: [] };
  node(`s${i}`, `r${i}`, 'system', '', null, { metadata: { is_visually_hidden_from_conversation: true } });
  let parent = `s${i}`;
  for (let turn = 0; turn < 10; turn++) {
    const id = `c${i}m${turn}`;
    const t = (start + turn * 45_000 + 123) / 1000;
    node(id, parent, turn % 2 === 0 ? 'user' : 'assistant', texts.next().value?.content ?? 'hello', t);
    if (turn === 3) node(`${id}old`, parent, 'assistant', 'an abandoned answer', t - 1);
    parent = id;
  }
  return { title: `Conversation ${i}`, create_time: start / 1000, update_time: start / 1000 + 500, conversation_id: `bench-${i}`, current_node: parent, mapping };
}

/** Writes a generated ChatGPT export of `conversations` conversations (10 visible turns each) to `file`. */
export async function writeChatGptExport(file: string, conversations: number): Promise<void> {
  const out = createWriteStream(file);
  const texts = chatStream(7);
  out.write('[');
  for (let i = 0; i < conversations; i++) {
    const ok = out.write(`${i ? ',' : ''}${JSON.stringify(conversation(i, texts, Date.parse('2024-01-01T00:00:00Z') + i * 3_600_000))}`);
    if (!ok) await once(out, 'drain');
  }
  out.end(']');
  await once(out, 'close');
}

export async function benchImport(options: { conversations: number }): Promise<ImportFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-import-'));
  let peak = 0;
  let peakHeap = 0;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
  }, 50);
  try {
    const file = join(dir, 'conversations.json');
    await writeChatGptExport(file, options.conversations);
    progress(`export written: ${(statSync(file).size / 1_048_576).toFixed(1)} MB`);
    peak = 0;
    peakHeap = 0;
    const engine = MemoryEngine.open({ dataDir: join(dir, 'data') });
    try {
      const cpu0 = process.cpuUsage();
      // The stall covers the first import (the one a person waits for), slow path included.
      const { result: first, stall } = await measureStall(() =>
        runImport(engine, file, { onProgress: (p) => progress(`import ${p.percent}% · ${p.messagesAdded} messages`) }),
      );
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
      const again = await runImport(engine, file);
      return {
        conversations: first.conversations,
        messages: first.messagesAdded,
        export_mb: round(statSync(file).size / 1_048_576, 1),
        import_ms: first.elapsedMs,
        messages_per_s: first.messagesPerSecond,
        import_cpu_ms: cpuMs,
        messages_per_cpu_s: Math.round((first.messagesAdded / cpuMs) * 1000),
        peak_heap_mb: round(peakHeap / 1_048_576, 0),
        reimport_ms: again.elapsedMs,
        reimport_added: again.messagesAdded,
        peak_rss_mb: round(peak / 1_048_576, 0),
        ...stall,
      };
    } finally {
      await engine.close();
    }
  } finally {
    clearInterval(sample);
    rmSync(dir, { recursive: true, force: true });
  }
}
