/**
 * Every scoped context pack asks how many spaces there are (context.ts): the count is cached per connection,
 * kept by this process's creates and deletes, and forgotten when another process commits.
 */
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../../src-main/memory/engine';
import { spaceCount } from '../../../src-main/memory/repo/spaces';
import { openTestEngine } from '../../helpers/temp-engine';

describe('the space count', () => {
  it('is read once, follows creates and deletes, and another process\'s new space', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    const db = engine.database;
    expect(spaceCount(db)).toBe(1);
    // Cached: a row written behind the module's back is not seen until the count is forgotten.
    db.prepare(`INSERT INTO spaces (id, name, created_at) VALUES ('x', 'Hidden', 0)`).run();
    expect(spaceCount(db)).toBe(1);
    db.prepare(`DELETE FROM spaces WHERE id = 'x'`).run();
    const work = engine.createSpace({ name: 'Work' });
    expect(spaceCount(db)).toBe(2);
    engine.deleteSpace({ id: work.id, rows: { rows: 'erase' } });
    expect(spaceCount(db)).toBe(1);
    const other = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    other.createSpace({ name: 'Novel' });
    await other.close();
    expect(engine.checkExternalWrites()).toBe(true);
    expect(spaceCount(db)).toBe(2);
  });
});
