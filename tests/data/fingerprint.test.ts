import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupTo, restoreDatabase } from '../../src-main/data/backup';
import { exportJson } from '../../src-main/data/export/json';
import { verifyFile } from '../../src-main/data/verify';
import { MemoryEngine } from '../../src-main/memory/engine';
import { registerContentHashFunctions } from '../../src-main/storage/content-hash';
import { makeTempDir, openTestEngine } from '../helpers/temp-engine';

/** Changes one byte of the only place `text` is stored in the file (asserting there is exactly one). */
function alterOneByte(path: string, text: string): void {
  const bytes = readFileSync(path);
  const at = bytes.indexOf(text, 0, 'utf8');
  expect(at).toBeGreaterThanOrEqual(0);
  expect(bytes.indexOf(text, at + 1, 'utf8')).toBe(-1);
  bytes[at] = (bytes[at] as number) ^ 0x01; // 'm' → 'l', 'p' → 'q'
  writeFileSync(path, bytes);
}

/** Plaintext, so a test can alter one byte of one fact in a backup (an encrypted page would fail its HMAC instead). */
async function memoryWithFacts() {
  const { engine, dir } = openTestEngine({ startSlowPath: false, encryption: { plaintext: true } });
  const ana = engine.createEntity({ name: 'Ana', type: 'person' });
  const lisbon = engine.rememberFact({ content: 'Ana moved to Lisbon in May', entityIds: [ana.id] });
  const cello = engine.rememberFact({ content: 'The user plays the cello on Sundays' });
  engine.recordEpisode({ content: 'We talked about fado', sessionId: 's1' });
  await engine.flush();
  return { engine, dir, lisbon, cello, ana };
}

describe('fingerprint: content hashes and the Merkle root', () => {
  it('a backup with one byte of one fact altered fails verify, naming that fact; an untouched one passes', async () => {
    const { engine, lisbon } = await memoryWithFacts();
    const out = makeTempDir();
    const good = join(out, 'good.db');
    await backupTo(engine, good);
    const verified = verifyFile(good);
    expect(verified).toMatchObject({ kind: 'backup', report: { ok: true, findings: [] } });
    expect(verified.report.recordedRoot).toBe(engine.fingerprint().root);

    const bad = join(out, 'bad.db');
    await backupTo(engine, bad);
    alterOneByte(bad, 'moved to Lisbon');
    const report = verifyFile(bad).report;
    expect(report.ok).toBe(false);
    expect(report.findings).toEqual([{ table: 'nodes', id: lisbon, problem: 'changed', preview: 'Ana loved to Lisbon in May' }]);
  });

  it('names a row that went missing from a backup, and a tree edited to hide a change', async () => {
    const { engine, cello } = await memoryWithFacts();
    const file = join(makeTempDir(), 'b.db');
    await backupTo(engine, file);
    const db = new BetterSqlite3(file);
    registerContentHashFunctions(db);
    // Past the triggers: the row goes, its leaf stays.
    db.exec('DROP TRIGGER nodes_hash_delete');
    db.prepare('DELETE FROM nodes WHERE id = ?').run(cello);
    db.close();
    expect(verifyFile(file).report.findings).toEqual([{ table: 'nodes', id: cello, problem: 'missing', preview: null }]);

    // Content, its hash and its leaf all rewritten consistently: the recorded buckets still disagree.
    const forged = join(makeTempDir(), 'f.db');
    await backupTo(engine, forged);
    const f = new BetterSqlite3(forged);
    registerContentHashFunctions(f);
    f.exec('DROP TRIGGER merkle_leaf_insert; DROP TRIGGER merkle_leaf_delete');
    f.prepare(`UPDATE nodes SET content = 'The user plays the drums' WHERE id = ?`).run(cello);
    f.close();
    const report = verifyFile(forged).report;
    expect(report.ok).toBe(false);
    expect(report.findings).toEqual([]);
    expect(report.damagedBuckets).toHaveLength(1);
  });

  it('an export carries its root and leaves: untouched it passes, an edited fact is named', async () => {
    const { engine, lisbon } = await memoryWithFacts();
    const path = join(makeTempDir(), 'export.json');
    await exportJson(engine, path);
    expect(verifyFile(path)).toMatchObject({ kind: 'export', report: { ok: true, recordedRoot: engine.fingerprint().root } });
    writeFileSync(path, readFileSync(path, 'utf8').replace('moved to Lisbon', 'moved to Porto'));
    expect(verifyFile(path).report.findings).toEqual([{ table: 'nodes', id: lisbon, problem: 'changed', preview: 'Ana moved to Porto in May' }]);
  });

  it('diff of two backups finds exactly the rows added, changed and removed', async () => {
    const { engine, lisbon, cello } = await memoryWithFacts();
    const dir = makeTempDir();
    await backupTo(engine, join(dir, 'a.db'));
    const added = engine.rememberFact({ content: 'Ana sings fado' });
    engine.forget(cello); // invalidation: a meaningful change (validity)
    engine.recordAccess([lisbon]); // bookkeeping only: not a change
    await backupTo(engine, join(dir, 'b.db'));
    const changes = MemoryEngine.diffDatabaseFiles(join(dir, 'a.db'), join(dir, 'b.db'));
    const summary = changes.map((c) => [c.change, c.table, c.id]).sort();
    expect(summary).toEqual(
      [
        ['added', 'nodes', added],
        ['changed', 'nodes', cello],
      ].sort(),
    );
    expect(MemoryEngine.diffDatabaseFiles(join(dir, 'a.db'), join(dir, 'a.db'))).toEqual([]);
  });

  it('verify --live records when the memory was last verified; restore refuses a backup that no longer matches', async () => {
    const { engine, dir } = await memoryWithFacts();
    expect(engine.fingerprint().lastVerified).toBeNull();
    const report = engine.verifyMemory();
    expect(report.ok).toBe(true);
    expect(engine.fingerprint().lastVerified).toMatchObject({ ok: true, root: report.computedRoot });

    const bad = join(makeTempDir(), 'bad.db');
    await backupTo(engine, bad);
    alterOneByte(bad, 'plays the cello');
    let stopped = false;
    await expect(
      restoreDatabase(join(dir, 'engram.db'), bad, { now: Date.now(), stop: async () => void (stopped = true), start: () => undefined, encryption: { plaintext: true } }),
    ).rejects.toThrow(/no longer matches its fingerprint.*qlays the cello/);
    expect(stopped).toBe(false);
  });
});
