/** Typed errors of the engine. Every rejected call throws one of these and writes nothing. */
import { AppError, type AppErrorOptions, type ErrorIssue, type MemoryErrorCode } from '../../src-shared/errors';

export type { MemoryErrorCode } from '../../src-shared/errors';
export type MemoryErrorIssue = ErrorIssue;

export class MemoryError extends AppError<MemoryErrorCode> {
  constructor(code: MemoryErrorCode, message: string, options?: AppErrorOptions) {
    super(code, message, options);
    this.name = 'MemoryError';
  }
}

export const notFound = (what: string, id: string): MemoryError =>
  new MemoryError('not_found', `${what} ${JSON.stringify(id)} does not exist`);
