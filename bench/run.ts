/**
 * `npm run bench -- [--json] [--only NAME[,NAME]] [--nodes N] [--memory-dir DIR]`: runs the benchmarks and
 * prints their figures, one JSON object with --json (one key per benchmark). Not part of the test run.
 * --memory-dir keeps the search/inspector memory in DIR (built once, reused by later runs and keys).
 */
import { parseArgs } from 'node:util';
import { benchApp } from './app';
import { benchConflictPairs } from './conflict-pairs';
import { benchConsolidation } from './consolidation';
import { benchDecay } from './decay';
import { benchImport } from './import';
import { benchExtraction } from './extraction';
import { benchIngest } from './ingest';
import { benchInspector } from './inspector';
import { benchSearch } from './search';
import { measureStall } from './lib/stats';
import { benchUiThread } from './ui-thread';

type Bench = (nodes: number, memoryDir: string | undefined) => Promise<object>;

/** For keys whose work is one in-process call: its figures plus the stall while it ran. */
async function withStall(fn: () => Promise<object>): Promise<object> {
  const { result, stall } = await measureStall(fn);
  return { ...result, ...stall };
}

const BENCHES: Record<string, Bench> = {
  ingest: (nodes) => benchIngest({ nodes }),
  // The target is set at 10,000 nodes; --nodes can only shrink it.
  app: (nodes) => benchApp({ nodes: Math.min(nodes, 10_000) }),
  search: (nodes, memoryDir) => benchSearch({ nodes, dir: memoryDir }),
  // 50 sessions against a scripted OpenAI-compatible server (issue 5); --nodes does not apply.
  consolidation: () => benchConsolidation({ sessions: 50 }),
  // Issue 11: the nightly maintenance sweep without an LLM (decay, prune, offline consolidation) over --nodes.
  decay: (nodes) => benchDecay({ nodes }),
  // Issue 6: measured in headless Chromium over a browser-mode memory of --nodes nodes.
  inspector: (nodes, memoryDir) => benchInspector({ nodes, dir: memoryDir }),
  // Issue 13: a generated ChatGPT export of 10,000 conversations (100,000 messages); --nodes does not apply.
  import: () => benchImport({ conversations: 10_000 }),
  // Issue 14: offline extraction on the labelled fixtures, per NLP library; --nodes does not apply.
  extraction: async () => withStall(() => benchExtraction()),
  // Issue 14: conflict pairs per new fact and per call, a scripted agent writing ~900 facts naming two speakers.
  conflicts: async () => withStall(() => benchConflictPairs({ sessions: 8, turns: 30 })),
  // Issue 11: the main thread's stall while the engine works on its worker thread, call by call as the UI makes them.
  'ui-thread': (nodes) => benchUiThread({ nodes }),
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      only: { type: 'string' },
      nodes: { type: 'string', default: '100000' },
      'memory-dir': { type: 'string' },
    },
  });
  const nodes = Number(values.nodes);
  if (!Number.isInteger(nodes) || nodes < 100) throw new Error(`--nodes must be an integer ≥ 100, got ${values.nodes}`);
  const names = values.only ? values.only.split(',') : Object.keys(BENCHES);
  const out: Record<string, object> = {};
  for (const name of names) {
    if (!BENCHES[name]) throw new Error(`unknown benchmark "${name}" (have: ${Object.keys(BENCHES).join(', ')})`);
  }
  for (const name of names) {
    const bench = BENCHES[name] as Bench;
    try {
      out[name] = await bench(nodes, values['memory-dir']);
    } catch (err) {
      // One failing key (a 1M run that hits a limit) must not throw away the figures of the others.
      process.stderr.write(`bench ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      out[name] = { error: err instanceof Error ? err.message : String(err) };
      process.exitCode = 1;
    }
    if (!values.json) process.stdout.write(`${name}: ${JSON.stringify(out[name], null, 2)}\n`);
  }
  if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
