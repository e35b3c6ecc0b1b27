import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src-shared/chat-types';
import { FileSecretStore } from '../../src-main/llm/secrets';
import { openTestHost } from '../helpers/app-host';
import { makeTempDir } from '../helpers/temp-engine';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { MIGRATIONS, migrate, schemaVersion } from '../../src-main/storage/migration-runner';
import { databasePath } from '../../src-main/memory/paths';
import type { MemoryEngine } from '../../src-main/memory/engine';

describe('chat persistence', () => {
  it('keeps conversations, switches, context packs and settings across a restart', async () => {
    const dir = makeTempDir();
    const first = openTestHost({ dir });
    first.host.memory.rememberFact({ content: 'Frank collects stamps' });
    const chat = first.host.chat.create();
    const { assistantMessage } = await first.host.chat.send(chat.id, 'Tell me about Frank');
    await first.host.chat.waitForReply(assistantMessage.id);
    first.host.chat.setSwitches(chat.id, { noMemory: true });
    first.host.settings.save({ ...first.host.settings.get(), sessionTimeoutMinutes: 12 }, undefined);
    await first.host.close();

    const second = openTestHost({ dir, clock: first.clock });
    const messages = second.host.chat.messages(chat.id);
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'offline'],
    ]);
    expect(messages[1]?.content).toContain('Frank collects stamps');
    expect(second.host.chat.get(chat.id)).toMatchObject({ noMemory: true, title: 'Tell me about Frank' });
    expect(second.host.chat.contextPack(messages[1]?.id ?? '')?.prompt).toBe('Tell me about Frank');
    expect(second.host.settings.get().sessionTimeoutMinutes).toBe(12);
    const found = await second.host.memory.search({ query: 'Tell me about Frank', types: ['episodic'] });
    expect(found.hits.map((h) => h.node.content)).toContain('Tell me about Frank');
  });

  it('completes sessions that went idle while the app was closed, after subscribers are attached', async () => {
    const dir = makeTempDir();
    const first = openTestHost({ dir });
    const chat = first.host.chat.create();
    const { assistantMessage } = await first.host.chat.send(chat.id, 'Evening note');
    await first.host.chat.waitForReply(assistantMessage.id);
    await first.host.close();

    first.clock.t += 2 * 3_600_000;
    const second = openTestHost({ dir, clock: first.clock });
    await new Promise((r) => setImmediate(r));
    expect(second.eventsOf('session.completed')).toMatchObject([{ chatId: chat.id, reason: 'inactivity' }]);
  });

  it('marks replies interrupted by a shutdown as stopped at the next start', async () => {
    const dir = makeTempDir();
    const first = openTestHost({ dir });
    const chat = first.host.chat.create();
    const db = (first.host.memory as MemoryEngine).database;
    db.prepare(
      `INSERT INTO chat_messages (id, chat_id, seq, role, content, status, created_at, updated_at) VALUES ('m1', ?, 1, 'assistant', 'half', 'streaming', 0, 0)`,
    ).run(chat.id);
    await first.host.close();
    const second = openTestHost({ dir });
    expect(second.host.chat.messages(chat.id)[0]?.status).toBe('stopped');
    expect(second.logger.warnings.join()).toMatch(/interrupted/);
  });

  it('stores the chat tables in the memory database (migration 2)', () => {
    expect(MIGRATIONS.map((m) => m.version)).toContain(2);
    const t = openTestHost({ secrets: undefined });
    const tables = ((t.host.memory as MemoryEngine).database.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'chat_%' OR name = 'app_settings'`).all() as { name: string }[]).map((r) => r.name).sort();
    expect(tables).toEqual(['app_settings', 'chat_context_packs', 'chat_messages', 'chat_sessions']);
    expect(new FileSecretStore(t.dir).path.startsWith(t.dir)).toBe(true);
  });

  it('migration 2 adds the chat tables to a version-1 memory without touching its rows', () => {
    const db = new BetterSqlite3(databasePath(makeTempDir()));
    try {
      sqliteVec.load(db);
      migrate(db, { dimensions: 8, now: 1 }, 1);
      db.prepare(
        `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from) VALUES ('n1', 'semantic', 'kept', 1, 1, 1)`,
      ).run();
      migrate(db, { dimensions: 8, now: 1 }, 2);
      expect(schemaVersion(db)).toBe(2);
      expect(db.prepare(`SELECT content FROM nodes WHERE id = 'n1'`).get()).toEqual({ content: 'kept' });
      db.prepare(`INSERT INTO chat_sessions (id, title, created_at, updated_at, last_activity_at) VALUES ('c', 't', 1, 1, 1)`).run();
      expect(() =>
        db.prepare(`INSERT INTO chat_messages (id, chat_id, seq, role, content, status, created_at, updated_at) VALUES ('m', 'c', 1, 'robot', 'x', 'complete', 1, 1)`).run(),
      ).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});

describe('long histories are read a page at a time', () => {
  it('chat.messages returns the latest messages in order, chat.list pages', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    for (let i = 0; i < 6; i++) {
      const { assistantMessage } = await t.host.chat.send(chat.id, `Message ${i}`);
      await t.host.chat.waitForReply(assistantMessage.id);
    }
    const page = await t.host.dispatch('chat.messages', { chatId: chat.id, limit: 4 });
    const messages = (page.ok ? page.value : []) as ChatMessage[];
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Message 4', 'Message 5']);
    expect(messages.map((m) => m.seq)).toEqual([9, 10, 11, 12]);
    for (let i = 0; i < 3; i++) t.host.chat.create();
    const chats = await t.host.dispatch('chat.list', { limit: 2 });
    const rest = await t.host.dispatch('chat.list', { limit: 2, offset: 2 });
    expect(chats.ok && (chats.value as unknown[]).length).toBe(2);
    expect(rest.ok && (rest.value as unknown[]).length).toBe(2);
    expect(await t.host.dispatch('chat.list', { limit: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
