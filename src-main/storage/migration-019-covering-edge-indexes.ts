/**
 * The edge indexes by source and by target also carry the other end and the validity, so the read path's
 * walks (the neighbourhood of the best turns, the temporal and causal chains, the facts derived from a turn)
 * read the index alone. Before, each edge found by its target cost a read of the edges table (a random page
 * on a large memory, decrypted on an encrypted one): about a hundred per search at 100k nodes, a third of the
 * time encryption added to a search (issue 27). The new indexes keep the old names and begin with the old
 * columns, so every query they served they still serve. Migration 019.
 */
import type { Migration } from './migrations';

export const migration019: Migration = {
  version: 19,
  name: 'covering edge indexes (source and target ends with relation and validity)',
  up(db) {
    db.exec(`
      DROP INDEX IF EXISTS idx_edges_source;
      CREATE INDEX idx_edges_source ON edges(source_id, relation_type, valid_until, target_id);
      DROP INDEX IF EXISTS idx_edges_target;
      CREATE INDEX idx_edges_target ON edges(target_id, relation_type, valid_until, source_id);
    `);
  },
};
