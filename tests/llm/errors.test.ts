import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { classifyProviderError, HttpStatusError } from '../../src-main/llm/errors';
import { classifyAgentError } from '../../src-main/writepath/errors';
import { PROVIDER_FAILURES } from '../../src-shared/errors';

const ctx = { baseURL: 'http://127.0.0.1:9/v1', model: 'gpt-test' };
const apiError = (status: number, message: string): APIError => APIError.generate(status, { error: { message } }, undefined, new Headers());

/**
 * One classifier serves the chat, the write-path agent and embeddings. Where the three copies disagreed, these
 * are the decisions: one vocabulary (`bad_key`, `cancelled`, `timeout`), a 404 is an unknown model for every
 * client (the agent called it `bad_request`), and a 400 is an unknown model only when it says the model is
 * missing (the chat took any 400 mentioning "model", such as a context-length error, for an unknown model).
 */
describe('the one provider-error classifier', () => {
  it.each([
    [401, 'Incorrect API key provided', 'bad_key'],
    [403, 'Forbidden', 'bad_key'],
    [404, 'The model `gpt-test` does not exist', 'unknown_model'],
    [400, 'model "gpt-test" not found, try pulling it first', 'unknown_model'],
    [400, "This model's maximum context length is 8192 tokens", 'bad_request'],
    [429, 'Rate limit reached', 'rate_limited'],
    [503, 'Overloaded', 'server_error'],
    [422, 'Unprocessable', 'bad_request'],
  ] as const)('HTTP %i "%s" → %s, with the server message', (status, message, reason) => {
    const failure = classifyProviderError(apiError(status, message), ctx);
    expect(failure.reason).toBe(reason);
    expect(failure.message).toContain(message);
    expect(failure.message).toContain(ctx.baseURL);
  });

  it('tells a timeout (the server is slow) from an unreachable server', () => {
    expect(classifyProviderError(new APIConnectionTimeoutError(), { ...ctx, timeoutMs: 250 })).toMatchObject({
      reason: 'timeout',
      message: expect.stringContaining('within 250 ms'),
    });
    const refused = new APIConnectionError({ cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    expect(classifyProviderError(refused, ctx)).toMatchObject({ reason: 'unreachable', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('calls a stop "cancelled", whichever way it arrived', () => {
    const domAbort = new Error('This operation was aborted');
    domAbort.name = 'AbortError';
    expect(classifyProviderError(new APIUserAbortError(), ctx).reason).toBe('cancelled');
    expect(classifyProviderError(domAbort, ctx).reason).toBe('cancelled');
  });

  it('reads an unparsable body as malformed output', () => {
    expect(classifyProviderError(new SyntaxError('Unexpected end of JSON input'), ctx).reason).toBe('malformed_output');
  });

  it('gives the write-path agent the same answers as the chat, Ollama native errors included', () => {
    for (const status of [401, 404, 429, 500, 400]) {
      const err = apiError(status, 'The model `gpt-test` does not exist');
      expect(classifyAgentError(err, ctx.baseURL).reason).toBe(classifyProviderError(err, ctx).reason);
    }
    expect(classifyAgentError(new HttpStatusError(401, 'unauthorized'), ctx.baseURL).reason).toBe('bad_key');
    expect(classifyAgentError(new APIUserAbortError(), ctx.baseURL).reason).toBe('cancelled');
    for (const status of [401, 404, 429, 500, 400]) {
      expect(PROVIDER_FAILURES).toContain(classifyProviderError(apiError(status, 'x'), ctx).reason);
    }
  });
});
