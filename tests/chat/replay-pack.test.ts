/**
 * "Replay on today's memory" (issue 23, part 4): the pack a reply's prompt gets now against the one it was
 * given. A correction made since shows as that memory changed, not one dropped and another added.
 */
import { describe, expect, it } from 'vitest';
import { openTestHost, type TestHost } from '../helpers/app-host';
import type { PackReplay } from '../../src-shared/replay-types';

async function send(t: TestHost, chatId: string, text: string) {
  const { assistantMessage } = await t.host.chat.send(chatId, text);
  return t.host.chat.waitForReply(assistantMessage.id);
}

async function replay(t: TestHost, messageId: string): Promise<PackReplay | null> {
  const res = await t.host.dispatch('chat.replayPack', { messageId });
  if (!res.ok) throw new Error(res.error.message);
  return res.value as PackReplay | null;
}

describe('chat.replayPack', () => {
  it('after a correction, shows the corrected fact as changed; with nothing changed, everything is unchanged', async () => {
    const t = openTestHost();
    const boston = t.host.memory.rememberFact({ content: 'User lives in Boston near the harbour' });
    t.host.memory.rememberFact({ content: 'User works at Globex as a welder' });
    const chat = t.host.chat.create();
    const reply = await send(t, chat.id, 'Where do I live, near the harbour?');
    expect(t.host.chat.contextPack(reply.id)?.nodeIds).toContain(boston);

    const same = await replay(t, reply.id);
    expect(same?.changed).toEqual([]);
    expect(same?.dropped).toEqual([]);
    expect(same?.unchanged).toBeGreaterThan(0);

    const lisbon = t.host.memory.correctFact({ id: boston, content: 'User lives in Lisbon near the harbour' });
    const after = await replay(t, reply.id);
    expect(after?.changed.map((c) => [c.before.nodeId, c.after.nodeId])).toEqual([[boston, lisbon]]);
    expect(after?.changed[0]?.after.text).toContain('Lisbon');
    expect(after?.dropped.map((d) => d.nodeId)).not.toContain(boston);
    expect(after?.added.map((a) => a.nodeId)).not.toContain(lisbon);
    // The stored pack is evidence: replay does not rewrite it.
    expect(t.host.chat.contextPack(reply.id)?.nodeIds).toContain(boston);
  });

  it('answers null for a message given no pack, and not_found for an unknown one', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    const reply = await send(t, chat.id, 'Hello');
    const user = t.host.chat.messages(chat.id).find((m) => m.role === 'user');
    expect(await replay(t, user?.id as string)).toBeNull();
    expect(reply.id).toBeTruthy();
    const unknown = await t.host.dispatch('chat.replayPack', { messageId: 'no-such-message' });
    expect(unknown.ok ? null : unknown.error.code).toBe('not_found');
  });
});
