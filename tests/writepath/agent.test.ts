import { useScriptedOpenAI } from '../helpers/use-scripted-openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryAgent } from '../../src-main/writepath/agent';
import { agentConfigFromProvider } from '../../src-main/writepath/config';
import { AgentError } from '../../src-main/writepath/errors';
import { chatCompletion, openAIError, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';

const schema = z.object({ items: z.array(z.object({ name: z.string(), score: z.number().nullable() })) });
const task = {
  name: 'test_task',
  description: 'a test',
  system: 'Return items.',
  user: 'Go.',
  schema,
  check: (v: z.output<typeof schema>) => (v.items.some((i) => i.name === 'bad') ? 'item "bad" is not allowed' : null),
};
const PATH = '/v1/chat/completions';

let server: ScriptedOpenAIServer;
useScriptedOpenAI((s) => (server = s));

const agent = (extra: Partial<ConstructorParameters<typeof MemoryAgent>[0]> = {}): MemoryAgent =>
  new MemoryAgent({ baseURL: server.baseURL, model: 'agent-model', maxRetries: 0, timeoutMs: 5_000, ...extra });

const body = (i: number): Record<string, unknown> => server.requestsTo(PATH)[i]?.body as Record<string, unknown>;

describe('memory agent', () => {
  it('asks for a strict JSON schema and returns the validated value with token usage', async () => {
    server.script(PATH, { json: chatCompletion(JSON.stringify({ items: [{ name: 'a', score: 1 }] }), { prompt_tokens: 40, completion_tokens: 7 }) });
    const r = await agent().complete(task);
    expect(r.value).toEqual({ items: [{ name: 'a', score: 1 }] });
    expect(r.usage).toEqual({ promptTokens: 40, completionTokens: 7, calls: 1 });
    expect(r.mode).toBe('json_schema');
    const rf = body(0).response_format as { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
    expect(rf.type).toBe('json_schema');
    expect(rf.json_schema.name).toBe('test_task');
    expect(rf.json_schema.strict).toBe(true);
    // Strict mode: closed objects, every property required.
    expect(rf.json_schema.schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['items'] });
    expect(body(0).model).toBe('agent-model');
  });

  it('retries once with the validation error, then succeeds; usage covers both calls', async () => {
    server.script(
      PATH,
      { json: chatCompletion('{"items": [{"name": "x"', { prompt_tokens: 10, completion_tokens: 3 }) },
      { json: chatCompletion(JSON.stringify({ items: [{ name: 'x', score: null }] }), { prompt_tokens: 20, completion_tokens: 5 }) },
    );
    const r = await agent().complete(task);
    expect(r.value.items[0]?.name).toBe('x');
    expect(r.usage).toEqual({ promptTokens: 30, completionTokens: 8, calls: 2 });
    const retry = body(1).messages as { role: string; content: string }[];
    expect(retry.at(-1)?.content).toMatch(/not valid JSON/);
  });

  it('a semantic check failure also gets the one retry, quoting the problem', async () => {
    server.script(
      PATH,
      { json: chatCompletion(JSON.stringify({ items: [{ name: 'bad', score: 1 }] })) },
      { json: chatCompletion(JSON.stringify({ items: [{ name: 'good', score: 1 }] })) },
    );
    const r = await agent().complete(task);
    expect(r.value.items[0]?.name).toBe('good');
    expect((body(1).messages as { content: string }[]).at(-1)?.content).toMatch(/item "bad" is not allowed/);
  });

  it('fails with malformed_output after a second invalid answer (no third call)', async () => {
    server.script(
      PATH,
      { json: chatCompletion(JSON.stringify({ items: 'nope' })) },
      { json: chatCompletion('not json at all', undefined, { finish_reason: 'length' }) },
    );
    await expect(agent().complete(task)).rejects.toMatchObject({ reason: 'malformed_output' });
    expect(server.requestsTo(PATH)).toHaveLength(2);
  });

  it('auto mode falls back to a forced tool call when json_schema is refused, and remembers it', async () => {
    server.script(
      PATH,
      openAIError(400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model."),
      { json: chatCompletion({ tool_calls: [{ name: 'test_task', arguments: { items: [{ name: 't', score: 2 }] } }] }) },
      { json: chatCompletion({ tool_calls: [{ name: 'test_task', arguments: { items: [] } }] }) },
    );
    const a = agent();
    const r = await a.complete(task);
    expect(r.mode).toBe('tool');
    expect(r.value.items[0]?.name).toBe('t');
    expect(body(1).tool_choice).toEqual({ type: 'function', function: { name: 'test_task' } });
    await a.complete(task);
    expect(body(2).tools).toBeDefined();
    expect(body(2).response_format).toBeUndefined();
  });

  it('json_object mode puts the schema in the prompt and tolerates code fences', async () => {
    server.script(PATH, { json: chatCompletion('Here you go:\n```json\n{"items": []}\n```') });
    const r = await agent({ outputMode: 'json_object' }).complete(task);
    expect(r.value).toEqual({ items: [] });
    expect(body(0).response_format).toEqual({ type: 'json_object' });
    expect((body(0).messages as { content: string }[])[0]?.content).toMatch(/JSON Schema/);
  });

  it('classifies 429, 500, truncated bodies and timeouts', async () => {
    server.script(PATH, openAIError(429, 'slow down'));
    await expect(agent().complete(task)).rejects.toMatchObject({ reason: 'rate_limited' });
    server.script(PATH, openAIError(500, 'boom'));
    await expect(agent().complete(task)).rejects.toMatchObject({ reason: 'server_error' });
    server.script(PATH, { raw: '{"id":"x","choices":[{"message":{"content":"{\\"it', ending: 'end' });
    const truncated = await agent().complete(task).catch((e: unknown) => e);
    expect(truncated).toBeInstanceOf(AgentError);
    expect(['malformed_output', 'unreachable']).toContain((truncated as AgentError).reason);
    server.script(PATH, { hang: true });
    await expect(agent({ timeoutMs: 300 }).complete(task)).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('an aborted signal cancels the request', async () => {
    server.script(PATH, { hang: true });
    const c = new AbortController();
    const p = agent().complete(task, c.signal);
    setTimeout(() => c.abort(), 50);
    await expect(p).rejects.toMatchObject({ reason: 'cancelled' });
  });
});

describe('agent config from the app settings', () => {
  it('uses the agent model, else the chat model; none without a provider', () => {
    const p = { kind: 'openai', baseURL: 'https://api.example/v1', chatModel: 'big', agentModel: 'small' };
    expect(agentConfigFromProvider(p, 'k')).toEqual({ baseURL: 'https://api.example/v1', model: 'small', apiKey: 'k', server: 'openai' });
    expect(agentConfigFromProvider({ ...p, agentModel: '' }, undefined)).toEqual({ baseURL: 'https://api.example/v1', model: 'big', server: 'openai' });
    expect(agentConfigFromProvider({ ...p, kind: 'none' }, 'k')).toBeNull();
    // Each local server's native structured output is tried first.
    expect(agentConfigFromProvider({ ...p, kind: 'ollama', baseURL: 'http://127.0.0.1:11434/v1' }, undefined)?.server).toBe('ollama');
    expect(agentConfigFromProvider({ ...p, kind: 'lmstudio', baseURL: 'http://127.0.0.1:1234/v1' }, undefined)?.server).toBe('lmstudio');
    expect(agentConfigFromProvider({ ...p, kind: 'custom', baseURL: 'http://127.0.0.1:8080/v1' }, undefined)?.server).toBe('llamacpp');
  });
});
