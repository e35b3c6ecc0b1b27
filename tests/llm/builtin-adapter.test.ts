/**
 * The built-in provider through the same `openai` client the chat and the memory agent use: the in-process
 * adapter streams the tiny model's reply, and a missing model file is an `unreachable` that names the cause.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOpenAIClient } from '../../src-main/llm/openai-client';
import { classifyProviderError } from '../../src-main/llm/errors';
import { BUILTIN_BASE_URL, closeBuiltinRuntime, configureBuiltinModels, installedBuiltinModels } from '../../src-main/llm/builtin/registry';
import { tinyModelFile } from '../helpers/tiny-gguf';

vi.setConfig({ testTimeout: 300_000 });
const model = tinyModelFile();
configureBuiltinModels(model.dir);
const client = createOpenAIClient({ baseURL: BUILTIN_BASE_URL, timeoutMs: 300_000, maxRetries: 0 });

afterAll(() => {
  closeBuiltinRuntime();
  model.cleanup();
});

describe('built-in provider through the OpenAI client', () => {
  it('lists the models in models/ and streams a chat completion', async () => {
    expect(installedBuiltinModels()).toEqual(['tiny.gguf']);
    expect((await client.models.list()).data.map((m) => m.id)).toEqual(['tiny.gguf']);
    // Greedy (temperature 0): at the default 0.7 the random-weight model sometimes samples its end token within six
    // tokens, and the reply then ends with "stop" (a clean-clone CI run, session 41).
    const stream = await client.chat.completions.create({ model: 'tiny.gguf', messages: [{ role: 'user', content: 'Hello' }], max_tokens: 6, temperature: 0, stream: true });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text.length).toBeGreaterThan(0);
    expect(finish).toBe('length');
  });

  it('a missing model file fails as unreachable with the cause, so the chat answers from memory', async () => {
    const err = await client.chat.completions.create({ model: 'absent', messages: [{ role: 'user', content: 'hi' }], stream: true }).catch((e: unknown) => e);
    const failure = classifyProviderError(err, { baseURL: BUILTIN_BASE_URL });
    expect(failure.reason).toBe('unreachable');
    expect(failure.message).toMatch(/absent\.gguf is not there.*Download/);
  });
});
