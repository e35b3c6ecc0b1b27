import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customProvider, openTestHost } from '../helpers/app-host';
import { startScriptedOpenAI, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';

let a: ScriptedOpenAIServer;
let b: ScriptedOpenAIServer;
beforeEach(async () => {
  a = await startScriptedOpenAI({ models: ['model-a'] });
  b = await startScriptedOpenAI({ models: ['model-b'] });
});
afterEach(async () => {
  await a.close();
  await b.close();
});

const SECRET = 'sk-key-for-server-a-only';
const authorizations = (s: ScriptedOpenAIServer) => s.requests.map((r) => String(r.headers.authorization ?? ''));

describe('an API key is bound to the server it was saved for', () => {
  it('a key saved for server A never reaches server B, through any call', async () => {
    const t = openTestHost();
    const save = (baseURL: string, model: string, apiKey?: string | null) =>
      t.host.dispatch('settings.save', { provider: customProvider(baseURL, model), sessionTimeoutMinutes: 30, ...(apiKey !== undefined ? { apiKey } : {}) });
    expect(await save(a.baseURL, 'model-a', SECRET)).toMatchObject({ ok: true, value: { hasApiKey: true } });

    // Testing another server without typing a key: the stored key stays home.
    const probe = await t.host.dispatch('settings.testConnection', { provider: customProvider(b.baseURL, 'model-b') });
    expect(probe).toMatchObject({ ok: true });
    // Saving another server keeps the key for A but does not use it for B.
    const moved = await save(b.baseURL, 'model-b');
    expect(moved).toMatchObject({ ok: true, value: { hasApiKey: false, apiKeyOrigin: new URL(a.baseURL).origin } });
    expect(t.host.settings.provider().apiKey).toBeUndefined();
    // A chat reply and a consolidation through B.
    b.script('/v1/chat/completions', { json: { id: 'x', object: 'chat.completion', created: 0, model: 'model-b', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Hi' } }] } });
    const chat = t.host.chat.create();
    const sent = await t.host.chat.send(chat.id, 'Hello there');
    await t.host.chat.waitForReply(sent.assistantMessage.id);
    await t.host.dispatch('memory.consolidate', {});
    expect(b.requests.length).toBeGreaterThan(0);
    for (const auth of authorizations(b)) expect(auth).not.toContain(SECRET);

    // Back to A: the key is used again, without retyping it.
    await save(a.baseURL, 'model-a');
    expect(t.host.settings.provider().apiKey).toBe(SECRET);
    const back = await t.host.dispatch('settings.testConnection', { provider: customProvider(a.baseURL, 'model-a') });
    expect(back).toMatchObject({ ok: true });
    expect(authorizations(a).at(-1)).toBe(`Bearer ${SECRET}`);
  });

  it('a key is never sent over plain http to another machine without the person saying so', async () => {
    const t = openTestHost();
    const remote = 'http://engram-test.invalid:8080/v1';
    const refused = await t.host.dispatch('settings.save', { provider: customProvider(remote, 'm'), sessionTimeoutMinutes: 30, apiKey: 'sk-secret' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(t.host.settings.publicView().apiKeyOrigin).toBeNull();
    const test = await t.host.dispatch('settings.testConnection', { provider: customProvider(remote, 'm'), apiKey: 'sk-secret' });
    expect(test).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // Loopback over http is fine (local servers), and so is an explicit confirmation.
    expect(await t.host.dispatch('settings.save', { provider: customProvider(a.baseURL, 'model-a'), sessionTimeoutMinutes: 30, apiKey: 'sk-local' })).toMatchObject({ ok: true });
    const confirmed = await t.host.dispatch('settings.save', {
      provider: customProvider(remote, 'm'),
      sessionTimeoutMinutes: 30,
      apiKey: 'sk-secret',
      allowInsecureKey: true,
    });
    expect(confirmed).toMatchObject({ ok: true, value: { hasApiKey: true, apiKeyOrigin: 'http://engram-test.invalid:8080' } });
  });
});
