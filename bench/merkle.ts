/**
 * Content hashes and the Merkle root (issue 27 part 2), on real SQLite files opened as the engine opens them:
 * - the root update cost per write: the tree's own work (a leaf and its bucket's XOR) timed directly, and the
 *   whole hashing cost per write (row hash + leaf + bucket) as p95 with the triggers minus p95 without;
 * - write throughput with and without hashing, in the same run on identical files;
 * - verify of a memory of `nodes` nodes (plus edges and entities), and reading the root.
 * Each write is its own transaction, as every write path commits its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { openDatabase } from '../src-main/storage/open';
import { readTree, verifyTree } from '../src-main/storage/merkle-tree';
import { percentile, progress, round } from './lib/stats';

export interface MerkleFigures {
  nodes: number;
  edges: number;
  entities: number;
  tree_update_p50_ms: number;
  tree_update_p95_ms: number;
  write_p95_ms_with_hashing: number;
  write_p95_ms_without_hashing: number;
  hashing_cost_per_write_p95_ms: number;
  writes_per_s_with_hashing: number;
  writes_per_s_without_hashing: number;
  throughput_ratio: number;
  verify_ms: number;
  /** CPU time of the verify (user + system): less swayed than wall time by other work on a shared machine. */
  verify_cpu_ms: number;
  verify_ok: boolean;
  root_read_ms: number;
  note: string;
}

const HASH_TRIGGERS = ['nodes', 'edges', 'entities'].flatMap((t) => [`${t}_hash_insert`, `${t}_hash_update`, `${t}_hash_delete`]);

function open(dir: string, name: string, hashing: boolean): Database {
  const db = openDatabase(join(dir, name), { dimensions: 8, now: 1 });
  if (!hashing) for (const t of HASH_TRIGGERS) db.exec(`DROP TRIGGER ${t}`);
  return db;
}

function fill(db: Database, nodes: number): { edges: number; entities: number } {
  const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, source_type) VALUES (?, ?, ?, ?, ?, ?, 'conversation')`);
  const edge = db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, created_at) VALUES (?, ?, ?, 'temporal', ?, ?)`);
  const entity = db.prepare(`INSERT INTO entities (id, canonical_name, type, first_seen, last_updated) VALUES (?, ?, 'concept', 1, 1)`);
  let edges = 0;
  let entities = 0;
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      node.run(`n${i}`, i % 5 === 0 ? 'semantic' : 'episodic', `message ${i}: the user talked about project ${i % 97} and the weather in city ${i % 31}`, i, i, i);
      if (i > 0 && i % 5 === 0) {
        edge.run(`e${i}`, `n${i - 1}`, `n${i}`, i, i);
        edges++;
      }
      if (i % 10 === 0) {
        entity.run(`t${i}`, `thing ${i}`);
        entities++;
      }
    }
  });
  for (let i = 0; i < nodes; i += 5_000) batch(i, Math.min(nodes, i + 5_000));
  return { edges, entities };
}

/** Per-write latencies of `count` single-row transactions (fact-sized inserts), in ms. */
function timeWrites(db: Database, count: number, offset: number): number[] {
  const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, source_type) VALUES (?, 'semantic', ?, ?, ?, ?, 'manual')`);
  const write = db.transaction((i: number) => node.run(`w${offset + i}`, `The user mentioned fact number ${i} about their garden`, i, i, i));
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    write(i);
    times.push(performance.now() - t0);
  }
  return times;
}

export async function benchMerkle(options: { nodes: number }): Promise<MerkleFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-merkle-'));
  const hashed = open(dir, 'hashed.db', true);
  const plain = open(dir, 'plain.db', false);
  try {
    progress(`merkle: filling two memories of ${options.nodes.toLocaleString()} nodes (with and without hashing)`);
    const { edges, entities } = fill(hashed, options.nodes);
    fill(plain, options.nodes);

    progress('merkle: per-write cost, interleaved so both see the same machine load');
    const withHash: number[] = [];
    const without: number[] = [];
    for (let round_ = 0; round_ < 10; round_++) {
      withHash.push(...timeWrites(hashed, 500, round_ * 500));
      without.push(...timeWrites(plain, 500, round_ * 500));
    }
    // The tree's own work, direct: one leaf in, its bucket XORed (what the row triggers add after hashing).
    const leaf = hashed.prepare(`INSERT INTO merkle_leaves (bucket, tbl, id, hash) VALUES (engram_bucket('nodes', ?), 'nodes', ?, ?)`);
    const drop = hashed.prepare(`DELETE FROM merkle_leaves WHERE bucket = engram_bucket('nodes', ?) AND tbl = 'nodes' AND id = ?`);
    // Inside one open transaction, so the figure is the tree's work and not a commit's.
    const tree: number[] = [];
    hashed.exec('BEGIN');
    for (let i = 0; i < 5_000; i++) {
      const id = `probe${i}`;
      const hash = ((i * 2_654_435_761) % 2 ** 32).toString(16).padStart(64, '0');
      const t0 = performance.now();
      leaf.run(id, id, hash);
      tree.push(performance.now() - t0);
      drop.run(id, id);
    }
    hashed.exec('ROLLBACK');

    progress('merkle: bulk write throughput');
    const bulk = (db: Database, tag: string): number => {
      const node = db.prepare(`INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES (?, 'episodic', ?, 1, 1, 1)`);
      const batch = db.transaction((from: number) => {
        for (let i = from; i < from + 100; i++) node.run(`${tag}${i}`, `bulk message ${i} with a few words of text`);
      });
      const t0 = performance.now();
      for (let i = 0; i < 20_000; i += 100) batch(i);
      return 20_000 / ((performance.now() - t0) / 1000);
    };
    const perSecondWith = bulk(hashed, 'b');
    const perSecondWithout = bulk(plain, 'b');

    progress(`merkle: verify of ${(options.nodes + edges + entities).toLocaleString()} rows`);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const report = verifyTree(hashed);
    const verifyMs = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    const r0 = performance.now();
    readTree(hashed);
    const rootMs = performance.now() - r0;

    const p95With = percentile(withHash, 95);
    const p95Without = percentile(without, 95);
    return {
      nodes: options.nodes,
      edges,
      entities,
      tree_update_p50_ms: round(percentile(tree, 50), 4),
      tree_update_p95_ms: round(percentile(tree, 95), 4),
      write_p95_ms_with_hashing: round(p95With, 4),
      write_p95_ms_without_hashing: round(p95Without, 4),
      hashing_cost_per_write_p95_ms: round(p95With - p95Without, 4),
      writes_per_s_with_hashing: Math.round(perSecondWith),
      writes_per_s_without_hashing: Math.round(perSecondWithout),
      throughput_ratio: round(perSecondWith / perSecondWithout, 3),
      verify_ms: Math.round(verifyMs),
      verify_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      verify_ok: report.ok,
      root_read_ms: round(rootMs, 2),
      note: 'shared 2-core machine (eight engineers); re-measure when idle',
    };
  } finally {
    hashed.close();
    plain.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
