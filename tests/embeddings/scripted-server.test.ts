import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chatChunk,
  chatCompletion,
  deterministicVector,
  openAIError,
  startScriptedOpenAI,
  type ScriptedOpenAIServer,
} from '../helpers/scripted-openai-server';

// The scripted server is shared by later chat, tool-call and consolidation tests; check it speaks
// the protocol the real SDK expects.
let server: ScriptedOpenAIServer;
let client: OpenAI;

beforeEach(async () => {
  server = await startScriptedOpenAI({ models: ['model-a', 'model-b'], embeddingDimensions: 16 });
  client = new OpenAI({ baseURL: server.baseURL, apiKey: 'test-key', maxRetries: 0 });
});

afterEach(async () => {
  await server.close();
});

describe('scripted OpenAI server', () => {
  it('serves scripted chat completions in order and records requests', async () => {
    server.script('/v1/chat/completions', { json: chatCompletion('first', { prompt_tokens: 3 }) }, { json: chatCompletion('second') });
    const first = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const second = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'again' }] });
    expect(first.choices[0]?.message.content).toBe('first');
    expect(first.usage).toMatchObject({ prompt_tokens: 3, total_tokens: 8 });
    expect(second.choices[0]?.message.content).toBe('second');
    expect(server.remaining()).toBe(0);
    expect(server.requests.map((r) => r.body)).toMatchObject([
      { messages: [{ content: 'hi' }] },
      { messages: [{ content: 'again' }] },
    ]);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer test-key');
  });

  it('builds tool-call completions', async () => {
    server.script('/v1/chat/completions', {
      json: chatCompletion({ tool_calls: [{ id: 'call_1', name: 'remember', arguments: { fact: 'likes tea' } }] }),
    });
    const completion = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    const choice = completion.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.tool_calls?.[0]).toEqual({
      id: 'call_1',
      type: 'function',
      function: { name: 'remember', arguments: '{"fact":"likes tea"}' },
    });
  });

  it('streams SSE chunks that the SDK parses', async () => {
    server.script('/v1/chat/completions', {
      sse: [
        chatChunk({ role: 'assistant', content: '' }),
        chatChunk('Hel'),
        chatChunk('lo'),
        chatChunk({}, { finish_reason: 'stop' }),
        chatChunk(null, { usage: { prompt_tokens: 4, completion_tokens: 2 } }),
      ],
    });
    const stream = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let total: number | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) total = chunk.usage.total_tokens;
    }
    expect(text).toBe('Hello');
    expect(total).toBe(6);
  });

  it('returns OpenAI-shaped errors the SDK understands', async () => {
    server.script('/v1/chat/completions', openAIError(429, 'Slow down', undefined, 'rate_limit_exceeded'));
    const error = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'rate_limit_error' });
  });

  it('answers unscripted routes with a non-retryable 501', async () => {
    const error = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, { maxRetries: 2 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 501 });
    expect(server.requests).toHaveLength(1);
  });

  it('has default /v1/models and /v1/embeddings handlers (float and base64)', async () => {
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toEqual(['model-a', 'model-b']);

    const floats = await client.embeddings.create({ model: 'e', input: ['a', 'b'], encoding_format: 'float' });
    expect(floats.data[1]?.embedding).toEqual(deterministicVector('b', 16));
    // Without encoding_format the SDK asks for base64 and decodes it.
    const decoded = await client.embeddings.create({ model: 'e', input: 'a', dimensions: 5 });
    expect(decoded.data[0]?.embedding).toHaveLength(5);
    expect(decoded.data[0]?.embedding[0]).toBeCloseTo(deterministicVector('a', 5)[0] ?? NaN, 5);
  });

  it('supports dynamic steps', async () => {
    server.script('/v1/chat/completions', (request) => {
      const body = request.body as { messages: { content: string }[] };
      return { json: chatCompletion(`echo: ${body.messages[0]?.content ?? ''}`) };
    });
    const completion = await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'ping' }] });
    expect(completion.choices[0]?.message.content).toBe('echo: ping');
  });

  it('closes promptly while a request hangs', async () => {
    server.script('/v1/chat/completions', { hang: true });
    const pending = client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await server.close();
    expect(await pending).toBeInstanceOf(OpenAI.APIConnectionError);
  });
});
