import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { EmbeddingError, type EmbeddingErrorCode } from '../../src-main/embeddings/types';
import {
  OpenAICompatibleEmbedder,
  probeEmbeddingDimensions,
  type OpenAICompatibleConfig,
} from '../../src-main/embeddings/openai-compatible';
import {
  embeddingResponse,
  openAIError,
  startScriptedOpenAI,
  type ScriptedOpenAIServer,
} from '../helpers/scripted-openai-server';

let server: ScriptedOpenAIServer;

beforeEach(async () => {
  server = await startScriptedOpenAI({ embeddingDimensions: 4 });
});

afterEach(async () => {
  await server.close();
});

function embedder(overrides: Partial<OpenAICompatibleConfig> = {}): OpenAICompatibleEmbedder {
  return new OpenAICompatibleEmbedder({ baseURL: server.baseURL, model: 'test-embed', dimensions: 4, maxRetries: 0, ...overrides });
}

async function expectCode(promise: Promise<unknown>, code: EmbeddingErrorCode): Promise<EmbeddingError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddingError);
  const embeddingError = error as EmbeddingError;
  expect(embeddingError.code).toBe(code);
  return embeddingError;
}

/** A port that refuses connections: bind an ephemeral port, then release it. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('OpenAICompatibleEmbedder', () => {
  it('embeds in batches through the openai SDK and returns unit vectors', async () => {
    const e = embedder({ apiKey: 'sk-test', batchSize: 2 });
    const texts = ['one', 'two', 'three', 'four', 'five'];
    const vectors = await e.embedBatch(texts);

    expect(e.id).toBe('openai:test-embed');
    expect(e.dimensions).toBe(4);
    expect(vectors).toHaveLength(5);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(4);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    }

    const requests = server.requestsTo('/v1/embeddings');
    expect(requests.map((r) => (r.body as { input: unknown }).input)).toEqual([['one', 'two'], ['three', 'four'], ['five']]);
    for (const r of requests) {
      expect(r.method).toBe('POST');
      expect(r.body).toMatchObject({ model: 'test-embed', encoding_format: 'float', dimensions: 4 });
      expect(r.headers.authorization).toBe('Bearer sk-test');
    }
  });

  it('keeps results parallel to the input', async () => {
    const [a, b] = await embedder().embedBatch(['alpha', 'beta']);
    const [b2] = await embedder().embedBatch(['beta']);
    expect(Array.from(b ?? [])).toEqual(Array.from(b2 ?? []));
    expect(Array.from(a ?? [])).not.toEqual(Array.from(b ?? []));
  });

  it('omits dimensions when sendDimensions is false and sends a placeholder key without apiKey', async () => {
    await embedder({ sendDimensions: false }).embedBatch(['hello']);
    const [request] = server.requestsTo('/v1/embeddings');
    expect(request?.body).not.toHaveProperty('dimensions');
    expect(request?.body).toMatchObject({ encoding_format: 'float' });
    expect(request?.headers.authorization).toBe('Bearer not-needed');
  });

  it('sorts response items by index', async () => {
    const response = embeddingResponse([
      [1, 0, 0, 0],
      [0, 2, 0, 0],
      [0, 0, 3, 0],
    ]);
    response.data.reverse();
    server.script('/v1/embeddings', { json: response });
    const vectors = await embedder().embedBatch(['a', 'b', 'c']);
    expect(vectors.map((v) => Array.from(v))).toEqual([
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
    ]);
  });

  it('gives empty texts zero vectors without sending them', async () => {
    const vectors = await embedder().embedBatch(['', 'real text', '  ']);
    expect(server.requestsTo('/v1/embeddings').map((r) => (r.body as { input: unknown }).input)).toEqual([['real text']]);
    expect(vectors[0]?.every((x) => x === 0)).toBe(true);
    expect(vectors[2]?.every((x) => x === 0)).toBe(true);
    expect(Math.hypot(...(vectors[1] ?? []))).toBeCloseTo(1, 5);

    await embedder().embedBatch(['']);
    expect(server.requestsTo('/v1/embeddings')).toHaveLength(1);
  });

  it.each([
    [401, 'Incorrect API key provided', 'bad_key'],
    [403, 'Forbidden', 'bad_key'],
    [404, 'The model `test-embed` does not exist', 'unknown_model'],
    [429, 'Rate limit reached', 'rate_limited'],
    [500, 'Internal error', 'server_error'],
    [503, 'Overloaded', 'server_error'],
    [400, 'Input is too long', 'bad_request'],
  ] as const)('maps HTTP %i to %s', async (status, message, code) => {
    server.script('/v1/embeddings', openAIError(status, message));
    const error = await expectCode(embedder().embedBatch(['x']), code);
    expect(error.message).toContain(message);
    expect(error.retryable).toBe(code === 'rate_limited' || code === 'server_error');
  });

  it('recognises a model-not-found message on a non-404 status (Ollama-style)', async () => {
    server.script('/v1/embeddings', openAIError(400, 'model "nomic-embed-txt" not found, try pulling it first', 'api_error'));
    const error = await expectCode(embedder({ model: 'nomic-embed-txt' }).embedBatch(['x']), 'unknown_model');
    expect(error.message).toContain('nomic-embed-txt');
  });

  it('uses SDK retries for retryable statuses', async () => {
    server.script('/v1/embeddings', { ...openAIError(500, 'flaky'), headers: { 'retry-after-ms': '1' } });
    const vectors = await embedder({ maxRetries: 1 }).embedBatch(['x']);
    expect(vectors).toHaveLength(1);
    expect(server.requestsTo('/v1/embeddings')).toHaveLength(2);
  });

  it('maps a refused connection to unreachable with the endpoint in the message', async () => {
    const baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    const error = await expectCode(embedder({ baseURL }).embedBatch(['x']), 'unreachable');
    expect(error.message).toContain(baseURL);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.retryable).toBe(true);
  });

  it('maps a timeout to timeout (the server is there but slow)', async () => {
    server.script('/v1/embeddings', { delayMs: 5_000, then: { json: embeddingResponse([[1, 0, 0, 0]]) } });
    const error = await expectCode(embedder({ timeoutMs: 100 }).embedBatch(['x']), 'timeout');
    expect(error.message).toContain('did not respond within 100 ms');
  });

  it('times out when the body stalls after the headers', async () => {
    server.script('/v1/embeddings', { raw: '{"object":"list","data":[', ending: 'stall' });
    await expectCode(embedder({ timeoutMs: 100 }).embedBatch(['x']), 'timeout');
  });

  it('maps an aborted signal to cancelled', async () => {
    server.script('/v1/embeddings', { hang: true });
    const controller = new AbortController();
    const pending = embedder().embedBatch(['x'], { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await expectCode(pending, 'cancelled');
    expect(error.retryable).toBe(false);

    const already = new AbortController();
    already.abort();
    await expectCode(embedder().embedBatch(['x'], { signal: already.signal }), 'cancelled');
  });

  it.each([
    ['truncated JSON', { raw: '{"object":"list","data":[{"index":0,"embedding":[0.1,' }],
    ['a non-JSON body', { raw: '<html>Bad gateway</html>', contentType: 'text/html' }],
    ['no data array', { json: { object: 'list' } }],
    ['too few items', { json: embeddingResponse([]) }],
    ['non-numeric values', { json: { data: [{ index: 0, embedding: [0.1, 'x', 0.3, 0.4] }] } }],
    ['a duplicate index', { json: { data: [{ index: 0, embedding: [1, 0, 0, 0] }, { index: 0, embedding: [1, 0, 0, 0] }] } }],
  ])('maps %s to bad_response', async (name, step) => {
    server.script('/v1/embeddings', step);
    const texts = name === 'a duplicate index' ? ['a', 'b'] : ['a'];
    await expectCode(embedder().embedBatch(texts), 'malformed_output');
  });

  it('reports a dimension mismatch naming both numbers', async () => {
    server.script('/v1/embeddings', { json: embeddingResponse([[0.1, 0.2, 0.3]]) });
    const error = await expectCode(embedder().embedBatch(['x']), 'dimension_mismatch');
    expect(error.message).toMatch(/\b3\b/);
    expect(error.message).toMatch(/\b4\b/);
  });

  it('accepts items without index in array order', async () => {
    server.script('/v1/embeddings', {
      json: { data: [{ embedding: [3, 0, 0, 0] }, { embedding: [0, 0, 0, 5] }] },
    });
    const vectors = await embedder().embedBatch(['a', 'b']);
    expect(vectors.map((v) => Array.from(v))).toEqual([
      [1, 0, 0, 0],
      [0, 0, 0, 1],
    ]);
  });
});

describe('probeEmbeddingDimensions', () => {
  it('returns the length the endpoint actually produces', async () => {
    server.script('/v1/embeddings', { json: embeddingResponse([new Array<number>(768).fill(0.5)]) });
    const dims = await probeEmbeddingDimensions({ baseURL: server.baseURL, model: 'nomic-embed-text', maxRetries: 0 });
    expect(dims).toBe(768);
    expect(server.requests[0]?.body).not.toHaveProperty('dimensions');
  });

  it('sends configured dimensions', async () => {
    const dims = await probeEmbeddingDimensions({ baseURL: server.baseURL, model: 'text-embedding-3-large', dimensions: 256 });
    expect(dims).toBe(256);
    expect(server.requests[0]?.body).toMatchObject({ dimensions: 256, encoding_format: 'float' });
  });

  it('surfaces errors as EmbeddingError', async () => {
    server.script('/v1/embeddings', openAIError(401, 'Invalid API key'));
    await expectCode(probeEmbeddingDimensions({ baseURL: server.baseURL, model: 'm', maxRetries: 0 }), 'bad_key');
  });
});
