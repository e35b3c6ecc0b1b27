/**
 * Query plans of the read path on a memory with planner statistics (PRAGMA optimize runs at close, so every
 * memory opened a second time has them). A plan that scans a whole table, or sorts a whole type to show
 * one page, passes every behaviour test and costs 100 ms at 100k nodes; this test is where it shows.
 */
import type { Database, Statement } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { openTestEngine } from '../helpers/temp-engine';

const TABLES = ['nodes', 'edges', 'node_entities', 'entities'];

/** Statements that read a whole table on purpose, and why. */
const WHOLE_TABLE_BY_DESIGN = [
  // The alias index (entity-mentions.ts): every name and alias, read once into memory and kept there.
  'SELECT id, canonical_name, aliases FROM entities WHERE merged_into IS NULL',
  // Entity lookup by name or alias (aliases are a JSON column): a scan of the entities table, which holds
  // anchors (hundreds to thousands), not memories. An alias table would make it a search.
  'SELECT id FROM entities WHERE merged_into IS NULL AND (',
  // The profile as of a past date (memory/profile.ts, source `all`): every fact is read to find those about the
  // person (slot or voice); no index can say that. Today's profile reads the candidates table instead.
  'SELECT n.id, n.type, n.content, n.created_at, n.valid_from, n.last_accessed, n.confidence, n.decay_rate, n.source_type, n.attributes FROM nodes n WHERE',
];
const byDesign = (sql: string): boolean => WHOLE_TABLE_BY_DESIGN.some((s) => sql.trim().replace(/\s+/g, ' ').startsWith(s));

/** Records each SELECT the engine prepares from now on, with the arguments of its first run. */
function recordStatements(db: Database): Map<string, unknown[]> {
  const seen = new Map<string, unknown[]>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const statement = prepare(sql) as Statement;
    for (const method of ['all', 'get', 'iterate'] as const) {
      const run = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        if (!seen.has(sql)) seen.set(sql, args);
        return run(...args);
      };
    }
    return statement;
  }) as Database['prepare'];
  return seen;
}

/** Plan lines that read a whole table: `SCAN nodes` or `SCAN n` for an alias of one of TABLES. */
function fullScans(db: Database, sql: string, args: unknown[]): string[] {
  const names = new Set(TABLES);
  for (const m of sql.matchAll(/\b(nodes|edges|node_entities|entities)\s+(?:AS\s+)?([a-z]\w*)/gi)) {
    const alias = m[2] as string;
    if (!/^(WHERE|JOIN|ON|INDEXED|NOT|LEFT|CROSS|USING|ORDER|GROUP|LIMIT|SET|VALUES|WITH|AS)$/i.test(alias)) names.add(alias);
  }
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((p) => p.detail);
  return plan.filter((line) => {
    const m = /^SCAN (\w+)/.exec(line);
    return m !== null && names.has(m[1] as string) && !line.includes('VIRTUAL TABLE');
  });
}

async function memoryWithStatistics(statistics = true): Promise<{ engine: MemoryEngine; seen: Map<string, unknown[]> }> {
  const first = openTestEngine();
  const { engine: writer, dir } = first;
  // A fresh memory is checked from its first statement (they are prepared once and cached).
  const seenFresh = statistics ? null : recordStatements(writer.database);
  const topics = ['Berlin', 'Lisbon', 'tea', 'the dog', 'swimming', 'pottery', 'the hospital', 'a wedding'];
  const city = writer.createEntity({ name: 'Berlin', type: 'place' });
  for (let i = 0; i < 1500; i++) {
    writer.recordEpisode({ content: `Turn ${i}: talking about ${topics[i % topics.length]} and ${topics[(i * 3) % topics.length]}`, sessionId: `s${Math.floor(i / 30)}`, role: i % 2 ? 'assistant' : 'user' });
  }
  await writer.flush();
  const fact = writer.rememberFact({ content: 'User lives in Berlin', entityIds: [city.id] });
  for (let i = 0; i < 60; i++) writer.rememberFact({ content: `User likes topic ${i}`, type: i % 3 === 0 ? 'opinion' : 'semantic' });
  writer.correctFact({ id: fact, content: 'User lives in Lisbon', reason: 'moved' });
  await writer.drainSlowPath();
  if (seenFresh) return { engine: writer, seen: seenFresh };
  await writer.close(); // PRAGMA optimize: the statistics a memory has from its second launch on
  const { engine } = openTestEngine({ dataDir: dir });
  return { engine, seen: recordStatements(engine.database) };
}

describe('query plans, with planner statistics (second launch on) and without (first launch)', () => {
  it.each([
    ['with', true],
    ['without', false],
  ])('lists a page of one type or several without sorting the whole type (%s statistics)', async (_label, statistics) => {
    const { engine, seen } = await memoryWithStatistics(statistics);
    for (const types of [['episodic'], ['semantic'], ['semantic', 'opinion', 'episodic']] as const) {
      for (const order of ['event_time_desc', 'created_desc', 'event_time_asc'] as const) {
        const first = engine.listNodes({ types: [...types], order, limit: 20 });
        expect(first.items).toHaveLength(20);
        if (first.nextCursor) engine.listNodes({ types: [...types], order, limit: 20, cursor: first.nextCursor });
      }
    }
    // listNodes' statements: the per-type branches merged by an outer SELECT.
    const lists = [...seen].filter(([sql]) => sql.startsWith('SELECT * FROM (SELECT * FROM (SELECT n.rowid'));
    expect(lists.length).toBeGreaterThan(0);
    for (const [sql, args] of lists) {
      const plan = (engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((p) => p.detail);
      // Each branch walks a time index; only the merge of the branches' pages may be sorted.
      expect(plan.some((l) => /USING INDEX idx_nodes_(type_time|created)\b/.test(l))).toBe(true);
      // A walk of the creation-time index in page order stops at the page size: not a whole-table read.
      expect(fullScans(engine.database, sql, args).filter((l) => !(l.endsWith('USING INDEX idx_nodes_created') && sql.includes('ORDER BY n.created_at')))).toEqual([]);
    }
  });

  it.each([
    ['with', true],
    ['without', false],
  ])('reads no whole table while searching, building a context pack or opening a node (%s statistics)', async (_label, statistics) => {
    const { engine, seen } = await memoryWithStatistics(statistics);
    const found = await engine.search({ query: 'when did we talk about swimming in Berlin?', types: ['episodic'] });
    await engine.search({ query: 'what do I think about tea' });
    await engine.search({ query: 'why did I move to Lisbon' });
    await engine.buildContextPack('tell me about Berlin');
    // Scoped to a space (issue 26): the space condition must not turn a search into a scan.
    await engine.search({ query: 'what do I think about tea', spaceId: 'personal' });
    await engine.search({ query: 'when did we talk about swimming in Berlin?', types: ['episodic'], spaceId: 'personal' });
    await engine.buildContextPack('tell me about Berlin', { spaceId: 'personal' });
    engine.getNode(found.hits[0]?.node.id ?? '');
    expect(seen.size).toBeGreaterThan(5);
    for (const [sql, args] of seen) {
      if (!/^\s*(SELECT|WITH)/i.test(sql) || byDesign(sql)) continue;
      expect({ sql: sql.replace(/\s+/g, ' ').slice(0, 160), scans: fullScans(engine.database, sql, args) }).toEqual({
        sql: sql.replace(/\s+/g, ' ').slice(0, 160),
        scans: [],
      });
    }
  });

  it.each([
    ['with', true],
    ['without', false],
  ])('finds the nodes dated after an as-of date yet learned by then through the partial index, not a type walk (%s statistics)', async (_label, statistics) => {
    const { engine, seen } = await memoryWithStatistics(statistics);
    await engine.inspectorGraph({ seed: { kind: 'recent' }, limit: 150, filter: { includeInvalid: false, asOf: 1 } });
    const ahead = [...seen].filter(([sql]) => sql.includes('n.event_time > n.created_at'));
    expect(ahead).toHaveLength(1);
    for (const [sql, args] of ahead) {
      const plan = (engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((p) => p.detail).join(' | ');
      expect(plan).toContain('USING INDEX idx_nodes_ahead_of_time');
    }
  });

  it.each([
    ['with', true],
    ['without', false],
  ])('walks edges from either end by index alone, never reading the edges table (%s statistics)', async (_label, statistics) => {
    const { engine, seen } = await memoryWithStatistics(statistics);
    // Neighbourhood (temporal edges both ways), the temporal and causal chains, and facts through their sources.
    await engine.search({ query: 'when did we talk about swimming in Berlin?' });
    await engine.search({ query: 'why did I move to Lisbon' });
    await engine.buildContextPack('tell me about the hospital');
    // Statements that ask of an edge only its ends, relation and validity: what the two indexes hold.
    const onlyIndexed = (sql: string): boolean => !/\be\.(?!source_id\b|target_id\b|relation_type\b|valid_until\b)\w+/.test(sql);
    const byEnd = [...seen].filter(([sql]) => /\bedges e ON e\.(source_id|target_id) = /.test(sql) && onlyIndexed(sql));
    // At least the neighbourhood's two ends, the chains' recursion and the facts derived from turns.
    expect(byEnd.length).toBeGreaterThanOrEqual(4);
    for (const [sql, args] of byEnd) {
      const plan = (engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((p) => p.detail);
      const edgeSteps = plan.filter((l) => /^SEARCH e\b/.test(l));
      expect(edgeSteps.length).toBeGreaterThan(0);
      for (const step of edgeSteps) expect(`${step} :: ${sql.replace(/\s+/g, ' ')}`).toMatch(/^SEARCH e USING COVERING INDEX/);
    }
  });

  it.each([
    ['with', true],
    ['without', false],
  ])('reaches a session’s episodes through the session index when recording and consolidating (%s statistics)', async (_label, statistics) => {
    const { engine, seen } = await memoryWithStatistics(statistics);
    // A new session: its first episode looks for the session's previous one (none), the next ones link to it.
    for (let i = 0; i < 3; i++) engine.recordEpisode({ content: `new session turn ${i}`, sessionId: 'fresh', role: 'user' });
    await engine.flush();
    engine.markSessionCompleted('fresh');
    expect(engine.writePathStore.sessionEpisodes('fresh', 0, 10)).toHaveLength(3);
    const bySession = [...seen].filter(([sql]) => /\bsession_id = [?@]/.test(sql) && /\bFROM nodes\b/.test(sql));
    expect(bySession.length).toBeGreaterThan(1);
    for (const [sql, args] of bySession) {
      const plan = (engine.database.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((p) => p.detail).join(' | ');
      expect({ sql: sql.replace(/\s+/g, ' ').slice(0, 120), plan }).toMatchObject({ plan: expect.stringContaining('idx_nodes_session') });
    }
  });
});
