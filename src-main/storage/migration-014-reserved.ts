/**
 * Placeholder for migration 014, which another branch of this round owns (the lead replaces this file with it at
 * merge). It changes nothing; it exists only so that 015 (spaces) has contiguous numbers on this branch.
 */
import type { Migration } from './migrations';

export const migration014: Migration = {
  version: 14,
  name: 'reserved (placeholder for another branch)',
  up() {},
};
