/**
 * vec_codes.approx: each node vector quantised to int8 with its scale (4 + dims bytes), next to its binary
 * code. Large-memory vector search re-ranks its Hamming candidates by cosine; reading the float vector from
 * sqlite-vec costs ~0.5 ms per node at a million nodes (a walk into a 1 MB chunk blob), this row ~10 µs.
 * NULL until the slow path or the background fill writes it; readers fall back to sqlite-vec meanwhile.
 */
import type { Migration } from './migrations';

export const migration007: Migration = {
  version: 7,
  name: 'int8 copies of node vectors for re-ranking',
  up(db) {
    db.exec(`ALTER TABLE vec_codes ADD COLUMN approx BLOB`);
  },
};
