/**
 * Issue 21: every text path on 100,000-character adversarial inputs (tests/fixtures/hostile/long-text.ts), in
 * ms per input and path, with the maximum per path (target ≤ 250 ms each). The same runner as
 * tests/reliability/long-text.test.ts, which bounds the figures. A baseline row, ordinary prose of the same
 * length through the same paths in the same run, gives each path's worst/baseline ratio, which a shared or
 * slower machine changes far less than the milliseconds.
 *   npx tsx bench/long-text.ts [--json]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { HOSTILE_LONG_TEXTS, repeatTo } from '../tests/fixtures/hostile/long-text';
import { LONG_TEXT_PATHS, prepareLongTextMemory, timeLongTextPaths, timingTable, type PathTimings } from '../tests/helpers/long-text-paths';

/** What a person might paste: names, places, dates, first-person statements and plain prose. */
const ORDINARY_PROSE =
  'Last week I met Ana Souza from Example at the Lisbon office; we talked about the move on 3 May 2024 and the budget. ' +
  'My brother Tomás lives in Porto and works as a nurse. I prefer tea over coffee, and I started running in March. ' +
  'The report is due next Friday, see https://example.com/report for the draft and write to ana@example.com. ';

export async function benchLongText(options: { print?: boolean } = {}): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-long-text-'));
  const engine = MemoryEngine.open({ dataDir: join(dir, 'memory') });
  try {
    const state = await prepareLongTextMemory(engine);
    const table = new Map<string, PathTimings>();
    for (const [name, text] of Object.entries(HOSTILE_LONG_TEXTS)) table.set(name, await timeLongTextPaths(engine, state, text, table.size, dir));
    // Last, so it pays no first-use costs (module loads, compiled patterns) the hostile inputs paid before it.
    const baseline = await timeLongTextPaths(engine, state, repeatTo(ORDINARY_PROSE), 999, dir);
    if (options.print) console.log(timingTable(table));
    const max = Object.fromEntries(LONG_TEXT_PATHS.map((p) => [p, Math.round(Math.max(...[...table.values()].map((row) => row.get(p) ?? 0)))]));
    const perInput = Object.fromEntries([...table].map(([name, row]) => [name, Object.fromEntries([...row].map(([p, ms]) => [p, Math.round(ms)]))]));
    const baselineMs = Object.fromEntries(LONG_TEXT_PATHS.map((p) => [p, Math.round(baseline.get(p) ?? 0)]));
    const ratio = Object.fromEntries(LONG_TEXT_PATHS.map((p) => [p, Math.round(((max[p] ?? 0) / Math.max(1, baselineMs[p] ?? 0)) * 10) / 10]));
    return {
      inputs: table.size,
      chars_per_input: 100_000,
      max_ms_per_path: max,
      baseline_ms_per_path: baselineMs,
      max_to_baseline_ratio: ratio,
      per_input_ms: perInput,
      load_avg_1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    };
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const json = process.argv.includes('--json');
  const result = await benchLongText({ print: !json });
  const { max_ms_per_path, baseline_ms_per_path, max_to_baseline_ratio } = result as Record<string, object>;
  console.log(JSON.stringify(json ? result : { max_ms_per_path, baseline_ms_per_path, max_to_baseline_ratio }, null, 2));
}
