/**
 * Issue 29: the built-in model on the tiny random-weight GGUF (scripts/make-tiny-gguf.ts): time to the first
 * answer (worker start + load), tokens per second, and the main thread's stall while the model generates on
 * its own worker thread (what the window would feel).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTinyGguf } from '../scripts/make-tiny-gguf';
import { BuiltinModelRuntime } from '../src-main/llm/builtin/runtime';
import { measureStall, round, type StallFigures } from './lib/stats';

export interface BuiltinModelFigures extends StallFigures {
  model_bytes: number;
  /** Worker start, model load and a 1-token answer. */
  load_ms: number;
  tokens: number;
  tokens_per_second: number;
}

export async function benchBuiltinModel(): Promise<BuiltinModelFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-model-'));
  const runtime = new BuiltinModelRuntime();
  try {
    const modelPath = writeTinyGguf(join(dir, 'tiny.gguf'));
    const started = performance.now();
    await runtime.generate({ modelPath, messages: [{ role: 'user', content: 'hi' }], maxTokens: 1 });
    const loadMs = performance.now() - started;
    const genStart = performance.now();
    const { result, stall } = await measureStall(() =>
      runtime.generate({ modelPath, messages: [{ role: 'user', content: 'Tell me about my week' }], maxTokens: 200, temperature: 0.7 }),
    );
    const seconds = (performance.now() - genStart) / 1000;
    return {
      model_bytes: statSync(modelPath).size,
      load_ms: round(loadMs, 0),
      tokens: result.completionTokens,
      tokens_per_second: round(result.completionTokens / seconds, 1),
      ...stall,
    };
  } finally {
    runtime.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
