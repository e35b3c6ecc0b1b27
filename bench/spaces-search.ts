/**
 * `spaces-search` (issue 26): search and context-pack p95 in a memory of N nodes held in one space, then the
 * same memory split across three spaces (Personal, Work, Novel: a third each, by memory session, so a chat's
 * turns stay together), searched from Personal. Same memory, same questions, same run: the ratio is the cost
 * of the space condition (node-filter.ts) and of the wider vector candidate list it asks for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { PERSONAL_SPACE_ID } from '../src-shared/spaces';
import { buildBenchMemory } from './lib/bench-memory';
import { benchQueries } from './lib/queries';
import { percentile, progress, round } from './lib/stats';

const tick = (): Promise<void> => new Promise<void>((r) => setImmediate(r));

interface Pass {
  search_p95_ms: number;
  context_p95_ms: number;
}

async function measure(engine: MemoryEngine, queries: readonly string[], spaceId: string | undefined): Promise<Pass> {
  const scope = spaceId !== undefined ? { spaceId } : {};
  const searchMs: number[] = [];
  const contextMs: number[] = [];
  for (const q of queries) {
    let s = performance.now();
    await engine.search({ query: q, limit: 10, ...scope });
    searchMs.push(performance.now() - s);
    await tick();
    s = performance.now();
    await engine.buildContextPack(q, scope);
    contextMs.push(performance.now() - s);
    await tick();
  }
  return { search_p95_ms: round(percentile(searchMs, 95)), context_p95_ms: round(percentile(contextMs, 95)) };
}

export async function benchSpacesSearch(options: { nodes: number }): Promise<object> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-spaces-'));
  try {
    await buildBenchMemory(dir, options.nodes);
    const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    try {
      const queries = benchQueries(200);
      await engine.warmVectorIndex({ copies: true });
      for (const q of queries.slice(0, 20)) await engine.search({ query: q });
      progress(`spaces-search: ${queries.length} questions over ${options.nodes.toLocaleString()} nodes, one space`);
      const unscoped = await measure(engine, queries, undefined);
      const oneSpace = await measure(engine, queries, PERSONAL_SPACE_ID);

      // Split by memory session, a third each.
      const work = engine.createSpace({ name: 'Work' });
      const novel = engine.createSpace({ name: 'Novel' });
      const db = engine.database;
      db.transaction(() => {
        const sessions = db.prepare('SELECT id FROM memory_sessions ORDER BY id').pluck().all() as string[];
        const setSession = db.prepare('UPDATE memory_sessions SET space_id = ? WHERE id = ?');
        const setNodes = db.prepare('UPDATE nodes SET space_id = ? WHERE session_id = ?');
        sessions.forEach((id, i) => {
          const space = [PERSONAL_SPACE_ID, work.id, novel.id][i % 3] as string;
          setSession.run(space, id);
          setNodes.run(space, id);
        });
        // Facts without a session: a third each by rowid.
        db.prepare(`UPDATE nodes SET space_id = CASE rowid % 3 WHEN 1 THEN ? WHEN 2 THEN ? ELSE space_id END WHERE session_id IS NULL`).run(work.id, novel.id);
      })();
      const split = Object.fromEntries(engine.listSpaces().map((s) => [s.name, s.facts + s.episodes]));
      progress('spaces-search: split across three spaces, searched from Personal');
      const threeSpaces = await measure(engine, queries, PERSONAL_SPACE_ID);
      return {
        nodes: options.nodes,
        questions: queries.length,
        nodes_per_space: split,
        unscoped,
        one_space: oneSpace,
        three_spaces_from_personal: threeSpaces,
        search_p95_ratio: round(threeSpaces.search_p95_ms / unscoped.search_p95_ms, 2),
        context_p95_ratio: round(threeSpaces.context_p95_ms / unscoped.context_p95_ms, 2),
        note: 'ratios: three spaces searched from Personal / the same memory unscoped (today), same run; a shared machine',
      };
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
