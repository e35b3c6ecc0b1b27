import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BackupEntry, ImportResult, RestoreSummary } from '../../src-main/data/api-types';
import type { ChatSession } from '../../src-shared/chat-types';
import { openTestHost } from '../helpers/app-host';
import { makeTempDir } from '../helpers/temp-engine';

const FIXTURES = join(__dirname, '../fixtures/import');

describe('data calls through the API', () => {
  it('imports with progress and a summary; the chats appear marked imported', async () => {
    const t = openTestHost();
    const res = await t.host.dispatch('data.import', { path: join(FIXTURES, 'claude-conversations.json') });
    expect(res.ok).toBe(true);
    const summary = (res as { value: ImportResult }).value;
    expect(summary).toMatchObject({ messagesAdded: 2, chatsCreated: 1, sessionsToConsolidate: 1 });
    const progress = t.eventsOf('data.progress');
    expect(progress.at(0)).toMatchObject({ operation: 'import', phase: 'running' });
    expect(progress.at(-1)).toMatchObject({ operation: 'import', phase: 'done', percent: 100 });
    const list = (await t.host.dispatch('chat.list', {})) as { ok: true; value: ChatSession[] };
    expect(list.value.map((c) => [c.title, c.importedFrom])).toEqual([['Garden plans', 'claude']]);

    const bad = await t.host.dispatch('data.import', { path: '' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const missing = await t.host.dispatch('data.import', { path: join(makeTempDir(), 'nope.json') });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('backs up, refuses a corrupt restore without stopping anything, and restores (the app runs on the restored memory)', async () => {
    const t = openTestHost();
    await t.host.dispatch('data.import', { path: join(FIXTURES, 'claude-conversations.json') });
    const backup = (await t.host.dispatch('data.backup', {})) as { ok: true; value: BackupEntry };
    expect(backup.ok).toBe(true);
    const listed = (await t.host.dispatch('data.backups', {})) as { ok: true; value: { backups: BackupEntry[] } };
    expect(listed.value.backups.map((b) => b.path)).toEqual([backup.value.path]);

    await t.host.dispatch('data.import', { path: join(FIXTURES, 'chatgpt-conversations.json') });
    const chats = async (): Promise<string[]> =>
      ((await t.host.dispatch('chat.list', { includeArchived: true })) as { ok: true; value: ChatSession[] }).value.map((c) => c.title).sort();
    expect(await chats()).toHaveLength(3);

    const corrupt = join(makeTempDir(), 'corrupt.db');
    const bytes = readFileSync(backup.value.path);
    for (let i = 8192; i < bytes.length; i += 89) bytes[i] = (bytes[i] as number) ^ 0x5a;
    writeFileSync(corrupt, bytes);
    const refused = await t.host.dispatch('data.restore', { path: corrupt });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await chats()).toHaveLength(3);

    const restored = (await t.host.dispatch('data.restore', { path: backup.value.path })) as { ok: true; value: RestoreSummary };
    expect(restored.ok).toBe(true);
    expect(restored.value.chats).toBe(1);
    expect(await chats()).toEqual(['Garden plans']);
    // The restarted services work: a new chat and a message go to the restored memory.
    const created = (await t.host.dispatch('chat.create', {})) as { ok: true; value: ChatSession };
    expect(created.ok).toBe(true);
    const search = await t.host.dispatch('memory.search', { query: 'tomatoes balcony', types: ['episodic'] });
    expect(search.ok).toBe(true);
  });
});
