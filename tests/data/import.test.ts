import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runImport } from '../../src-main/data/import/run';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { listChatSessions, listMessages } from '../../src-main/storage/chat-repo';
import { makeTempDir, openTestEngine } from '../helpers/temp-engine';

const FIXTURES = join(__dirname, '../fixtures/import');

function episodesOf(engine: MemoryEngine, sessionId: string) {
  return engine.listNodes({ types: ['episodic'], sessionId, order: 'event_time_asc', limit: 100 }).items;
}

describe('import: ChatGPT export', () => {
  it('imports only the current branch of user and assistant text, keeps times to the ms, and re-import adds 0', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const summary = await runImport(engine, join(FIXTURES, 'chatgpt-conversations.json'));
    expect(summary.messagesAdded).toBe(5);
    expect(summary.chatsCreated).toBe(2);

    const chats = listChatSessions(engine.database, true);
    const lisbon = chats.find((c) => c.title === 'Trip to Lisbon');
    expect(lisbon?.importedFrom).toBe('chatgpt');
    const messages = listMessages(engine.database, lisbon?.id ?? '');
    expect(messages.map((m) => [m.role, m.content, m.createdAt])).toEqual([
      ['user', "I'm planning a trip to Lisbon in May with my sister Ana.", 1714000000123],
      ['assistant', 'Lisbon in May is warm; book the tram 28 early.', 1714000010987],
      ['user', '[image]\n\nHere is our hotel booking in Alfama.', 1714000100250],
      ['assistant', 'Alfama is close to the castle; enjoy the fado.', 1714000120000],
    ]);
    const all = JSON.stringify(messages);
    expect(all).not.toContain('ABANDONED');
    expect(all).not.toContain('TOOL OUTPUT');
    expect(all).not.toContain('helpful assistant');

    // The memory session holds the same messages as episodes, at the messages' own times, and is ready to consolidate.
    const sessionId = lisbon?.memorySessionId ?? '';
    const episodes = episodesOf(engine, sessionId);
    expect(episodes.map((e) => [e.sourceRole, e.eventTime, e.validFrom])).toEqual([
      ['user', 1714000000123, 1714000000123],
      ['assistant', 1714000010987, 1714000010987],
      ['user', 1714000100250, 1714000100250],
      ['assistant', 1714000120000, 1714000120000],
    ]);
    expect(messages.map((m) => m.episodeId)).toEqual(episodes.map((e) => e.id));
    // Replies answer the user message before them, so retry works on them as on any reply.
    expect(messages.map((m) => m.replyTo)).toEqual([null, messages[0]?.id, null, messages[2]?.id]);
    expect(engine.getSession(sessionId)?.status).toBe('completed');

    // The reply-less conversation keeps its question and is titled from it.
    const cat = chats.find((c) => c.id !== lisbon?.id);
    expect(cat?.title).toBe('What is a good name for a grey cat?');
    expect(listMessages(engine.database, cat?.id ?? '').map((m) => m.content)).toEqual(['What is a good name for a grey cat?']);

    const nodesBefore = engine.stats().nodes;
    const again = await runImport(engine, join(FIXTURES, 'chatgpt-conversations.json'));
    expect(again.messagesAdded).toBe(0);
    expect(again.chatsCreated).toBe(0);
    expect(again.messagesAlreadyThere).toBe(5);
    expect(engine.stats().nodes).toEqual(nodesBefore);
    expect(listChatSessions(engine.database, true)).toHaveLength(2);
  });

  it('a newer export adds only the new messages, to the same chat and memory session', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const dir = makeTempDir();
    await runImport(engine, join(FIXTURES, 'chatgpt-conversations.json'));
    const data = JSON.parse(readFileSync(join(FIXTURES, 'chatgpt-conversations.json'), 'utf8')) as [{ current_node: string; mapping: Record<string, unknown> }];
    const conv = data[0];
    conv.mapping.u3 = {
      id: 'u3',
      parent: 'a2',
      children: [],
      message: { id: 'u3', author: { role: 'user' }, create_time: 1714200000.75, content: { content_type: 'text', parts: ['We are back; the fado was great.'] }, recipient: 'all' },
    };
    conv.current_node = 'u3';
    const newer = join(dir, 'conversations.json');
    writeFileSync(newer, JSON.stringify(data));
    const summary = await runImport(engine, dir); // a folder holding conversations.json
    expect(summary.messagesAdded).toBe(1);
    expect(summary.chatsExtended).toBe(1);
    expect(summary.chatsCreated).toBe(0);
    const lisbon = listChatSessions(engine.database, true).find((c) => c.title === 'Trip to Lisbon');
    const messages = listMessages(engine.database, lisbon?.id ?? '');
    expect(messages.at(-1)).toMatchObject({ seq: 5, content: 'We are back; the fado was great.', createdAt: 1714200000750 });
    expect(episodesOf(engine, lisbon?.memorySessionId ?? '')).toHaveLength(5);
  });

  it('reads the export .zip without unpacking it', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const dir = makeTempDir();
    const zip = zipSync({
      'conversations.json': readFileSync(join(FIXTURES, 'chatgpt-conversations.json')),
      'chat.html': strToU8('<html></html>'),
      'file-abc.png': new Uint8Array(2000).fill(7),
    });
    writeFileSync(join(dir, 'export.zip'), zip);
    const summary = await runImport(engine, join(dir, 'export.zip'));
    expect(summary.messagesAdded).toBe(5);
    expect((await runImport(engine, join(dir, 'export.zip'))).messagesAdded).toBe(0);
  });
});

describe('import: Claude export', () => {
  it('takes text content blocks, notes files, keeps ISO times to the ms, and re-import adds 0', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const summary = await runImport(engine, join(FIXTURES, 'claude-conversations.json'));
    expect(summary.messagesAdded).toBe(2);
    const [chat] = listChatSessions(engine.database, true);
    expect(chat).toMatchObject({ title: 'Garden plans', importedFrom: 'claude' });
    expect(listMessages(engine.database, chat?.id ?? '').map((m) => [m.role, m.content, m.createdAt])).toEqual([
      ['user', 'I want to plant tomatoes on my balcony in Berlin.\n\n[file: balcony.jpg]', Date.parse('2024-06-01T09:00:01.234Z')],
      ['assistant', 'Cherry tomatoes suit balconies.\n\nPlant them after mid-May.', Date.parse('2024-06-01T09:00:09.876Z')],
    ]);
    expect(episodesOf(engine, chat?.memorySessionId ?? '').map((e) => e.eventTime)).toEqual([1717232401234, 1717232409876]);
    expect((await runImport(engine, join(FIXTURES, 'claude-conversations.json'))).messagesAdded).toBe(0);
  });
});

describe('import: the project formats', () => {
  it('imports JSONL sessions as chats and recall datasets per session, idempotently', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const dir = makeTempDir();
    copyFileSync(join(__dirname, '../fixtures/small-chat.jsonl'), join(dir, 'chat.jsonl'));
    const first = await runImport(engine, join(dir, 'chat.jsonl'));
    expect(first.messagesAdded).toBeGreaterThan(0);
    expect(first.sources).toEqual(['jsonl']);
    expect((await runImport(engine, join(dir, 'chat.jsonl'))).messagesAdded).toBe(0);
    const chats = listChatSessions(engine.database, true);
    expect(chats.every((c) => c.importedFrom === 'jsonl')).toBe(true);
  });

  it('imports a recall dataset: one chat per session, turn times kept, re-import adds 0', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const file = join(__dirname, '../fixtures/recall/conv-ru.json');
    const dataset = JSON.parse(readFileSync(file, 'utf8')) as { conversations: { id: string; sessions: { id: string; started_at: string; turns: unknown[] }[] }[] };
    const sessions = dataset.conversations.flatMap((c) => c.sessions.map((s) => ({ key: `${c.id}/${s.id}`, start: Date.parse(s.started_at), turns: s.turns.length })));
    const first = await runImport(engine, file);
    expect(first.sources).toEqual(['recall']);
    expect(first.chatsCreated).toBe(sessions.length);
    const chats = listChatSessions(engine.database, true);
    const one = chats.find((c) => c.title === sessions[0]?.key);
    const messages = listMessages(engine.database, one?.id ?? '');
    expect(messages[0]?.createdAt).toBe(sessions[0]?.start);
    expect((await runImport(engine, file)).messagesAdded).toBe(0);
  });

  it('refuses what it cannot read with a clear error and writes nothing', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const dir = makeTempDir();
    writeFileSync(join(dir, 'broken.json'), '[{"mapping": {"a": ');
    await expect(runImport(engine, join(dir, 'broken.json'))).rejects.toThrow(/not valid JSON/);
    await expect(runImport(engine, join(dir, 'missing.json'))).rejects.toThrow(/no file or folder/);
    expect(listChatSessions(engine.database, true)).toHaveLength(0);
  });
});
