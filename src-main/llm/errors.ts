/** Turns SDK and network failures into a reason a person can act on. */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

export const LLM_FAILURE_REASONS = [
  'not_configured',
  'bad_key',
  'unreachable',
  'unknown_model',
  'rate_limited',
  'server_error',
  'bad_request',
  'aborted',
] as const;
export type LlmFailureReason = (typeof LLM_FAILURE_REASONS)[number];

export interface LlmFailure {
  reason: LlmFailureReason;
  message: string;
}

export class LlmError extends Error {
  constructor(
    readonly reason: LlmFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export function classifyLlmError(err: unknown, context: { baseURL: string; model?: string }): LlmFailure {
  if (err instanceof LlmError) return { reason: err.reason, message: err.message };
  if (err instanceof APIUserAbortError || (err instanceof Error && err.name === 'AbortError')) {
    return { reason: 'aborted', message: 'Stopped.' };
  }
  if (err instanceof APIConnectionTimeoutError) {
    return { reason: 'unreachable', message: `${context.baseURL} did not answer in time.` };
  }
  if (err instanceof APIConnectionError) {
    return { reason: 'unreachable', message: `Cannot reach ${context.baseURL}: is the server running and the URL right?` };
  }
  if (err instanceof APIError) {
    const detail = err.message.replace(/^\d{3}\s*/, '');
    if (err.status === 401 || err.status === 403) {
      return { reason: 'bad_key', message: `The server refused the API key (${err.status}): ${detail}` };
    }
    if (err.status === 404 || (err.status === 400 && /model/i.test(detail))) {
      return {
        reason: 'unknown_model',
        message: `The server does not know the model${context.model ? ` "${context.model}"` : ''}: ${detail}`,
      };
    }
    if (err.status === 429) return { reason: 'rate_limited', message: `Rate limited by the server: ${detail}` };
    if (err.status !== undefined && err.status >= 500) return { reason: 'server_error', message: `The server failed (${err.status}): ${detail}` };
    return { reason: 'bad_request', message: `The server refused the request (${err.status ?? '?'}): ${detail}` };
  }
  return { reason: 'server_error', message: err instanceof Error ? err.message : String(err) };
}
