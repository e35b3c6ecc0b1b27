/**
 * The built-in model through its real path: a generated tiny GGUF (random weights, nonsense answers) loaded by
 * node-llama-cpp in the model's own worker thread. What is tested is the path, not the content.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readGgufFileInfo } from 'node-llama-cpp';
import { toolDefinitions } from '../../src-main/chat/tools';
import { BuiltinModelError, BuiltinModelRuntime } from '../../src-main/llm/builtin/runtime';
import type { BuiltinTool } from '../../src-main/llm/builtin/protocol';
import { extractionSchema } from '../../src-main/writepath/llm-output';
import { strictJsonSchema } from '../../src-main/writepath/json-schema';
import { makeTinyGguf } from '../../scripts/make-tiny-gguf';
import { tinyModelFile } from '../helpers/tiny-gguf';

// A long window: the tiny vocabulary spells the tool schemas nearly byte by byte.
const model = tinyModelFile({ contextLength: 16_384 });
const runtime = new BuiltinModelRuntime();
const small = { maxStringLength: 4, maxArrayItems: 0 };
// The chat's search tool with its query only: richer schemas (enums, integer ranges) stalled the random-weight
// model's constrained sampling here, which says nothing about real models but keeps this test short.
const search = toolDefinitions().find((t) => t.function.name === 'search_memory');
if (!search) throw new Error('search_memory is not a chat tool');
const memoryTools: BuiltinTool[] = [
  { name: search.function.name, description: search.function.description ?? '', parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
];

// Starting a worker thread that loads node-llama-cpp from source is slow on a loaded machine; no timing is asserted.
// Constrained sampling ran at about a token a second on the shared 2-core machine, so answers are kept short.
vi.setConfig({ testTimeout: 400_000 });
afterAll(() => {
  runtime.close();
  model.cleanup();
});

describe('tiny GGUF generator', () => {
  it('writes a llama-architecture GGUF v3 of a few hundred KB with a small vocabulary and a chat template', async () => {
    const bytes = makeTinyGguf();
    expect(bytes.length).toBeGreaterThan(100_000);
    expect(bytes.length).toBeLessThan(1_000_000);
    expect(makeTinyGguf().equals(bytes)).toBe(true);
    const info = await readGgufFileInfo(model.path);
    expect(info.version).toBe(3);
    expect(info.metadata.general.architecture).toBe('llama');
    expect(info.metadata.tokenizer.ggml.tokens.length).toBeLessThan(400);
    expect(info.metadata.tokenizer.chat_template).toContain('<|im_start|>');
  });
});

describe('built-in model runtime', () => {
  it('loads the model in its worker and streams a reply', async () => {
    const chunks: string[] = [];
    const result = await runtime.generate(
      { modelPath: model.path, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello, my name is Ann' }], maxTokens: 12 },
      { onChunk: (t) => chunks.push(t) },
    );
    expect(runtime.running).toBe(true);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(result.text);
    expect(result.completionTokens).toBeGreaterThan(0);
    expect(result.promptTokens).toBeGreaterThan(0);
  });

  it('stops when its signal is aborted, and answers the next request', async () => {
    const controller = new AbortController();
    let chunks = 0;
    // Greedy, so the random-weight model's reply is the same every run: sampled, it could end (EOS) before the
    // third chunk and never be stopped (a clean-clone run did: 4 tokens, no text).
    const stopped = runtime.generate(
      { modelPath: model.path, messages: [{ role: 'user', content: 'Tell me a long story' }], maxTokens: 2000, temperature: 0 },
      { signal: controller.signal, onChunk: () => ++chunks === 3 && controller.abort() },
    );
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    const next = await runtime.generate({ modelPath: model.path, messages: [{ role: 'user', content: 'Again' }], maxTokens: 4 });
    expect(next.completionTokens).toBeGreaterThan(0);
  });

  it('emits a memory tool call that parses when a tool call is required', async () => {
    const result = await runtime.generate({
      modelPath: model.path,
      messages: [{ role: 'user', content: 'What did I say about Paris?' }],
      tools: memoryTools,
      toolChoice: { name: 'search_memory' },
      temperature: 0,
      jsonLimits: small,
      contextSize: 8192,
      maxTokens: 400,
    });
    expect(result.finishReason).toBe('tool_calls');
    expect(result.toolCalls).toHaveLength(1);
    const [call] = result.toolCalls;
    if (!call) throw new Error('no tool call');
    expect(memoryTools.map((t) => t.name)).toContain(call.name);
    expect(call.id).toMatch(/^call_/);
    expect(typeof JSON.parse(call.arguments)).toBe('object');
  });

  it("produces JSON valid against the memory agent's extraction schema", async () => {
    const result = await runtime.generate({
      modelPath: model.path,
      messages: [{ role: 'user', content: 'Extract facts from: I moved to Lyon in May.' }],
      jsonSchema: strictJsonSchema(extractionSchema),
      jsonLimits: small,
      contextSize: 8192,
      temperature: 0,
      maxTokens: 1500,
    });
    expect(result.finishReason).toBe('stop');
    const parsed = extractionSchema.safeParse(JSON.parse(result.text));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('names a missing model file as the cause', async () => {
    const failure = await runtime.generate({ modelPath: `${model.dir}/absent.gguf`, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BuiltinModelError);
    expect(failure).toMatchObject({ failure: 'model_missing' });
    expect((failure as Error).message).toMatch(/absent\.gguf.*not there.*Download/);
  });

  it('unloads the model after the idle period', async () => {
    const idle = new BuiltinModelRuntime({ idleMs: 50 });
    await idle.generate({ modelPath: model.path, messages: [{ role: 'user', content: 'hi' }], maxTokens: 2 });
    expect(idle.running).toBe(true);
    await expect.poll(() => idle.running, { timeout: 5000 }).toBe(false);
    idle.close();
  });
});
