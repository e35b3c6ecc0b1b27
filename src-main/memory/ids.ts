/**
 * Ids of memory rows (episodes, facts, edges, entities, runs): UUIDv7 (RFC 9562), which begin with their
 * creation time. Each insert then lands at the right edge of the indexes on ids (nodes.id, edges.id, the
 * edge endpoint indexes, the slow-path queue) instead of on a random page: a random UUID's index pages stop
 * fitting the cache as the memory grows, and the hot path slowed with size.
 */
import { v7 } from 'uuid';

export const newId = (): string => v7();
