/**
 * `npm run bench -- [--json] [--only NAME[,NAME]] [--nodes N] [--memory-dir DIR]`: runs the benchmarks and
 * prints their figures, one JSON object with --json (one key per benchmark). Not part of the test run.
 * --memory-dir keeps the search/inspector memory in DIR (built once, reused by later runs and keys).
 */
import { parseArgs } from 'node:util';
import { benchApp } from './app';
import { benchAsOfGraph } from './asof-graph';
import { benchConflictPairs } from './conflict-pairs';
import { benchConsolidation } from './consolidation';
import { benchDecay } from './decay';
import { benchImport } from './import';
import { benchExtraction } from './extraction';
import { benchLifeChanges } from './life-changes';
import { benchIngest } from './ingest';
import { benchInspector } from './inspector';
import { benchLongText } from './long-text';
import { benchMerkle } from './merkle';
import { benchSearch } from './search';
import { benchSpacesSearch } from './spaces-search';
import { measureStall, type StallFigures } from './lib/stats';
import { benchUiThread } from './ui-thread';
import { benchBuiltinModel } from './builtin-model';
import { benchRetract } from './retract';
import { benchReviewList } from './review-list';
import { benchEncryption } from './encryption';

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
  // Issue 24: truth at the end of twelve lives told over months (a held-out fixture), offline; --nodes does not apply.
  'life-changes': async () => withStall(() => benchLifeChanges()),
  // Issue 14: conflict pairs per new fact and per call, a scripted agent writing ~900 facts naming two speakers.
  conflicts: async () => withStall(() => benchConflictPairs({ sessions: 8, turns: 30 })),
  // Issue 21: every text path on 100,000-character adversarial inputs; --nodes does not apply.
  'long-text': () => benchLongText(),
  // Issue 11: the main thread's stall while the engine works on its worker thread, call by call as the UI makes them.
  'ui-thread': (nodes) => benchUiThread({ nodes }),
  // Issue 29: the built-in model on a generated tiny GGUF; --nodes does not apply.
  builtin_model: () => benchBuiltinModel(),
  // Issue 23: the inspector's graph as of a date against today's, same memory, same run (target ≤ 1.5×).
  'asof-graph': async (nodes) => withStall(() => benchAsOfGraph({ nodes })),
  // Issue 27: root update cost per write, write throughput with vs without content hashing, verify of --nodes.
  merkle: (nodes) => benchMerkle({ nodes }),
  // Issue 23: retract of a 1,000-message chat (target ≤ 2 s) in a memory of --nodes other nodes (at most 20,000).
  'retract-chat': (nodes) => benchRetract({ backgroundNodes: Math.min(nodes, 20_000) }),
  // Issue 23: opening the Review view with 10,000 facts waiting (target ≤ 300 ms); --nodes does not apply.
  'review-list': () => benchReviewList({ proposals: 10_000 }),
  // Issue 26: search and context p95 with the memory split across three spaces vs one, same run.
  'spaces-search': (nodes) => benchSpacesSearch({ nodes }),
  // Issue 27: plaintext vs encrypted memory of --nodes nodes (100,000 for the issue), interleaved in one run.
  encryption: (nodes) => benchEncryption({ nodes }),
};

/**
 * In-process keys run the engine on the benchmark's own thread, so the stall they measure is the engine thread's,
 * not the UI's. When ui-thread ran in the same invocation, the phase doing the same kind of work with the engine
 * on its worker gives those keys' main_stall_* (the thread that serves the window), and the in-process figure
 * stays as engine_thread_stall_*. Every key says which thread its main_stall_* was measured on.
 */
const UI_PHASE_OF: Record<string, string> = { search: 'search', ingest: 'chat', consolidation: 'consolidation', decay: 'maintenance' };

function labelStalls(out: Record<string, object>): void {
  const ui = out['ui-thread'] as Record<string, StallFigures | number> | undefined;
  for (const [name, figures] of Object.entries(out)) {
    if (name === 'ui-thread' || 'error' in figures) continue;
    const f = figures as Record<string, unknown>;
    if (name === 'inspector') {
      f.main_stall_measured_on = 'the browser-mode host main thread (serves the window; engine on its worker)';
      continue;
    }
    const phaseName = UI_PHASE_OF[name];
    const phase = phaseName && ui && typeof ui[phaseName] === 'object' ? (ui[phaseName] as StallFigures) : undefined;
    if (!phase) {
      f.main_stall_measured_on = 'the engine thread (in-process run; run ui-thread for the thread that serves the window)';
      continue;
    }
    f.engine_thread_stall_p99_ms = f.main_stall_p99_ms;
    f.engine_thread_stall_max_ms = f.main_stall_max_ms;
    f.engine_thread_load_avg_1m = f.stall_load_avg_1m;
    f.main_stall_p99_ms = phase.main_stall_p99_ms;
    f.main_stall_max_ms = phase.main_stall_max_ms;
    f.stall_load_avg_1m = phase.stall_load_avg_1m;
    f.main_stall_measured_on = `the thread that serves the window, engine on its worker (ui-thread.${phaseName}, same run)`;
  }
}

/** Each key's stall figures and where they were measured (the non-JSON output prints keys as they finish). */
function stallSummary(out: Record<string, object>): Record<string, unknown> {
  const pick = ['main_stall_p99_ms', 'main_stall_max_ms', 'engine_thread_stall_p99_ms', 'engine_thread_stall_max_ms', 'main_stall_measured_on'];
  return Object.fromEntries(
    Object.entries(out).map(([name, f]) => [name, Object.fromEntries(Object.entries(f).filter(([k]) => pick.includes(k)))]),
  );
}

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
  labelStalls(out);
  if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
  else process.stdout.write(`stalls, by the thread they were measured on: ${JSON.stringify(stallSummary(out), null, 2)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
