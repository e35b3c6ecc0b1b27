/**
 * The one classifier of model-provider failures (chat, write-path agent, embeddings): SDK, HTTP and network
 * errors become a reason from src-shared/errors' PROVIDER_FAILURES and a message a person can act on.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AppError, PROVIDER_FAILURES, type AppErrorOptions, type ProviderFailure } from '../../src-shared/errors';

export { PROVIDER_FAILURES, type ProviderFailure } from '../../src-shared/errors';
/** The chat's name for the shared vocabulary (persisted in chat messages' `error.reason`). */
export type LlmFailureReason = ProviderFailure;

export interface LlmFailure {
  reason: ProviderFailure;
  message: string;
}

/** A call to a model provider failed; `reason` is the same word as `code`. */
export class ProviderError extends AppError<ProviderFailure> {
  readonly reason: ProviderFailure;

  constructor(reason: ProviderFailure, message: string, options?: AppErrorOptions) {
    super(reason, message, options);
    this.name = 'ProviderError';
    this.reason = reason;
  }
}

/** A chat reply or connection test failed at the provider. */
export class LlmError extends ProviderError {
  constructor(reason: ProviderFailure, message: string, options?: AppErrorOptions) {
    super(reason, message, options);
    this.name = 'LlmError';
  }
}

/** A non-2xx answer from an endpoint the SDK does not wrap (Ollama's native /api/chat), classified like APIError. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`${status} ${body.slice(0, 300)}`);
    this.name = 'HttpStatusError';
  }
}

export interface ProviderContext {
  baseURL: string;
  model?: string;
  /** Who was asked, for the message: "The model server" (default), "Embedding endpoint". */
  label?: string;
  /** The per-attempt timeout, named in a timeout's message. */
  timeoutMs?: number;
}

const MODEL_NOT_FOUND_RE =
  /model[^.]{0,200}?(?:not found|does not exist|doesn't exist|not exist|unknown|no such|not available|is not loaded|not loaded)|unknown model|model_not_found|no such model/i;

/** The user stopped it: the SDK's abort, a DOM AbortError, or an AppError that already says so. */
export function isCancellation(err: unknown): boolean {
  return (err instanceof AppError && err.code === 'cancelled') || err instanceof APIUserAbortError || (err instanceof Error && err.name === 'AbortError');
}

export function classifyProviderError(err: unknown, context: ProviderContext): LlmFailure {
  const who = `${context.label ?? 'The model server'} ${context.baseURL}`;
  if (err instanceof AppError && (PROVIDER_FAILURES as readonly string[]).includes(err.code)) {
    return { reason: err.code as ProviderFailure, message: err.message };
  }
  if (isCancellation(err)) return { reason: 'cancelled', message: 'Stopped.' };
  // Timeout first: it is a subclass of the connection error.
  if (err instanceof APIConnectionTimeoutError) {
    const within = context.timeoutMs !== undefined ? `within ${seconds(context.timeoutMs)}` : 'in time';
    return { reason: 'timeout', message: `${who} did not respond ${within}: it may be busy or slow. Try again, or raise the timeout in Settings.` };
  }
  if (err instanceof APIConnectionError) {
    // A fetch of our own (the built-in model) that failed with a classified cause keeps it.
    const cause: unknown = err.cause;
    if (cause instanceof AppError && (PROVIDER_FAILURES as readonly string[]).includes(cause.code)) return { reason: cause.code as ProviderFailure, message: cause.message };
    return { reason: 'unreachable', message: `Cannot reach ${who} (${rootCauseMessage(err)}): is the server running and the URL right?` };
  }
  const status = err instanceof APIError ? err.status : err instanceof HttpStatusError ? err.status : undefined;
  if ((err instanceof APIError || err instanceof HttpStatusError) && status !== undefined) {
    const detail = serverMessage(err);
    const suffix = detail ? `: ${detail}` : '';
    const apiCode = err instanceof APIError ? err.code : undefined;
    if (status === 401 || status === 403) return { reason: 'bad_key', message: `${who} refused the API key (HTTP ${status})${suffix}` };
    if (status === 404 || apiCode === 'model_not_found' || MODEL_NOT_FOUND_RE.test(detail)) {
      const model = context.model ? ` "${context.model}"` : '';
      return { reason: 'unknown_model', message: `${who} does not know the model${model} (HTTP ${status})${suffix}` };
    }
    if (status === 429) return { reason: 'rate_limited', message: `${who} is rate limiting requests (HTTP 429)${suffix}` };
    if (status >= 500) return { reason: 'server_error', message: `${who} failed (HTTP ${status})${suffix}` };
    return { reason: 'bad_request', message: `${who} refused the request (HTTP ${status})${suffix}` };
  }
  // A body that is not JSON (truncated, an HTML error page) surfaces from the SDK as a plain SyntaxError.
  if (err instanceof SyntaxError) return { reason: 'malformed_output', message: `${who} returned an unreadable response: ${err.message}` };
  return { reason: 'server_error', message: err instanceof Error ? err.message : String(err) };
}

/**
 * A streamed reply went quiet for `idleMs` (IdleWatchdog). Said as *slow*, not *unreachable*: the server took the
 * request, so it is there, only not answering.
 */
export function idleTimeoutError(context: ProviderContext, idleMs: number, sawData: boolean): LlmError {
  const who = `${context.label ?? 'The model server'} ${context.baseURL}`;
  const message = sawData
    ? `${who} stopped sending in the middle of the reply (nothing for ${seconds(idleMs)}). What arrived is kept; try again.`
    : `${who} is reachable but sent nothing for ${seconds(idleMs)}: it may be busy or still loading the model. Try again, or raise the reply timeout in Settings.`;
  return new LlmError('timeout', message);
}

const seconds = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);

/** The chat's classifier: the shared one (kept as a name because the chat and settings call it). */
export function classifyLlmError(err: unknown, context: { baseURL: string; model?: string }): LlmFailure {
  return classifyProviderError(err, context);
}

/** The error message the server put in its body, without the SDK's "404 " prefix. */
function serverMessage(error: APIError | HttpStatusError): string {
  const body: unknown = error instanceof APIError ? error.error : undefined;
  const fromBody = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
  const text = fromBody ?? error.message.replace(/^\d{3}\s*/, '');
  const trimmed = text.trim();
  return trimmed.length > 300 ? `${trimmed.slice(0, 300)}…` : trimmed;
}

/** "Connection error." alone does not help a person; the innermost cause says ECONNREFUSED etc. */
function rootCauseMessage(error: Error): string {
  let current: unknown = error;
  let message = error.message;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current.message) message = current.message;
    current = current.cause;
  }
  return message;
}
