import { describe, expect, it } from 'vitest';
import { CALL_NAMES, EVENT_NAMES, calls, type Envelope } from '../../src-main/api/contract';
import { openTestHost } from '../helpers/app-host';

const ok = <T>(e: Envelope<T>): T => {
  if (!e.ok) throw new Error(`expected ok, got ${e.error.code}: ${e.error.message}`);
  return e.value;
};

describe('API contract and dispatch', () => {
  it('declares every call with an input schema, and events once', () => {
    expect(CALL_NAMES.length).toBeGreaterThan(20);
    for (const name of CALL_NAMES) expect(typeof calls[name].input.safeParse).toBe('function');
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });

  it('answers ui.chooseFile with a typed error outside the desktop app: the browser uploads and downloads', async () => {
    const { host, logger } = openTestHost();
    const res = await host.dispatch('ui.chooseFile', { mode: 'open', purpose: 'import' });
    expect(res).toEqual({ ok: false, error: { code: 'unsupported', message: expect.stringMatching(/upload.*download/), issues: [] } });
    expect(logger.errors).toEqual([]);
    // Its input is still checked first, like every call's.
    expect(await host.dispatch('ui.chooseFile', { mode: 'open', purpose: 'backup' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses an unknown call with a typed error', async () => {
    const { host } = openTestHost();
    const res = await host.dispatch('chat.deleteEverything', {});
    expect(res).toEqual({ ok: false, error: expect.objectContaining({ code: 'unknown_call' }) });
    const proto = await host.dispatch('__proto__', {});
    expect(proto.ok).toBe(false);
  });

  it('turns bad input into invalid_input naming each field, without calling the handler', async () => {
    const { host } = openTestHost();
    const chat = ok(await host.dispatch('chat.create', {})) as { id: string };
    const empty = await host.dispatch('chat.send', { chatId: chat.id, text: '   ' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.error.code).toBe('invalid_input');
      expect(empty.error.issues).toEqual([{ path: 'text', message: 'content is empty' }]);
    }
    const wrongType = await host.dispatch('chat.send', { chatId: 42, text: 'hi' });
    expect(!wrongType.ok && wrongType.error.issues[0]?.path).toBe('chatId');
    const extra = await host.dispatch('chat.stop', { messageId: 'x', sneaky: true });
    expect(!extra.ok && extra.error.code).toBe('invalid_input');
    const notObject = await host.dispatch('memory.getNode', 'not-an-object');
    expect(!notObject.ok && notObject.error.code).toBe('invalid_input');
    const nul = await host.dispatch('memory.rememberFact', { content: 'a\u0000b' });
    expect(!nul.ok && nul.error.message).toMatch(/NUL/);
    expect(ok(await host.dispatch('chat.messages', { chatId: chat.id }))).toEqual([]);
  });

  it('maps engine errors to their codes', async () => {
    const { host } = openTestHost();
    const missing = await host.dispatch('memory.getNode', { id: 'nope' });
    expect(!missing.ok && missing.error.code).toBe('not_found');
    const missingChat = await host.dispatch('chat.messages', { chatId: 'nope' });
    expect(!missingChat.ok && missingChat.error.code).toBe('not_found');
  });

  it('serves the inspector calls from the engine', async () => {
    const { host } = openTestHost();
    const { id } = ok(await host.dispatch('memory.rememberFact', { content: 'Alice works at Acme' })) as { id: string };
    const detail = ok(await host.dispatch('memory.getNode', { id })) as { node: { content: string } };
    expect(detail.node.content).toBe('Alice works at Acme');
    const corrected = ok(await host.dispatch('memory.correctFact', { id, content: 'Alice works at Globex' })) as { id: string };
    expect(corrected.id).not.toBe(id);
    const confirmed = ok(await host.dispatch('memory.confirmFact', { id: corrected.id })) as { confidence: number };
    expect(confirmed.confidence).toBe(1);
    const alice = ok(await host.dispatch('entity.create', { name: 'Alice', type: 'person' })) as { id: string };
    const profile = ok(await host.dispatch('entity.profile', { idOrName: 'alice' })) as { entity: { id: string } };
    expect(profile.entity.id).toBe(alice.id);
    ok(await host.dispatch('entity.addAlias', { entityId: alice.id, alias: 'Ali' }));
    expect((ok(await host.dispatch('entity.find', { name: 'Ali' })) as unknown[]).length).toBe(1);
    const stats = ok(await host.dispatch('memory.stats', {})) as { nodes: { semantic: number } };
    expect(stats.nodes.semantic).toBe(1);
    const search = ok(await host.dispatch('memory.search', { query: 'Where does Alice work?' })) as { hits: { node: { content: string } }[] };
    expect(search.hits.map((h) => h.node.content)).toContain('Alice works at Globex');
    const page = ok(await host.dispatch('memory.listNodes', { types: ['semantic'] })) as { items: unknown[] };
    expect(page.items.length).toBe(1);
    ok(await host.dispatch('memory.forget', { id: corrected.id }));
    const restored = ok(await host.dispatch('memory.restore', { id: corrected.id })) as { validUntil: number | null };
    expect(restored.validUntil).toBeNull();
  });

  it('pushes memory.changed events for engine changes', async () => {
    const t = openTestHost();
    ok(await t.host.dispatch('memory.rememberFact', { content: 'The sky is blue' }));
    expect(t.eventsOf('memory.changed').map((c) => c.kind)).toContain('node.created');
  });

  it('saves settings and never returns the API key', async () => {
    const t = openTestHost();
    const saved = ok(
      await t.host.dispatch('settings.save', {
        provider: { kind: 'openai', baseURL: 'https://api.openai.com/v1', chatModel: 'gpt-4.1-mini', agentModel: 'gpt-4.1-mini', embeddingModel: '' },
        sessionTimeoutMinutes: 45,
        apiKey: 'sk-secret-123',
      }),
    );
    expect(JSON.stringify(saved)).not.toContain('sk-secret-123');
    expect(saved).toMatchObject({ hasApiKey: true, sessionTimeoutMinutes: 45, provider: { kind: 'openai' } });
    const read = ok(await t.host.dispatch('settings.get', {}));
    expect(JSON.stringify(read)).not.toContain('sk-secret-123');
    expect(t.secrets.get('provider.apiKey')).toBe('sk-secret-123');
    // Omitting the key keeps it; null removes it.
    ok(await t.host.dispatch('settings.save', { provider: (read as { provider: unknown }).provider, sessionTimeoutMinutes: 45 }));
    expect(t.secrets.get('provider.apiKey')).toBe('sk-secret-123');
    const cleared = ok(await t.host.dispatch('settings.save', { provider: (read as { provider: unknown }).provider, sessionTimeoutMinutes: 45, apiKey: null }));
    expect(cleared).toMatchObject({ hasApiKey: false });
  });

  it('refuses invalid settings with field errors', async () => {
    const { host } = openTestHost();
    const res = await host.dispatch('settings.save', {
      provider: { kind: 'custom', baseURL: 'ftp://x', chatModel: '', agentModel: '', embeddingModel: '' },
      sessionTimeoutMinutes: 0,
    });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.issues.map((i) => i.path).sort()).toEqual(['provider.baseURL', 'provider.chatModel', 'sessionTimeoutMinutes']);
      // Our own refinements read as sentences, without the field's machine name in front.
      expect(res.error.message).toContain('Choose a chat model');
      expect(res.error.message).not.toContain('provider.chatModel:');
    }
  });
});
