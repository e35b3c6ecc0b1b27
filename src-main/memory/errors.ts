/** Typed errors of the engine (the class itself is in src-shared/errors.ts, where storage can reach it). */
import { MemoryError, type ErrorIssue } from '../../src-shared/errors';

export { MemoryError } from '../../src-shared/errors';
export type { MemoryErrorCode } from '../../src-shared/errors';
export type MemoryErrorIssue = ErrorIssue;

export const notFound = (what: string, id: string): MemoryError =>
  new MemoryError('not_found', `${what} ${JSON.stringify(id)} does not exist`);
