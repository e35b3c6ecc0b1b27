// Issue 27 (encryption overhead): new memories are enciphered with AEGIS-256 (hardware AES at run time), not
// SQLCipher 4 (portable-C AES in this driver build, ~7x slower per page). A memory made in SQLCipher 4 before
// the change still opens, reads, writes and passes the off-thread integrity check, and stays as it was.
import Driver from 'better-sqlite3-multiple-ciphers';
import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { databasePath } from '../../src-main/memory/paths';
import { schemePragmas, type CipherScheme } from '../../src-main/storage/cipher-scheme';
import { cipherSchemeOf, databaseFileState } from '../../src-main/storage/driver';
import { encryptMemoryFile } from '../../src-main/storage/encrypt-file';
import { integrityCheckOffThread } from '../../src-main/storage/integrity-check';
import { keyOf } from '../helpers/encrypted-files';
import { openTestEngine } from '../helpers/temp-engine';

/** Reads the schema of `path` keyed in `scheme`: 'ok', or the SQLite error code it fails with. */
function readsAs(path: string, key: Buffer, scheme: CipherScheme): string {
  const db = new Driver(path, { readonly: true, fileMustExist: true }) as unknown as Database;
  try {
    for (const pragma of schemePragmas(scheme)) db.pragma(pragma);
    db.pragma(`key = "x'${key.toString('hex')}'"`);
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return 'ok';
  } catch (cause) {
    return String((cause as { code?: unknown }).code);
  } finally {
    db.close();
  }
}

/** Re-enciphers a closed memory file in SQLCipher 4, as every memory was before AEGIS-256. */
function toSqlcipher4(path: string, key: Buffer): void {
  const db = new Driver(path, { fileMustExist: true }) as unknown as Database;
  try {
    for (const pragma of schemePragmas('aegis-256')) db.pragma(pragma);
    db.pragma(`key = "x'${key.toString('hex')}'"`);
    db.pragma('journal_mode = DELETE');
    for (const pragma of schemePragmas('sqlcipher-4')) db.pragma(pragma);
    db.pragma(`rekey = "x'${key.toString('hex')}'"`);
  } finally {
    db.close();
  }
}

describe('cipher scheme', () => {
  it('a new memory is AEGIS-256: its file reads in that scheme and not as SQLCipher 4', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    engine.recordEpisode({ content: 'the spare key is under the blue pot', sessionId: 's1', role: 'user' });
    await engine.flush();
    expect(cipherSchemeOf(engine.database)).toBe('aegis-256');
    await engine.close();
    const path = databasePath(dir);
    expect(databaseFileState(path)).toBe('encrypted');
    expect(readsAs(path, keyOf(dir), 'aegis-256')).toBe('ok');
    expect(readsAs(path, keyOf(dir), 'sqlcipher-4')).toBe('SQLITE_NOTADB');
  });

  it('a memory made in SQLCipher 4 still opens, reads, writes and checks sound, and keeps its scheme', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    engine.recordEpisode({ content: 'my passport expires in March', sessionId: 's1', role: 'user' });
    await engine.drainSlowPath();
    await engine.close();
    const path = databasePath(dir);
    const key = keyOf(dir);
    toSqlcipher4(path, key);
    expect(readsAs(path, key, 'sqlcipher-4')).toBe('ok');
    expect(readsAs(path, key, 'aegis-256')).toBe('SQLITE_NOTADB');

    const reopened = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    try {
      expect(cipherSchemeOf(reopened.database)).toBe('sqlcipher-4');
      expect((await reopened.search({ query: 'passport expires' })).hits.map((h) => h.node.content)).toContain('my passport expires in March');
      reopened.recordEpisode({ content: 'renewed the passport today', sessionId: 's2', role: 'user' });
      await reopened.flush();
    } finally {
      await reopened.close();
    }
    expect(await integrityCheckOffThread(path, { key })).toEqual(['ok']);
    expect(readsAs(path, key, 'sqlcipher-4')).toBe('ok');
  });

  it('temporary tables and sorts stay in RAM: SQLite’s temp files are not enciphered, so none may be written', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    // 2 = MEMORY (0, the build’s default, lets large sorts and temp tables spill to plaintext files).
    expect(engine.database.pragma('temp_store', { simple: true })).toBe(2);
    await engine.close();
  });

  it('`engram encrypt` re-enciphers a SQLCipher 4 memory in AEGIS-256 with the same key, keeping every row', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    for (let i = 0; i < 40; i++) engine.recordEpisode({ content: `note ${i}: the boiler service is due in May`, sessionId: 's1', role: 'user' });
    await engine.drainSlowPath();
    await engine.close();
    const path = databasePath(dir);
    const key = keyOf(dir);
    toSqlcipher4(path, key);

    const report = encryptMemoryFile(path);
    expect(report.outcome).toBe('reenciphered');
    expect(report.tablesCompared).toBeGreaterThan(10);
    expect(readsAs(path, key, 'aegis-256')).toBe('ok');
    expect(keyOf(dir).equals(key)).toBe(true);
    expect(encryptMemoryFile(path).outcome).toBe('already');

    const reopened = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    try {
      expect(cipherSchemeOf(reopened.database)).toBe('aegis-256');
      expect(reopened.stats().nodes.episodic).toBe(40);
      expect((await reopened.search({ query: 'boiler service' })).hits.length).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  });
});
