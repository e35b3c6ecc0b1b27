/** Why an LLM step of the write path failed, in terms the session's `last_error` and the UI can show. */
import { APIError } from 'openai';
import { MemoryError, PROVIDER_FAILURES, TRANSIENT_PROVIDER_FAILURES, type AppErrorOptions, type MemoryErrorCode, type ProviderFailure } from '../../src-shared/errors';
import { classifyProviderError, HttpStatusError, ProviderError } from '../llm/errors';

export { isCancellation } from '../llm/errors';
/** The shared provider vocabulary (src-shared/errors): `bad_key`, `cancelled`, `timeout`, `malformed_output`… */
export const AGENT_FAILURES = PROVIDER_FAILURES;
export type AgentFailure = ProviderFailure;

/** The write-path agent's call failed (extraction, conflict resolution, reflection). */
export class AgentError extends ProviderError {
  constructor(reason: ProviderFailure, message: string, options?: AppErrorOptions) {
    super(reason, message, options);
    this.name = 'AgentError';
  }
}

export class CancelledError extends AgentError {
  constructor(message = 'cancelled') {
    super('cancelled', message);
  }
}

/** A non-2xx answer from Ollama's native endpoint (/api/chat), classified like the SDK's API errors. */
export class OllamaHttpError extends HttpStatusError {
  constructor(status: number, body: string) {
    super(status, body);
    this.name = 'OllamaHttpError';
  }
}

export function classifyAgentError(err: unknown, baseURL: string): AgentError {
  if (err instanceof AgentError) return err;
  const failure = classifyProviderError(err, { baseURL });
  return failure.reason === 'cancelled' ? new CancelledError() : new AgentError(failure.reason, failure.message, { cause: err });
}

/** Why a consolidation failed: the provider's word when the model failed, the memory's when the store did. */
export type ConsolidationFailure = ProviderFailure | MemoryErrorCode;

/** A failure inside SQLite itself (better-sqlite3's SqliteError carries an `SQLITE_…` code). */
function sqliteCode(err: unknown): string | null {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

/**
 * A consolidation failure in the words a person can act on. The store's failures are the store's: a SQLite
 * error (a full disk, a pattern too complex) or a refused write used to read "the model server failed".
 */
export function classifyConsolidationError(err: unknown, baseURL: string): { reason: ConsolidationFailure; message: string } {
  if (err instanceof MemoryError) return { reason: err.code, message: err.message };
  const code = sqliteCode(err);
  if (code !== null) {
    const busy = code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
    return { reason: busy ? 'busy' : 'storage', message: `${code}: ${(err as Error).message}` };
  }
  const failure = classifyAgentError(err, baseURL);
  return { reason: failure.reason, message: failure.message };
}

/** Failures where trying the session again later can succeed (a busy database too, not only the provider's). */
export function isTransientConsolidationFailure(reason: ConsolidationFailure): boolean {
  return reason === 'busy' || TRANSIENT_PROVIDER_FAILURES.has(reason as ProviderFailure);
}

export function isUnsupportedModeError(err: unknown): boolean {
  // No native endpoint there (not an Ollama after all, or an old one): the OpenAI-compatible modes follow.
  if (err instanceof OllamaHttpError) return [400, 404, 405, 501].includes(err.status);
  if (!(err instanceof APIError) || err.status === undefined) return false;
  if (![400, 404, 405, 415, 422, 501].includes(err.status)) return false;
  return /response_format|json_schema|structured|tool|function|not support|unsupported|unknown (field|parameter)|unrecognized/i.test(err.message);
}
