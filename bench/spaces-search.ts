/**
 * `spaces-search` (issue 26): search and context-pack p95 in a memory of N nodes held in one space, then the
 * same memory split across three spaces (Personal, Work, Novel: a third each, by memory session, so a chat's
 * turns stay together), searched from Personal. Same memory, same questions, same run: the ratio is the cost
 * of the space condition (node-filter.ts; the vector index filters by space inside its scan). The split is
 * written by a second engine, as another process would, so the first one rebuilds its caches from the file.
 * Then the profile's cold read after one change (every pack leads with it): from the candidates table
 * (profile-candidates.ts) against the full read of every current fact it replaced, same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import { computeProfile } from '../src-main/memory/profile';
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

/**
 * The Personal profile read right after one change (a fact learned: the profile cache is emptied), 30 times:
 * through the engine (the candidates) and by the full read of every current fact, on the same memory.
 */
async function profileAfterChange(engine: MemoryEngine): Promise<object> {
  const scope = { spaceId: PERSONAL_SPACE_ID };
  engine.profile({ scope });
  const candidatesMs: number[] = [];
  const fullMs: number[] = [];
  for (let i = 0; i < 30; i++) {
    engine.rememberFact({ content: `User mentioned bench change ${i}`, spaceId: PERSONAL_SPACE_ID });
    let s = performance.now();
    const fromCandidates = engine.profile({ scope });
    candidatesMs.push(performance.now() - s);
    s = performance.now();
    const full = computeProfile(engine.database, fromCandidates.computedAt, scope, 'all');
    fullMs.push(performance.now() - s);
    if (JSON.stringify(full) !== JSON.stringify(fromCandidates)) throw new Error('spaces-search: the profile from the candidates differs from the full read');
    await tick();
  }
  const candidates = engine.database.prepare('SELECT count(*) FROM temp.profile_candidates').pluck().get() as number;
  const p95 = { candidates: round(percentile(candidatesMs, 95)), full: round(percentile(fullMs, 95)) };
  return {
    candidate_facts: candidates,
    cold_read_p50_ms: round(percentile(candidatesMs, 50)),
    cold_read_p95_ms: p95.candidates,
    full_read_p50_ms: round(percentile(fullMs, 50)),
    full_read_p95_ms: p95.full,
    speedup_p95: round(p95.full / Math.max(p95.candidates, 0.001), 1),
  };
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

      // Split by memory session, a third each, by a second engine on the file (as another process would).
      const splitter = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
      const work = splitter.createSpace({ name: 'Work' });
      const novel = splitter.createSpace({ name: 'Novel' });
      const db = splitter.database;
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
      await splitter.close();
      if (!engine.checkExternalWrites()) throw new Error('spaces-search: the split was not seen by the measured engine');
      await engine.warmVectorIndex();
      // Another connection's commit empties this one's page cache: warm it as the first pass was warmed.
      for (const q of queries.slice(0, 20)) await engine.search({ query: q, spaceId: PERSONAL_SPACE_ID });
      const split = Object.fromEntries(engine.listSpaces().map((s) => [s.name, s.facts + s.episodes]));
      progress('spaces-search: split across three spaces, searched from Personal');
      const threeSpaces = await measure(engine, queries, PERSONAL_SPACE_ID);
      progress('spaces-search: the profile read after one change');
      const profile = await profileAfterChange(engine);
      return {
        nodes: options.nodes,
        questions: queries.length,
        nodes_per_space: split,
        unscoped,
        one_space: oneSpace,
        three_spaces_from_personal: threeSpaces,
        search_p95_ratio: round(threeSpaces.search_p95_ms / unscoped.search_p95_ms, 2),
        context_p95_ratio: round(threeSpaces.context_p95_ms / unscoped.context_p95_ms, 2),
        profile_after_one_change: profile,
        note: 'ratios: three spaces searched from Personal / the same memory unscoped (today), same run; a shared machine',
      };
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
