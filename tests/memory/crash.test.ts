import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { runUntilKilled } from '../helpers/kill-child';
import { makeTempDir } from '../helpers/temp-engine';

/** Run the writer until it has reported `flushes` durable batches, then SIGKILL it. */
async function runAndKill(dataDir: string, flushes: number): Promise<string[]> {
  const reported: string[] = [];
  let seen = 0;
  await runUntilKilled(join(__dirname, 'crash-writer.ts'), [dataDir], (line) => {
    reported.push(...(JSON.parse(line) as string[]));
    return ++seen === flushes;
  });
  return reported;
}

describe('crash safety', () => {
  it('keeps every id reported after flush() when the process is SIGKILLed mid-stream', async () => {
    const dir = makeTempDir();
    const reported = await runAndKill(dir, 40);
    expect(reported.length).toBe(40 * 25);

    const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    try {
      const db = engine.database;
      const present = db
        .prepare(`SELECT count(*) AS n FROM nodes WHERE id IN (SELECT value FROM json_each(?))`)
        .get(JSON.stringify(reported)) as { n: number };
      expect(present.n).toBe(reported.length);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      // FTS agrees with nodes: the integrity check passes and an index made anew changes no search result.
      db.prepare(`INSERT INTO nodes_fts(nodes_fts) VALUES ('integrity-check')`).run();
      const search = () =>
        db.prepare(`SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH 'apples AND plums' ORDER BY rowid`).all();
      const before = search();
      const total = (db.prepare('SELECT count(*) AS n FROM nodes').get() as { n: number }).n;
      expect(before.length).toBeGreaterThan(0);
      db.exec(`INSERT INTO nodes_fts(nodes_fts) VALUES ('delete-all');
        INSERT INTO nodes_fts(rowid, content, context) SELECT rowid, content, context FROM nodes_fts_rows;`);
      expect(search()).toEqual(before);
      expect((db.prepare(`SELECT count(*) AS n FROM nodes_fts WHERE nodes_fts MATCH 'apples'`).get() as { n: number }).n).toBe(total);
      // Every node still has its slow-path work either done (vector) or queued.
      const orphaned = db
        .prepare(
          `SELECT count(*) AS n FROM nodes WHERE id NOT IN (SELECT node_id FROM slow_path_queue)
           AND id NOT IN (SELECT node_id FROM vec_nodes)`,
        )
        .get() as { n: number };
      expect(orphaned.n).toBe(0);
    } finally {
      await engine.close();
    }
  });
});
