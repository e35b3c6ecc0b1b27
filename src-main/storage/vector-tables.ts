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
