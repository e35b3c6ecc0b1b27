/**
 * Offline extraction on the labelled fixtures (tests/fixtures/extraction/): precision, recall, entity typing and
 * times, for each analyzer the rules can run on — wink-nlp (shipped) and compromise (with and without its own
 * named-entity lists). `held-out.json` was written after the rules were tuned on the others and is also
 * scored on its own.
 *   npx tsx bench/extraction.ts [--json]
 */
import { parseArgs } from 'node:util';
import { winkAnalyzer } from '../src-main/writepath/nlp/analyzer';
import { loadExtractionFixtures, scoreExtraction, type ExtractionScore } from '../tests/helpers/extraction-eval';
import { compromiseAnalyzer } from './lib/compromise-analyzer';

const HELD_OUT = new Set(['sam-and-assistant', 'nina-omar']);

function figures(s: ExtractionScore): object {
  const r = (x: number): number => Math.round(x * 1000) / 1000;
  return {
    precision: r(s.precision),
    recall: r(s.recall),
    facts_returned: s.returned,
    facts_right: s.right,
    facts_expected: s.expected,
    facts_found: s.found,
    entity_precision: r(s.entitiesRight / Math.max(1, s.entitiesReturned)),
    entity_recall: r(s.entitiesFound / Math.max(1, s.entitiesExpected)),
    times_right: `${s.timesRight}/${s.timesExpected}`,
    ms: Math.round(s.ms),
    wrong: s.wrong,
  };
}

export async function benchExtraction(): Promise<object> {
  const all = loadExtractionFixtures();
  const out: Record<string, object> = {};
  for (const analyzer of [await winkAnalyzer(), compromiseAnalyzer(false), compromiseAnalyzer(true)]) {
    out[analyzer.name] = {
      all: figures(await scoreExtraction(analyzer, all)),
      held_out: figures(await scoreExtraction(analyzer, all.filter((c) => HELD_OUT.has(c.id)))),
    };
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const out = await benchExtraction();
  console.log(values.json ? JSON.stringify(out) : JSON.stringify(out, null, 2));
}
