/**
 * `chat.titles`: the timeline titles its lanes by the chats of the sessions it shows, asking for those chats'
 * titles only rather than listing every chat.
 */
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src-main/api/contract';
import type { ChatSession, ChatTitle } from '../../src-shared/chat-types';
import { openTestHost } from '../helpers/app-host';

const ok = <T>(e: Envelope<T>): T => {
  if (!e.ok) throw new Error(`expected ok, got ${e.error.code}: ${e.error.message}`);
  return e.value;
};

describe('chat.titles', () => {
  it('gives the titles of the chats asked for and leaves out ids of chats that do not exist', async () => {
    const { host } = openTestHost();
    const a = ok(await host.dispatch('chat.create', {})) as ChatSession;
    const b = ok(await host.dispatch('chat.create', {})) as ChatSession;
    ok(await host.dispatch('chat.create', {}));
    ok(await host.dispatch('chat.rename', { chatId: a.id, title: 'Trip to Lisbon' }));
    ok(await host.dispatch('chat.rename', { chatId: b.id, title: 'Cello lessons' }));
    const titles = ok(await host.dispatch('chat.titles', { chatIds: [a.id, b.id, 'no-such-chat'] })) as ChatTitle[];
    expect([...titles].sort((x, y) => x.title.localeCompare(y.title))).toEqual([
      { id: b.id, title: 'Cello lessons', createdAt: b.createdAt },
      { id: a.id, title: 'Trip to Lisbon', createdAt: a.createdAt },
    ]);
  });

  it('refuses an empty, oversized or malformed request with invalid_input', async () => {
    const { host } = openTestHost();
    for (const input of [{ chatIds: [] }, { chatIds: Array.from({ length: 501 }, (_, i) => `c${i}`) }, { chatIds: [42] }, { chatIds: ['a'], extra: 1 }, {}]) {
      const res = await host.dispatch('chat.titles', input);
      expect(res).toEqual({ ok: false, error: expect.objectContaining({ code: 'invalid_input' }) });
    }
  });
});
