import { describe, expect, it } from 'vitest';
import { databasePath } from '../../src-main/memory/paths';
import { holdWriteLock } from '../helpers/foreign-lock';
import { openTestHost } from '../helpers/app-host';
import { openTestEngine } from '../helpers/temp-engine';

describe('another process holding the write lock', () => {
  it('every chat message sent meanwhile is accepted after the wait and is in memory afterwards', async () => {
    const t = openTestHost();
    const chats = Array.from({ length: 6 }, () => t.host.chat.create());
    const lock = await holdWriteLock(databasePath(t.dir), 3_000);
    // Sent while the lock is held; none may be refused or lost.
    const sends = chats.map((chat, i) => t.host.dispatch('chat.send', { chatId: chat.id, text: `Message ${i} sent during the lock` }));
    const envelopes = await Promise.all(sends);
    await lock.released;
    for (const envelope of envelopes) expect(envelope).toMatchObject({ ok: true });
    for (const envelope of envelopes) {
      if (!envelope.ok) continue;
      await t.host.chat.waitForReply((envelope.value as { assistantMessage: { id: string } }).assistantMessage.id);
    }
    await t.host.memory.flush();
    for (const [i, chat] of chats.entries()) {
      const [user] = t.host.chat.messages(chat.id);
      expect(user?.content).toBe(`Message ${i} sent during the lock`);
      expect(user?.episodeId).toBeTruthy();
      expect(t.host.memory.getNode(user?.episodeId ?? '').node.content).toBe(`Message ${i} sent during the lock`);
    }
    expect(t.logger.errors).toEqual([]);
  });

  it('a hot-path batch whose commit fails is retried, never dropped, and flush() waits for it', async () => {
    const { engine, dir, logger } = openTestEngine();
    const lock = await holdWriteLock(databasePath(dir), 1_500);
    const ids = Array.from({ length: 25 }, (_, i) => engine.recordEpisode({ content: `Queued during the lock ${i}`, sessionId: 's1', role: 'user' }));
    let flushed = false;
    const flushing = engine.flush().then(() => (flushed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The first commit failed on the lock: the batch is waiting, not lost, and the failure is visible.
    expect(flushed).toBe(false);
    expect(engine.recordingHealth()).toMatchObject({ failing: true, pending: 25 });
    expect(logger.warnings.some((w) => /Recording 25 episode\(s\) failed/.test(w))).toBe(true);
    await lock.released;
    await flushing;
    expect(engine.recordingHealth()).toMatchObject({ failing: false, pending: 0 });
    for (const id of ids) expect(engine.getNode(id).node.type).toBe('episodic');
    // Order within the session survives the retry: one temporal chain through all 25.
    const edges = engine.database.prepare("SELECT count(*) AS n FROM edges WHERE relation_type = 'temporal'").get() as { n: number };
    expect(edges.n).toBe(24);
  });

  it('closing waits for a held lock and writes what was acknowledged', async () => {
    const { engine, dir } = openTestEngine();
    const lock = await holdWriteLock(databasePath(dir), 1_000);
    const id = engine.recordEpisode({ content: 'Said just before quitting', sessionId: 's1', role: 'user' });
    await engine.close();
    await lock.released;
    const again = openTestEngine({ dataDir: dir });
    expect(again.engine.getNode(id).node.content).toBe('Said just before quitting');
  });
});
