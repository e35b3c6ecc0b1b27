/**
 * Conflict-candidate load (issue 14): pairs per new fact and per resolution call when a scripted memory agent
 * writes hundreds of facts per conversation, each naming one of two speakers. Runs twice on fresh memories to
 * show identical runs ask identical questions.
 *   npx tsx bench/conflict-pairs.ts [--sessions N] [--turns N] [--json]
 */
import { parseArgs } from 'node:util';
import { measureConflictPairs } from '../tests/helpers/conflict-load';

export { measureConflictPairs as benchConflictPairs };

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { sessions: { type: 'string', default: '8' }, turns: { type: 'string', default: '30' }, json: { type: 'boolean', default: false } } });
  const opts = { sessions: Number(values.sessions), turns: Number(values.turns) };
  const first = await measureConflictPairs(opts);
  const second = await measureConflictPairs(opts);
  const out = { ...first, identical_second_run: JSON.stringify(first) === JSON.stringify(second), second_run_pairs: second.pairs };
  console.log(values.json ? JSON.stringify(out) : out);
}
