import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConnection } from '../../src-main/llm/client';
import { FileSecretStore } from '../../src-main/llm/secrets';
import { customProvider } from '../helpers/app-host';
import { chatCompletion, openAIError, startScriptedOpenAI, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { makeTempDir } from '../helpers/temp-engine';

let server: ScriptedOpenAIServer;
beforeEach(async () => {
  server = await startScriptedOpenAI({ models: ['gpt-small', 'gpt-large'] });
});
afterEach(async () => {
  await server.close();
});

describe('test connection', () => {
  it('succeeds when the server lists the chat model', async () => {
    const r = await testConnection({ settings: customProvider(server.baseURL, 'gpt-small'), apiKey: 'k' });
    expect(r).toMatchObject({ ok: true, models: ['gpt-large', 'gpt-small'] });
    expect(server.requestsTo('/v1/models')[0]?.headers.authorization).toBe('Bearer k');
  });

  it('names an unknown model and what the server has', async () => {
    const r = await testConnection({ settings: customProvider(server.baseURL, 'gpt-huge'), apiKey: 'k' });
    expect(r).toMatchObject({ ok: false, reason: 'unknown_model' });
    expect(r.message).toContain('"gpt-huge"');
    expect(r.message).toContain('gpt-small');
  });

  it('reports a refused key', async () => {
    server.script('/v1/models', { ...openAIError(401, 'Invalid API key'), headers: { 'x-should-retry': 'false' } });
    const r = await testConnection({ settings: customProvider(server.baseURL, 'gpt-small'), apiKey: 'bad' });
    expect(r).toMatchObject({ ok: false, reason: 'bad_key' });
  });

  it('reports an unreachable server', async () => {
    const url = server.baseURL;
    await server.close();
    const r = await testConnection({ settings: customProvider(url, 'gpt-small'), apiKey: undefined });
    expect(r).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(r.message).toContain(url);
  });

  it('falls back to a one-token completion when the server lists no models', async () => {
    const empty = await startScriptedOpenAI({ models: [] });
    try {
      empty.script('/v1/chat/completions', { json: chatCompletion('p') });
      const r = await testConnection({ settings: customProvider(empty.baseURL, 'anything'), apiKey: undefined });
      expect(r.ok).toBe(true);
      empty.script('/v1/chat/completions', { ...openAIError(404, 'model "anything" not found'), headers: { 'x-should-retry': 'false' } });
      const missing = await testConnection({ settings: customProvider(empty.baseURL, 'anything'), apiKey: undefined });
      expect(missing).toMatchObject({ ok: false, reason: 'unknown_model' });
    } finally {
      await empty.close();
    }
  });

  it('says when nothing is configured', async () => {
    const r = await testConnection({ settings: { kind: 'none', baseURL: '', chatModel: '', agentModel: '', embeddingModel: '' }, apiKey: undefined });
    expect(r).toMatchObject({ ok: false, reason: 'not_configured' });
  });
});

describe('file secret store', () => {
  it('keeps keys in an owner-only file', () => {
    const dir = makeTempDir();
    const store = new FileSecretStore(dir);
    store.set('provider.apiKey', 'sk-1');
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(new FileSecretStore(dir).get('provider.apiKey')).toBe('sk-1');
    store.set('provider.apiKey', null);
    expect(store.get('provider.apiKey')).toBeUndefined();
  });
});
