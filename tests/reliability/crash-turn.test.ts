import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { runUntilKilled } from '../helpers/kill-child';
import { makeTempDir } from '../helpers/temp-engine';

describe('SIGKILL during chat turns', () => {
  it('a user message and its episode are both there or both absent', async () => {
    const dir = makeTempDir();
    let acknowledged = -1;
    // Kill at an arbitrary moment in the stream of turns (the line arrives while the next turn is under way).
    await runUntilKilled(join(__dirname, 'chat-writer.ts'), [dir], (line) => {
      acknowledged = Number(line);
      return acknowledged >= 12;
    });
    const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    try {
      const db = engine.database;
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const users = db.prepare("SELECT id, content, episode_id FROM chat_messages WHERE role = 'user'").all() as {
        id: string;
        content: string;
        episode_id: string | null;
      }[];
      expect(users.length).toBeGreaterThanOrEqual(acknowledged + 1);
      for (const u of users) {
        // Every message has its episode, and the episode says what the message says.
        expect(u.episode_id).not.toBeNull();
        const node = db.prepare('SELECT content FROM nodes WHERE id = ?').get(u.episode_id) as { content: string } | undefined;
        expect(node?.content).toBe(u.content);
      }
      // And no user episode exists without its message.
      const orphans = db
        .prepare("SELECT count(*) AS n FROM nodes WHERE type = 'episodic' AND source_role = 'user' AND id NOT IN (SELECT episode_id FROM chat_messages WHERE episode_id IS NOT NULL)")
        .get() as { n: number };
      expect(orphans.n).toBe(0);
    } finally {
      await engine.close();
    }
  });
});
