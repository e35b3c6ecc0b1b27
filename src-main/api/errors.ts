/** Maps whatever a handler throws to the contract's ApiError. Unknown failures are logged, not leaked as stacks. */
import type { ZodError } from 'zod';
import { AppError } from '../../src-shared/errors';
import { storageFault } from '../../src-shared/storage-faults';
import type { ApiError } from './contract';

export function invalidInput(error: ZodError): ApiError {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  // Our own refinements are written for a person ("Choose a chat model"); the field stays in `issues` for the
  // form, and only zod's generic messages need the field's name to make sense.
  const sentences = error.issues.map((i, n) => (i.code === 'custom' || !issues[n]?.path ? i.message : `${issues[n].path}: ${i.message}`));
  return {
    code: 'invalid_input',
    message: sentences.join('; '),
    issues,
  };
}

/** A call this host cannot answer by design (not a fault of the input or the memory): `unsupported`. */
export class UnsupportedCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedCallError';
  }
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof UnsupportedCallError) return { code: 'unsupported', message: err.message, issues: [] };
  // Every domain error (memory, chat, LLM provider, write-path agent, embeddings, CLI usage) carries its code.
  if (err instanceof AppError) return { code: err.code, message: err.message, issues: err.issues };
  // A full disk or a read-only folder is something the person can fix: say which, not "internal".
  const fault = storageFault(err, 'the memory');
  if (fault) return { code: fault.code, message: fault.message, issues: [] };
  return { code: 'internal', message: err instanceof Error ? err.message : String(err), issues: [] };
}
