import type { Database } from 'better-sqlite3';

/**
 * sqlite-vec tables. Vectors are L2-normalised, so cosine distance ranks like L2 but reads as 1 - similarity.
 * `node_type` and `active` are metadata columns so KNN can filter (type, current-only) inside the scan.
 */
export function createVectorTables(db: Database, dimensions: number): void {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 8192) {
    throw new Error(`invalid embedding dimension ${dimensions}`);
  }
  db.exec(`
    CREATE VIRTUAL TABLE vec_nodes USING vec0(
      node_id TEXT PRIMARY KEY,
      embedding float[${dimensions}] distance_metric=cosine,
      node_type TEXT,
      active INTEGER
    );
    CREATE VIRTUAL TABLE vec_entities USING vec0(
      entity_id TEXT PRIMARY KEY,
      embedding float[${dimensions}] distance_metric=cosine
    );
  `);
}

export function dropVectorTables(db: Database): void {
  db.exec('DROP TABLE IF EXISTS vec_nodes; DROP TABLE IF EXISTS vec_entities;');
}

/**
 * A nearest-neighbour query and an insert (rolled back) on each vector table. sqlite-vec keeps its vectors in
 * its own tables, which can be damaged while SQLite's integrity check passes (ingest and search then fail).
 * Throws what failed. Runs on a writable connection, outside any transaction.
 */
export function probeVectorTables(db: Database, dimensions: number): void {
  const probe = new Float32Array(dimensions);
  probe[0] = 1;
  db.prepare('SELECT node_id FROM vec_nodes WHERE embedding MATCH ? AND k = 1').all(probe);
  db.prepare('SELECT entity_id FROM vec_entities WHERE embedding MATCH ? AND k = 1').all(probe);
  db.exec('SAVEPOINT vector_probe');
  try {
    db.prepare("INSERT INTO vec_nodes (node_id, embedding, node_type, active) VALUES ('engram-vector-probe', ?, 'semantic', 0)").run(probe);
    db.prepare("INSERT INTO vec_entities (entity_id, embedding) VALUES ('engram-vector-probe', ?)").run(probe);
  } finally {
    db.exec('ROLLBACK TO vector_probe; RELEASE vector_probe');
  }
}
