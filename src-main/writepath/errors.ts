/** Why an LLM step of the write path failed, in terms the session's `last_error` and the UI can show. */
import { APIError } from 'openai';
import { PROVIDER_FAILURES, type AppErrorOptions, type ProviderFailure } from '../../src-shared/errors';
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

export function isUnsupportedModeError(err: unknown): boolean {
  // No native endpoint there (not an Ollama after all, or an old one): the OpenAI-compatible modes follow.
  if (err instanceof OllamaHttpError) return [400, 404, 405, 501].includes(err.status);
  if (!(err instanceof APIError) || err.status === undefined) return false;
  if (![400, 404, 405, 415, 422, 501].includes(err.status)) return false;
  return /response_format|json_schema|structured|tool|function|not support|unsupported|unknown (field|parameter)|unrecognized/i.test(err.message);
}
