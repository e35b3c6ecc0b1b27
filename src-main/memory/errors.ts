/** Typed errors of the engine. Every rejected call throws one of these and writes nothing. */
export type MemoryErrorCode =
  | 'invalid_input'
  | 'not_found'
  | 'conflict'
  | 'storage'
  /** Another process holds the database's write lock and did not release it in time; retrying can succeed. */
  | 'busy'
  | 'closed';

export interface MemoryErrorIssue {
  path: string;
  message: string;
}

export class MemoryError extends Error {
  readonly code: MemoryErrorCode;
  readonly issues: MemoryErrorIssue[];

  constructor(code: MemoryErrorCode, message: string, options?: { issues?: MemoryErrorIssue[]; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'MemoryError';
    this.code = code;
    this.issues = options?.issues ?? [];
  }
}

export const notFound = (what: string, id: string): MemoryError =>
  new MemoryError('not_found', `${what} ${JSON.stringify(id)} does not exist`);
