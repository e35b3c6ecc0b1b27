/**
 * Issue 21: every text path on 100,000-character adversarial inputs (tests/fixtures/hostile/long-text.ts), in
 * ms per input and path, with the maximum per path (target ≤ 250 ms each). The same runner as
 * tests/reliability/long-text.test.ts, which bounds the figures.
 *   npx tsx bench/long-text.ts [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { HOSTILE_LONG_TEXTS } from '../tests/fixtures/hostile/long-text';
import { LONG_TEXT_PATHS, prepareLongTextMemory, timeLongTextPaths, timingTable, type PathTimings } from '../tests/helpers/long-text-paths';

export async function benchLongText(options: { print?: boolean } = {}): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-long-text-'));
  const engine = MemoryEngine.open({ dataDir: join(dir, 'memory') });
  try {
    const state = await prepareLongTextMemory(engine);
    const table = new Map<string, PathTimings>();
    for (const [name, text] of Object.entries(HOSTILE_LONG_TEXTS)) table.set(name, await timeLongTextPaths(engine, state, text, table.size, dir));
    if (options.print) console.log(timingTable(table));
    const max = Object.fromEntries(LONG_TEXT_PATHS.map((p) => [p, Math.round(Math.max(...[...table.values()].map((row) => row.get(p) ?? 0)))]));
    const perInput = Object.fromEntries([...table].map(([name, row]) => [name, Object.fromEntries([...row].map(([p, ms]) => [p, Math.round(ms)]))]));
    return { inputs: table.size, chars_per_input: 100_000, max_ms_per_path: max, per_input_ms: perInput, load_avg_1m: Math.round((loadavg()[0] ?? 0) * 100) / 100 };
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const json = process.argv.includes('--json');
  const result = await benchLongText({ print: !json });
  console.log(JSON.stringify(json ? result : { max_ms_per_path: (result as { max_ms_per_path: object }).max_ms_per_path }, null, 2));
}
