/**
 * `asof-graph` (issue 23): the inspector's graph as of a date against today's graph, in the same run on the same
 * memory of N nodes (100,000 by default): generated chat recorded as it happened (each chunk learned at the time
 * its last message was said, so `created_at` follows the conversation), 2% facts linked to people, and one fact
 * in ten corrected a month later (supersedes chains). Vectors are not built: the graph never reads them.
 *
 * Figures are medians of alternating runs (today, then each as-of date) of the engine call the renderer makes
 * (`inspectorGraph`), for the default seed ("Recent", 150 nodes), the big graph (2,000) and an entity's graph;
 * `ratio_*` is as-of ÷ today. The dates are 10%, 50% and 90% of the way through the memory's history.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import type { GraphSeedInput } from '../src-main/memory/inspector/schemas';
import { chatStream, PEOPLE, type ChatMessage } from './lib/chat-corpus';
import { progress, round } from './lib/stats';

/** Small chunks, so `created_at` (the chunk's time) stays close to when each message was said. */
const EPISODES_PER_TX = 500;
const RUNS = 15;
const DAY = 86_400_000;

export interface AsOfGraphFigures {
  nodes: number;
  facts: number;
  corrections: number;
  /** Median ms per case: `today_*` and `asof_<pct>_*`, and their ratios. */
  [figure: string]: number;
}

interface Clocked {
  engine: MemoryEngine;
  first: number;
  last: number;
  facts: number;
  corrections: number;
}

async function buildMemory(dir: string, nodes: number): Promise<Clocked> {
  let t = Date.parse('2025-01-01T08:00:00Z');
  const engine = MemoryEngine.open({ dataDir: dir, clock: { now: () => t }, startSlowPath: false });
  const people = PEOPLE.map((name) => engine.createEntity({ name, type: 'person' }).id);
  const stream = chatStream(23, t);
  const facts = Math.floor(nodes * 0.02);
  const episodes = nodes - facts;
  const factEvery = Math.max(1, Math.floor(episodes / facts));
  const toCorrect: { id: string; at: number }[] = [];
  let factsDone = 0;
  let first: number | null = null;
  let corrections = 0;
  for (let done = 0; done < episodes; ) {
    const chunk = Array.from({ length: Math.min(EPISODES_PER_TX, episodes - done) }, () => {
      const m = stream.next().value as ChatMessage;
      return { content: m.content, sessionId: m.sessionId, role: m.role, eventTime: m.eventTime };
    });
    t = Math.max(t, chunk[chunk.length - 1]?.eventTime ?? t);
    engine.recordEpisodesWith(chunk, () => undefined);
    first ??= t;
    // The facts learned from this chunk, learned when it was (a few corrected a month on).
    const n = Math.min(facts - factsDone, Math.round(chunk.length / factEvery));
    engine.writeTransaction(() => {
      for (let i = 0; i < n; i++) {
        const m = chunk[(i * factEvery) % chunk.length];
        const id = engine.rememberFact({ content: `User mentioned: ${m?.content ?? ''}`, sourceType: 'extraction', entityIds: [people[(factsDone + i) % people.length] as string] });
        if ((factsDone + i) % 10 === 0) toCorrect.push({ id, at: t + 30 * DAY });
      }
    });
    factsDone += n;
    // Corrections whose day has come.
    while (toCorrect.length > 0 && (toCorrect[0]?.at ?? Infinity) <= t) {
      const c = toCorrect.shift() as { id: string; at: number };
      engine.correctFact({ id: c.id, content: `User corrected: fact ${c.id}`, sourceType: 'extraction', reason: 'changed' });
      corrections++;
    }
    done += chunk.length;
    if (done % 20_000 < EPISODES_PER_TX) progress(`asof-graph: ${done.toLocaleString()} episodes`);
    await new Promise<void>((r) => setImmediate(r));
  }
  return { engine, first: first ?? t, last: t, facts: factsDone, corrections };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export async function benchAsOfGraph(options: { nodes: number }): Promise<AsOfGraphFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-asof-'));
  try {
    progress(`asof-graph: a ${options.nodes.toLocaleString()}-node memory`);
    const { engine, first, last, facts, corrections } = await buildMemory(dir, options.nodes);
    try {
      const entity = engine.listEntities(1)[0]?.id as string;
      const cases: Record<string, Omit<GraphSeedInput, 'filter'>> = {
        recent_150: { seed: { kind: 'recent' }, limit: 150 },
        recent_2000: { seed: { kind: 'recent' }, limit: 2000 },
        entity_150: { seed: { kind: 'entity', entityId: entity }, limit: 150 },
      };
      const dates = { 10: first + (last - first) * 0.1, 50: first + (last - first) * 0.5, 90: first + (last - first) * 0.9 };
      const times: Record<string, number[]> = {};
      const time = async (key: string, input: GraphSeedInput): Promise<number> => {
        const t0 = performance.now();
        const slice = await engine.inspectorGraph(input);
        (times[key] ??= []).push(performance.now() - t0);
        return slice.nodes.length;
      };
      const figures: AsOfGraphFigures = { nodes: options.nodes, facts, corrections };
      for (let run = 0; run < RUNS; run++) {
        for (const [name, input] of Object.entries(cases)) {
          figures[`today_${name}_nodes`] = await time(`today_${name}`, { ...input, filter: { includeInvalid: false } });
          for (const [pct, asOf] of Object.entries(dates)) {
            figures[`asof_${pct}_${name}_nodes`] = await time(`asof_${pct}_${name}`, { ...input, filter: { includeInvalid: false, asOf: Math.round(asOf) } });
          }
        }
      }
      for (const [key, xs] of Object.entries(times)) figures[`${key}_ms`] = round(median(xs), 2);
      for (const name of Object.keys(cases)) {
        for (const pct of Object.keys(dates)) {
          figures[`ratio_${pct}_${name}`] = round((figures[`asof_${pct}_${name}_ms`] ?? 0) / Math.max(0.001, figures[`today_${name}_ms`] ?? 1), 2);
        }
      }
      return figures;
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
