/**
 * Nodes dated after they were learned (issue 23): a future event known in advance, a plan, a due date. "Recent"
 * as of a past date must find those learned by then but dated after it; through the (type, event_time) index
 * that walk stepped over every fact learned since, most of a memory for a date long ago. This partial index
 * holds only the few rows with `event_time > created_at`, which is every such node (learned ≤ t < event time).
 * Migration 018.
 */
import type { Migration } from './migrations';

export const migration018: Migration = {
  version: 18,
  name: 'partial index of nodes dated after they were learned (as-of "Recent")',
  up(db) {
    db.exec('CREATE INDEX idx_nodes_ahead_of_time ON nodes(event_time) WHERE event_time > created_at');
  },
};
