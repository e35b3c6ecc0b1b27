// Issue 27: a new memory is encrypted at rest. The database, its WAL and its backups hold none of a message's
// text; a wrong or missing key is a typed error that changes nothing; sqlite-vec search works on it.
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupTo } from '../../src-main/data/backup';
import { MemoryEngine } from '../../src-main/memory/engine';
import { databasePath } from '../../src-main/memory/paths';
import { databaseFileState } from '../../src-main/storage/driver';
import { addPassphrase, KEY_FILE, keyFilePath } from '../../src-main/storage/memory-key';
import { keyOf } from '../helpers/encrypted-files';
import { CollectingLogger, makeTempDir, openTestEngine } from '../helpers/temp-engine';

const SECRET = 'Zanzibar-7731 is the code to my grandmother’s safe';
const rawHas = (path: string, text: string): boolean => existsSync(path) && readFileSync(path).includes(Buffer.from(text, 'utf8'));
const filesOf = (dbPath: string): string[] => [dbPath, `${dbPath}-wal`, `${dbPath}-shm`];

describe('encryption at rest', () => {
  it('a new memory is encrypted: the database, its WAL and a backup hold none of a message (raw bytes)', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false, checkpoint: { intervalMs: 3_600_000 } });
    engine.recordEpisode({ content: SECRET, sessionId: 's1', role: 'user' });
    engine.rememberFact({ content: `The safe code is ${SECRET}` });
    await engine.flush();
    const dbPath = databasePath(dir);
    expect(databaseFileState(dbPath)).toBe('encrypted');
    // Before any checkpoint the message is only in the WAL: it must be encrypted there too.
    expect(statSync(`${dbPath}-wal`).size).toBeGreaterThan(0);
    for (const file of filesOf(dbPath)) expect(rawHas(file, 'Zanzibar-7731')).toBe(false);
    const backup = join(makeTempDir(), 'b.db');
    await backupTo(engine, backup);
    expect(databaseFileState(backup)).toBe('encrypted');
    for (const file of filesOf(backup)) expect(rawHas(file, 'Zanzibar-7731')).toBe(false);
    // The key file is the owner's alone, and the memory still reads back.
    if (process.platform !== 'win32') expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect((await engine.search({ query: 'Zanzibar safe code' })).hits.length).toBeGreaterThan(0);
  });

  it('the control: with encryption turned off the same message IS readable in the file (the check above can fail)', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false, encryption: { plaintext: true } });
    engine.recordEpisode({ content: SECRET, sessionId: 's1', role: 'user' });
    await engine.flush();
    expect(filesOf(databasePath(dir)).some((f) => rawHas(f, 'Zanzibar-7731'))).toBe(true);
    expect(existsSync(join(dir, KEY_FILE))).toBe(false);
  });

  it('sqlite-vec search works on an encrypted memory', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    for (let i = 0; i < 30; i++) engine.recordEpisode({ content: `note ${i} about gardening and tomatoes`, sessionId: 's1', role: 'user' });
    engine.recordEpisode({ content: 'I adopted a grey cat called Miso', sessionId: 's1', role: 'user' });
    await engine.drainSlowPath();
    const vectors = engine.database.prepare('SELECT count(*) AS n FROM vec_nodes').get() as { n: number };
    expect(vectors.n).toBeGreaterThanOrEqual(31);
    const { hits } = await engine.search({ query: 'grey cat Miso' });
    const miso = hits.find((h) => /Miso/.test(h.node.content));
    expect(miso?.strategies.map((s) => s.strategy)).toContain('vector');
  });

  it('a wrong key (another memory’s key file) fails with key_unavailable and changes nothing', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    engine.recordEpisode({ content: SECRET, sessionId: 's1' });
    await engine.close();
    const other = openTestEngine({ startSlowPath: false });
    await other.engine.close();
    const dbPath = databasePath(dir);
    const before = readFileSync(dbPath);
    writeFileSync(keyFilePath(dbPath), readFileSync(join(other.dir, KEY_FILE)), { mode: 0o600 });
    const open = (): MemoryEngine => MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    expect(open).toThrow(expect.objectContaining({ code: 'key_unavailable', message: expect.stringMatching(/does not open .*engram\.db.*Nothing was changed/) }));
    expect(readFileSync(dbPath).equals(before)).toBe(true);
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
  });

  it('a missing key file is explained, not crashed on; no new key or empty memory is made', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    await engine.close();
    const dbPath = databasePath(dir);
    const before = readFileSync(dbPath);
    renameSync(join(dir, KEY_FILE), join(dir, 'elsewhere.key'));
    expect(() => MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false })).toThrow(
      expect.objectContaining({ code: 'key_unavailable', message: expect.stringMatching(/encrypted, but its key file .*engram\.key is missing/) }),
    );
    expect(existsSync(join(dir, KEY_FILE))).toBe(false);
    expect(readFileSync(dbPath).equals(before)).toBe(true);
  });

  it('a damaged key file is a key_unavailable error', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    await engine.close();
    writeFileSync(join(dir, KEY_FILE), '{"version":1,"slots":[{"kind":"file","key":"AAAA"}]}');
    expect(() => MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false })).toThrow(
      expect.objectContaining({ code: 'key_unavailable', message: expect.stringMatching(/3 bytes, not 32/) }),
    );
  });

  it('a passphrase slot opens the memory; a wrong passphrase is refused and changes nothing', async () => {
    const { engine, dir } = openTestEngine({ startSlowPath: false });
    const id = engine.recordEpisode({ content: SECRET, sessionId: 's1' });
    await engine.close();
    const dbPath = databasePath(dir);
    const key = keyOf(dir);
    addPassphrase(keyFilePath(dbPath), {}, 'correct horse battery');
    // Only the passphrase slot is left: the key is no longer in the folder.
    const file = JSON.parse(readFileSync(keyFilePath(dbPath), 'utf8')) as { version: 1; slots: { kind: string }[] };
    writeFileSync(keyFilePath(dbPath), JSON.stringify({ ...file, slots: file.slots.filter((s) => s.kind === 'passphrase') }));
    chmodSync(keyFilePath(dbPath), 0o600);
    expect(readFileSync(keyFilePath(dbPath)).includes(key.toString('base64'))).toBe(false);
    const before = readFileSync(dbPath);
    const open = (passphrase?: string): MemoryEngine =>
      MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false, encryption: passphrase === undefined ? {} : { passphrase } });
    expect(() => open('wrong horse battery')).toThrow(expect.objectContaining({ code: 'key_unavailable', message: expect.stringMatching(/passphrase given is not the right one/) }));
    expect(() => open()).toThrow(expect.objectContaining({ code: 'key_unavailable', message: expect.stringMatching(/ENGRAM_PASSPHRASE/) }));
    expect(readFileSync(dbPath).equals(before)).toBe(true);
    const reopened = open('correct horse battery');
    expect(reopened.getNode(id).node.content).toBe(SECRET);
    await reopened.close();
  });
});
