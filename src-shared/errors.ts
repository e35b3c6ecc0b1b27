/**
 * The one error vocabulary of Engram. Every domain error (memory, LLM provider, write-path agent, embeddings,
 * chat, CLI usage) is an AppError with one of these codes, so the API maps each to a typed error the UI can
 * show, and nothing a person can act on reaches the UI as "internal". Imports nothing: the renderer reads the
 * codes too.
 */

/** What the engine and its callers refuse: the input, a missing or busy record, the store. */
export const MEMORY_ERROR_CODES = [
  'invalid_input',
  'not_found',
  'conflict',
  'storage',
  /** Another process holds the database's write lock and did not release it in time; retrying can succeed. */
  'busy',
  'closed',
  /** The memory is encrypted and no key at hand opens it (key file missing, wrong passphrase, another keychain). */
  'key_unavailable',
] as const;
export type MemoryErrorCode = (typeof MEMORY_ERROR_CODES)[number];

/**
 * Why a call to a model provider (chat, write-path agent, embeddings) failed. One list for all three clients:
 * `bad_key` (not "auth"/"unauthorized"), `cancelled` (not "aborted"), `bad_request` (not "invalid_request"),
 * `malformed_output` (not "bad_response").
 */
export const PROVIDER_FAILURES = [
  'not_configured',
  'bad_key',
  'unreachable',
  'timeout',
  'unknown_model',
  'rate_limited',
  'server_error',
  'bad_request',
  'malformed_output',
  'cancelled',
] as const;
export type ProviderFailure = (typeof PROVIDER_FAILURES)[number];

/** Failures where waiting and trying again can succeed. */
export const TRANSIENT_PROVIDER_FAILURES: ReadonlySet<ProviderFailure> = new Set(['unreachable', 'timeout', 'rate_limited', 'server_error']);

/** An embedding endpoint answered vectors of another length than the memory stores. */
export const EMBEDDING_ONLY_CODES = ['dimension_mismatch'] as const;

export const APP_ERROR_CODES = [...MEMORY_ERROR_CODES, ...PROVIDER_FAILURES, ...EMBEDDING_ONLY_CODES] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export interface ErrorIssue {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  issues?: ErrorIssue[];
  cause?: unknown;
}

/** Base of every domain error. Domains narrow `Code` to their own part of the vocabulary. */
export class AppError<Code extends AppErrorCode = AppErrorCode> extends Error {
  readonly code: Code;
  readonly issues: ErrorIssue[];

  constructor(code: Code, message: string, options?: AppErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.issues = options?.issues ?? [];
  }
}

/**
 * What the memory and the storage beneath it refuse: the input, a missing or busy record, the database file.
 * Every rejected engine call throws one and writes nothing. It lives here, below both, so storage can throw it.
 */
export class MemoryError extends AppError<MemoryErrorCode> {
  constructor(code: MemoryErrorCode, message: string, options?: AppErrorOptions) {
    super(code, message, options);
    this.name = 'MemoryError';
  }
}

/** A command line or file the person gave that cannot be used (CLI arguments, a dataset file). */
export class UsageError extends AppError<'invalid_input'> {
  constructor(message: string, options?: AppErrorOptions) {
    super('invalid_input', message, options);
    this.name = 'UsageError';
  }
}
