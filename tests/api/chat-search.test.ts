/**
 * "Find across chats" through the real dispatch on a real SQLite file: titles and message text, literal
 * (LIKE wildcards and the escape character are plain text), case-insensitive, with a snippet that places the
 * match; bad input is a typed error.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatSearchHit } from '../../src-shared/chat-types';
import { snippetAround } from '../../src-main/storage/chat-search';
import { openTestHost, type TestHost } from '../helpers/app-host';

const FIXTURE = join(__dirname, '..', 'fixtures', 'import', 'chatgpt-conversations.json');
const hosts: TestHost[] = [];
afterEach(async () => {
  for (const t of hosts.splice(0)) await t.host.close();
});

async function seeded(): Promise<TestHost> {
  const t = openTestHost();
  hosts.push(t);
  await t.host.data.import(FIXTURE, { format: 'auto', preview: false });
  return t;
}

async function find(t: TestHost, input: unknown): Promise<ChatSearchHit[]> {
  const envelope = await t.host.dispatch('chat.search', input);
  if (!envelope.ok) throw new Error(envelope.error.message);
  return envelope.value as ChatSearchHit[];
}

describe('chat.search', () => {
  it('finds a chat by its title and messages by their text, case-insensitively, newest first', async () => {
    const t = await seeded();
    const byTitle = await find(t, { query: 'lisbon' });
    expect(byTitle[0]).toMatchObject({ chatTitle: 'Trip to Lisbon', messageId: null, matchStart: 8, matchLength: 6 });
    expect(byTitle.slice(1).every((h) => h.messageId !== null && h.chatTitle === 'Trip to Lisbon')).toBe(true);
    expect(byTitle.map((h) => h.snippet)).toContain('Lisbon in May is warm; book the tram 28 early.');

    const [hit, ...rest] = await find(t, { query: 'FADO' });
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ chatTitle: 'Trip to Lisbon', role: 'assistant', snippet: 'Alfama is close to the castle; enjoy the fado.' });
    expect(hit?.snippet.slice(hit.matchStart, hit.matchStart + hit.matchLength)).toBe('fado');
    const messages = await t.host.dispatch('chat.messages', { chatId: hit?.chatId });
    expect(messages.ok && (messages.value as { id: string }[]).some((m) => m.id === hit?.messageId)).toBe(true);
  });

  it('takes %, _ and \\ literally', async () => {
    const t = await seeded();
    expect(await find(t, { query: '%' })).toEqual([]);
    expect(await find(t, { query: '_' })).toEqual([]);
    expect(await find(t, { query: 'tram_28' })).toEqual([]);
    expect(await find(t, { query: '\\' })).toEqual([]);
    expect((await find(t, { query: 'tram 28' })).length).toBe(1);
  });

  it('is bounded by limit, and refuses a blank, too long or unknown input with a typed error', async () => {
    const t = await seeded();
    expect(await find(t, { query: 'a', limit: 2 })).toHaveLength(2);
    for (const input of [{ query: '   ' }, { query: 'x'.repeat(201) }, { query: 'x', limit: 0 }, { query: 'x', limit: 1000 }, { query: 'x', extra: 1 }, {}]) {
      const envelope = await t.host.dispatch('chat.search', input);
      expect(envelope.ok).toBe(false);
      if (!envelope.ok) expect(envelope.error.code).toBe('invalid_input');
    }
  });

  it('cuts a long message around the match and says so', () => {
    const text = `${'a'.repeat(300)} the needle ${'b'.repeat(300)}`;
    const s = snippetAround(text, 'NEEDLE');
    expect(s.snippet.startsWith('…')).toBe(true);
    expect(s.snippet.endsWith('…')).toBe(true);
    expect(s.snippet.slice(s.matchStart, s.matchStart + s.matchLength)).toBe('needle');
    expect(s.snippet.length).toBeLessThan(200);
  });
});
