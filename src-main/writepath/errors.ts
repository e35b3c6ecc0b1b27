/** Why an LLM step failed, in terms the session's `last_error` and the UI can show. */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

export const AGENT_FAILURES = [
  'rate_limited',
  'server_error',
  'timeout',
  'unreachable',
  'malformed_output',
  'bad_request',
  'auth',
  'cancelled',
] as const;
export type AgentFailure = (typeof AGENT_FAILURES)[number];

export class AgentError extends Error {
  constructor(
    readonly reason: AgentFailure,
    message: string,
  ) {
    super(message);
    this.name = 'AgentError';
  }
}

export class CancelledError extends AgentError {
  constructor(message = 'cancelled') {
    super('cancelled', message);
  }
}

export function isCancellation(err: unknown): boolean {
  return (
    (err instanceof AgentError && err.reason === 'cancelled') ||
    err instanceof APIUserAbortError ||
    (err instanceof Error && err.name === 'AbortError')
  );
}

/** A non-2xx answer from Ollama's native endpoint (/api/chat), classified like the SDK's API errors. */
export class OllamaHttpError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`${status} ${body.slice(0, 300)}`);
    this.name = 'OllamaHttpError';
  }
}

export function classifyAgentError(err: unknown, baseURL: string): AgentError {
  if (err instanceof AgentError) return err;
  if (err instanceof OllamaHttpError) {
    if (err.status === 429) return new AgentError('rate_limited', `rate limited: ${err.message}`);
    if (err.status === 401 || err.status === 403) return new AgentError('auth', `the server refused the key: ${err.message}`);
    if (err.status >= 500) return new AgentError('server_error', `server error: ${err.message}`);
    return new AgentError('bad_request', `request refused: ${err.message}`);
  }
  if (isCancellation(err)) return new CancelledError();
  // Timeout first: it is a subclass of the connection error.
  if (err instanceof APIConnectionTimeoutError) return new AgentError('timeout', `${baseURL} did not answer in time`);
  if (err instanceof APIConnectionError) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return new AgentError('unreachable', `cannot reach ${baseURL}${cause}`);
  }
  if (err instanceof APIError) {
    const detail = err.message;
    if (err.status === 429) return new AgentError('rate_limited', `rate limited: ${detail}`);
    if (err.status === 401 || err.status === 403) return new AgentError('auth', `the server refused the key: ${detail}`);
    if (err.status !== undefined && err.status >= 500) return new AgentError('server_error', `server error: ${detail}`);
    return new AgentError('bad_request', `request refused: ${detail}`);
  }
  // A body that is not JSON (truncated, HTML error page) surfaces from the SDK as a plain SyntaxError.
  if (err instanceof SyntaxError) return new AgentError('malformed_output', `unreadable response: ${err.message}`);
  return new AgentError('server_error', err instanceof Error ? err.message : String(err));
}

/** A 4xx that says the endpoint does not do this kind of structured output: try the next mode. */
export function isUnsupportedModeError(err: unknown): boolean {
  // No native endpoint there (not an Ollama after all, or an old one): the OpenAI-compatible modes follow.
  if (err instanceof OllamaHttpError) return [400, 404, 405, 501].includes(err.status);
  if (!(err instanceof APIError) || err.status === undefined) return false;
  if (![400, 404, 405, 415, 422, 501].includes(err.status)) return false;
  return /response_format|json_schema|structured|tool|function|not support|unsupported|unknown (field|parameter)|unrecognized/i.test(err.message);
}
