/**
 * Failures of the model server show in seconds, said for what they are: a server that never sends a byte, or
 * stalls mid-stream, is stopped by the reply timeout (Settings → Provider) as *slow*; one that refuses the
 * connection is *unreachable*; a slow server that keeps sending finishes. Scripted OpenAI-compatible servers on
 * 127.0.0.1 through the real `openai` client. The reply timeout is 1–2 s here; no test asserts a duration.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src-shared/chat-types';
import { chatChunk, startScriptedOpenAI, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { customProvider, openTestHost, type TestHost } from '../helpers/app-host';

const CHAT = '/v1/chat/completions';
let server: ScriptedOpenAIServer;
beforeEach(async () => {
  server = await startScriptedOpenAI({ models: ['scripted-model'] });
});
afterEach(async () => {
  await server.close();
});

/** The scripted server with a short reply timeout; the SDK's own timeout (llmTimeoutMs) is far longer. */
function hostWithTimeout(baseURL: string, idleTimeoutSeconds: number): TestHost {
  const t = openTestHost({ llmTimeoutMs: 60_000 });
  t.host.settings.save({ provider: { ...customProvider(baseURL), idleTimeoutSeconds }, sessionTimeoutMinutes: 30 }, 'test-key');
  return t;
}

async function ask(t: TestHost, text: string): Promise<ChatMessage> {
  const chat = t.host.chat.create();
  const { assistantMessage } = await t.host.chat.send(chat.id, text);
  return t.host.chat.waitForReply(assistantMessage.id);
}

describe('model timeouts', () => {
  it('a server that never sends a byte: the reply stops as slow (not unreachable), answers from memory, and retries', async () => {
    const t = hostWithTimeout(server.baseURL, 1);
    t.host.memory.rememberFact({ content: 'Dave plays the cello' });
    server.script(CHAT, { hang: true });
    const reply = await ask(t, 'What instrument does Dave play?');
    expect(reply.status).toBe('offline');
    expect(reply.error).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/reachable but sent nothing for 1 s/) });
    expect(reply.content).toContain('reachable but did not answer in time');
    expect(reply.content).not.toContain('could not be reached');
    expect(reply.content).toContain('Dave plays the cello');
    // Nothing was retried behind the person's back: one request, then the fallback.
    expect(server.requestsTo(CHAT)).toHaveLength(1);

    server.script(CHAT, { sse: [chatChunk('The cello.')] });
    t.host.chat.retry(reply.id);
    expect(await t.host.chat.waitForReply(reply.id)).toMatchObject({ status: 'complete', content: 'The cello.', error: null });
  });

  it('a stream that stalls mid-reply stops with a timeout error and keeps what arrived', async () => {
    const t = hostWithTimeout(server.baseURL, 1);
    server.script(CHAT, { sse: [chatChunk('Here is the first half')], ending: 'stall' });
    const reply = await ask(t, 'Tell me a story');
    expect(reply.status).toBe('error');
    expect(reply.content).toBe('Here is the first half');
    expect(reply.error).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/stopped sending in the middle of the reply/) });
    // Not recorded as something the assistant said.
    expect(reply.episodeId).toBeNull();

    server.script(CHAT, { sse: [chatChunk('A whole story.')] });
    t.host.chat.retry(reply.id);
    expect(await t.host.chat.waitForReply(reply.id)).toMatchObject({ status: 'complete', content: 'A whole story.' });
  });

  it('a slow server that keeps sending finishes, though the whole reply takes longer than the timeout', async () => {
    const t = hostWithTimeout(server.baseURL, 2);
    // Four pieces 0.6 s apart: about 2.4 s in all, never 2 s quiet.
    server.script(CHAT, { delayMs: 600, then: { sse: ['Slow', ' but', ' sure', '.'].map((p) => chatChunk(p)), eventDelayMs: 600 } });
    const reply = await ask(t, 'Take your time');
    expect(reply).toMatchObject({ status: 'complete', content: 'Slow but sure.', error: null });
  });

  it('a server that refuses connections is unreachable, not slow', async () => {
    const closed = await startScriptedOpenAI();
    const url = closed.baseURL;
    await closed.close();
    // A long reply timeout: the refusal, not the watchdog, must end it (the SDK retries a refused connection once).
    const t = hostWithTimeout(url, 30);
    const reply = await ask(t, 'Anyone there?');
    expect(reply.status).toBe('offline');
    expect(reply.error).toMatchObject({ reason: 'unreachable', message: expect.stringMatching(/Cannot reach .*ECONNREFUSED/) });
    expect(reply.content).toContain('could not be reached');
    expect(reply.content).not.toContain('did not answer in time');
  });

  it('the timeouts are provider settings, validated at the API boundary', async () => {
    const t = openTestHost();
    const save = (provider: Record<string, unknown>) =>
      t.host.dispatch('settings.save', { provider: { ...customProvider(server.baseURL), ...provider }, sessionTimeoutMinutes: 30 });
    expect(await save({ idleTimeoutSeconds: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await save({ requestTimeoutSeconds: 99_999 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await save({ idleTimeoutSeconds: 1.5 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await save({ idleTimeoutSeconds: 45, requestTimeoutSeconds: 300 })).toMatchObject({ ok: true });
    expect(t.host.settings.get().provider).toMatchObject({ idleTimeoutSeconds: 45, requestTimeoutSeconds: 300 });
  });
});
