import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES, type ApiErrorCode } from '../../src-main/api/contract';
import { createDispatch, type Handlers } from '../../src-main/api/handlers';
import { ChatError } from '../../src-main/chat/errors';
import { EmbeddingError } from '../../src-main/embeddings/types';
import { LlmError } from '../../src-main/llm/errors';
import { MemoryError } from '../../src-main/memory/errors';
import { AgentError, CancelledError } from '../../src-main/writepath/errors';
import { AppError, APP_ERROR_CODES, UsageError } from '../../src-shared/errors';
import { openTestHost } from '../helpers/app-host';
import { CollectingLogger } from '../helpers/temp-engine';

/** The real dispatch (name check → zod → handler → envelope) over handlers that all throw `err`. */
function dispatchThrowing(err: unknown, logger = new CollectingLogger()) {
  const throwing = new Proxy({} as Handlers, {
    get: () => () => {
      throw err;
    },
  });
  return createDispatch(throwing, logger);
}

describe('domain errors at the API boundary', () => {
  const cases: [string, Error, ApiErrorCode][] = [
    ['MemoryError', new MemoryError('conflict', 'that entity was merged already'), 'conflict'],
    ['ChatError', new ChatError('conflict', 'A reply is still being written in this chat; stop it first.'), 'conflict'],
    ['LlmError', new LlmError('bad_key', 'The model server refused the API key (HTTP 401)'), 'bad_key'],
    ['LlmError (timeout)', new LlmError('timeout', 'The model server did not respond in time.'), 'timeout'],
    ['AgentError', new AgentError('rate_limited', 'rate limited (HTTP 429)'), 'rate_limited'],
    ['CancelledError', new CancelledError(), 'cancelled'],
    ['EmbeddingError', new EmbeddingError('dimension_mismatch', 'returned 768-dimensional vectors, 256 configured'), 'dimension_mismatch'],
    ['UsageError', new UsageError('missing <file>'), 'invalid_input'],
  ];

  for (const [name, err, code] of cases) {
    it(`${name} reaches the caller as "${code}" with its message, not as "internal"`, async () => {
      const logger = new CollectingLogger();
      const res = await dispatchThrowing(err, logger)('app.info', {});
      expect(res).toEqual({ ok: false, error: { code, message: err.message, issues: [] } });
      // A domain error is an answer, not a fault: nothing is logged as a failure.
      expect(logger.errors).toEqual([]);
    });
  }

  it('keeps the input issues a domain error names', async () => {
    const err = new MemoryError('invalid_input', 'content is empty', { issues: [{ path: 'content', message: 'content is empty' }] });
    const res = await dispatchThrowing(err)('app.info', {});
    expect(!res.ok && res.error.issues).toEqual([{ path: 'content', message: 'content is empty' }]);
  });

  it('still reports a programming error as internal, and logs it', async () => {
    const logger = new CollectingLogger();
    const res = await dispatchThrowing(new TypeError('x is undefined'), logger)('app.info', {});
    expect(!res.ok && res.error.code).toBe('internal');
    expect(logger.errors.length).toBe(1);
  });

  it('declares every domain code in the contract', () => {
    for (const code of APP_ERROR_CODES) expect(API_ERROR_CODES).toContain(code);
    for (const err of cases.map((c) => c[1])) expect(err).toBeInstanceOf(AppError);
  });

  it('a missing chat is a chat error, through the real host', async () => {
    const { host } = openTestHost();
    const res = await host.dispatch('chat.messages', { chatId: 'no-such-chat' });
    expect(!res.ok && res.error.code).toBe('not_found');
    expect(!res.ok && res.error.message).toContain('Chat "no-such-chat" does not exist');
  });
});
