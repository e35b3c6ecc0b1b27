/**
 * `spaces-search` (issue 26): search and context-pack p95 in a memory of N nodes held in one space (today),
 * against a copy of it split across three spaces (Personal, Work, Novel: a third each, by memory session, so a
 * chat's turns stay together), searched from Personal. Same memory, same questions, same run: the ratio is the
 * cost of the space condition (node-filter.ts; the vector index filters by space inside its scan; FTS ranks
 * once and reads matches until enough pass). The split is written by a second engine while the measured one
 * is open, as another process would, so that one rebuilds its caches from the file.
 *
 * Fair by construction: both memories are open at once, warmed the same way (vector index and copies, then the
 * same 20 questions in the scope each is measured in), and measured interleaved, question by question, in an
 * order that rotates, so a burst of load on a shared machine falls on every side alike. (Until 2026-11-26 the
 * passes ran one after another, the split one last with a page cache the split's commit had just emptied.)
 * Then the profile's cold read after one change (every pack leads with it): from the candidates table
 * (profile-candidates.ts) against the full read of every current fact it replaced, same run.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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

/** One side of the comparison: an engine and the scope it is searched in. */
interface Side {
  engine: MemoryEngine;
  spaceId: string | undefined;
  searchMs: number[];
  contextMs: number[];
}

const side = (engine: MemoryEngine, spaceId: string | undefined): Side => ({ engine, spaceId, searchMs: [], contextMs: [] });

async function ask(s: Side, q: string): Promise<void> {
  const scope = s.spaceId !== undefined ? { spaceId: s.spaceId } : {};
  let t = performance.now();
  await s.engine.search({ query: q, limit: 10, ...scope });
  s.searchMs.push(performance.now() - t);
  await tick();
  t = performance.now();
  await s.engine.buildContextPack(q, scope);
  s.contextMs.push(performance.now() - t);
  await tick();
}

/** Each question asked of every side, starting with a different side each time. */
async function interleaved(sides: readonly Side[], queries: readonly string[]): Promise<void> {
  for (const [i, q] of queries.entries()) {
    for (let j = 0; j < sides.length; j++) await ask(sides[(i + j) % sides.length] as Side, q);
  }
}

const pass = (s: Side): Pass => ({ search_p95_ms: round(percentile(s.searchMs, 95)), context_p95_ms: round(percentile(s.contextMs, 95)) });

/** Split by memory session, a third each, by a second engine on the file (as another process would). */
async function splitAcrossThreeSpaces(dir: string): Promise<void> {
  const splitter = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
  try {
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
  } finally {
    await splitter.close();
  }
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
  const root = mkdtempSync(join(tmpdir(), 'engram-bench-spaces-'));
  const todayDir = join(root, 'today');
  const splitDir = join(root, 'split');
  try {
    await buildBenchMemory(todayDir, options.nodes);
    cpSync(todayDir, splitDir, { recursive: true });
    // Each side has its own connection (its own page cache): a side never reads pages another just read.
    const today = MemoryEngine.open({ dataDir: todayDir, startSlowPath: false });
    const todayScoped = MemoryEngine.open({ dataDir: todayDir, startSlowPath: false });
    const split = MemoryEngine.open({ dataDir: splitDir, startSlowPath: false });
    try {
      await splitAcrossThreeSpaces(splitDir);
      if (!split.checkExternalWrites()) throw new Error('spaces-search: the split was not seen by the measured engine');
      const queries = benchQueries(200);
      const unscoped = side(today, undefined);
      const oneSpace = side(todayScoped, PERSONAL_SPACE_ID);
      const threeSpaces = side(split, PERSONAL_SPACE_ID);
      for (const engine of [today, todayScoped, split]) await engine.warmVectorIndex({ copies: true });
      // The same warm-up for every side (its timings are dropped): the caches a second launch would have.
      await interleaved([side(today, undefined), side(todayScoped, PERSONAL_SPACE_ID), side(split, PERSONAL_SPACE_ID)], queries.slice(0, 20));
      const perSpace = Object.fromEntries(split.listSpaces().map((s) => [s.name, s.facts + s.episodes]));
      progress(`spaces-search: ${queries.length} questions over ${options.nodes.toLocaleString()} nodes, interleaved: unscoped, one space, three spaces from Personal`);
      await interleaved([unscoped, oneSpace, threeSpaces], queries);
      progress('spaces-search: the profile read after one change');
      const profile = await profileAfterChange(split);
      const [u, one, three] = [pass(unscoped), pass(oneSpace), pass(threeSpaces)];
      return {
        nodes: options.nodes,
        questions: queries.length,
        nodes_per_space: perSpace,
        unscoped: u,
        one_space: one,
        three_spaces_from_personal: three,
        search_p95_ratio: round(three.search_p95_ms / u.search_p95_ms, 2),
        context_p95_ratio: round(three.context_p95_ms / u.context_p95_ms, 2),
        one_space_search_p95_ratio: round(one.search_p95_ms / u.search_p95_ms, 2),
        one_space_context_p95_ratio: round(one.context_p95_ms / u.context_p95_ms, 2),
        profile_after_one_change: profile,
        note: 'ratios: three spaces searched from Personal / the same memory unscoped (today), interleaved per question in one run; a shared machine',
      };
    } finally {
      await split.close();
      await todayScoped.close();
      await today.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
