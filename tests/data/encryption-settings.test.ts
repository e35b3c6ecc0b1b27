import { readFileSync } from 'node:fs';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EncryptionStatus } from '../../src-main/data/api-types';
import { MemoryEngine } from '../../src-main/memory/engine';
import type { KeyProtector } from '../../src-main/storage/memory-key';
import { databaseFileState, openConnection } from '../../src-main/storage/driver';
import { openTestHost } from '../helpers/app-host';
import { ManualClock, makeTempDir } from '../helpers/temp-engine';

const SECRET = 'The alarm code for the allotment shed is 7788';

/** A plaintext memory (made before encryption became the default) holding one known message. */
async function plaintextMemory(): Promise<string> {
  const dir = makeTempDir();
  const engine = MemoryEngine.open({ dataDir: dir, clock: new ManualClock(), encryption: { plaintext: true } });
  engine.recordEpisode({ content: SECRET, sessionId: 's1', role: 'user' });
  await engine.flush();
  await engine.close();
  expect(databaseFileState(join(dir, 'engram.db'))).toBe('plaintext');
  return dir;
}

/** A stand-in for the OS keychain: seals with a key only this test process holds. */
function fakeKeychain(): KeyProtector {
  const kek = randomBytes(32);
  return {
    seal: (key) => {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', kek, iv);
      return Buffer.concat([iv, c.update(key), c.final(), c.getAuthTag()]);
    },
    unseal: (sealed) => {
      const d = createDecipheriv('aes-256-gcm', kek, sealed.subarray(0, 12));
      d.setAuthTag(sealed.subarray(sealed.length - 16));
      return Buffer.concat([d.update(sealed.subarray(12, sealed.length - 16)), d.final()]);
    },
  };
}

type Ok<T> = { ok: true; value: T };

describe('Settings → Encryption through the API', { timeout: 60_000 }, () => {
  it('"Encrypt this memory" converts a plaintext memory with progress, and the app runs on the encrypted one', async () => {
    const dir = await plaintextMemory();
    const t = openTestHost({ dir });
    expect(await t.host.dispatch('data.encryption', {})).toEqual({ ok: true, value: { encrypted: false, keyFile: null, slots: [], keychain: false } });
    expect(await t.host.dispatch('data.setPassphrase', { passphrase: 'long enough passphrase' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const done = (await t.host.dispatch('data.encrypt', {})) as Ok<EncryptionStatus>;
    expect(done).toMatchObject({ ok: true, value: { encrypted: true, slots: ['file'], keyFile: join(dir, 'engram.key') } });
    expect(databaseFileState(join(dir, 'engram.db'))).toBe('encrypted');
    expect(readFileSync(join(dir, 'engram.db')).includes(Buffer.from('allotment shed'))).toBe(false);
    const progress = t.eventsOf('data.progress').filter((p) => p.operation === 'encrypt');
    expect(progress.map((p) => p.phase)).toContain('running');
    expect(progress.some((p) => p.message.includes('checked the encrypted copy'))).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', percent: 100 });

    // The app goes on with the same memory, now encrypted: it finds the old message and records new ones.
    const hits = (await t.host.dispatch('memory.search', { query: 'alarm code allotment shed' })) as Ok<{ hits: { node: { content: string } }[] }>;
    expect(hits.value.hits[0]?.node.content).toBe(SECRET);
    t.host.memory.recordEpisode({ content: 'A second message after encryption', sessionId: 's2', role: 'user' });
    await t.host.memory.flush();
    expect(await t.host.dispatch('data.encrypt', {})).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('with the keychain the key is kept there only; "Add / change passphrase" lets a process without it open the memory', async () => {
    const dir = await plaintextMemory();
    const keychain = fakeKeychain();
    const t = openTestHost({ dir, keychain });
    const done = (await t.host.dispatch('data.encrypt', {})) as Ok<EncryptionStatus>;
    expect(done.value).toMatchObject({ encrypted: true, slots: ['keychain'], keychain: true });
    // The CLI (no keychain, no passphrase) cannot open it, and says so.
    expect(() => MemoryEngine.open({ dataDir: dir, startSlowPath: false })).toThrow(expect.objectContaining({ code: 'key_unavailable' }));

    expect(await t.host.dispatch('data.setPassphrase', { passphrase: 'short' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const added = (await t.host.dispatch('data.setPassphrase', { passphrase: 'first passphrase here' })) as Ok<EncryptionStatus>;
    expect(added.value.slots.sort()).toEqual(['keychain', 'passphrase']);
    const changed = (await t.host.dispatch('data.setPassphrase', { passphrase: 'second passphrase here' })) as Ok<EncryptionStatus>;
    expect(changed.value.slots.sort()).toEqual(['keychain', 'passphrase']);
    await t.host.close();

    expect(() => MemoryEngine.open({ dataDir: dir, startSlowPath: false, encryption: { passphrase: 'first passphrase here' } })).toThrow(expect.objectContaining({ code: 'key_unavailable' }));
    const cli = MemoryEngine.open({ dataDir: dir, startSlowPath: false, encryption: { passphrase: 'second passphrase here' } });
    try {
      expect((await cli.search({ query: 'alarm code allotment shed' })).hits[0]?.node.content).toBe(SECRET);
    } finally {
      await cli.close();
    }
  });

  it('a conversion that cannot run (another program is reading the memory) leaves the plaintext memory working', async () => {
    const dir = await plaintextMemory();
    const t = openTestHost({ dir });
    const reader = openConnection(join(dir, 'engram.db'), { fileMustExist: true });
    try {
      reader.prepare('BEGIN').run();
      reader.prepare('SELECT count(*) FROM nodes').get();
      t.host.memory.recordEpisode({ content: 'Written while another program reads', sessionId: 's3', role: 'user' });
      await t.host.memory.flush();
      const refused = await t.host.dispatch('data.encrypt', {});
      expect(refused).toMatchObject({ ok: false, error: { code: 'busy' } });
    } finally {
      reader.close();
    }
    expect(databaseFileState(join(dir, 'engram.db'))).toBe('plaintext');
    const hits = (await t.host.dispatch('memory.search', { query: 'alarm code allotment shed' })) as Ok<{ hits: { node: { content: string } }[] }>;
    expect(hits.value.hits[0]?.node.content).toBe(SECRET);
    expect(t.eventsOf('data.progress').at(-1)).toMatchObject({ operation: 'encrypt', phase: 'failed' });
  });
});

describe('encrypted export through the API', { timeout: 60_000 }, () => {
  it('data.export with a passphrase writes a sealed .engram file; data.import asks for it; Markdown cannot be encrypted', async () => {
    const dir = await plaintextMemory();
    const t = openTestHost({ dir });
    const out = makeTempDir();
    const sealed = (await t.host.dispatch('data.export', { format: 'json', path: join(out, 'mine.engram'), passphrase: 'export passphrase' })) as Ok<{ path: string; encrypted?: boolean }>;
    expect(sealed).toMatchObject({ ok: true, value: { encrypted: true } });
    expect(readFileSync(sealed.value.path).includes(Buffer.from('allotment'))).toBe(false);
    expect(await t.host.dispatch('data.export', { format: 'markdown', path: join(out, 'md'), passphrase: 'export passphrase' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await t.host.dispatch('data.export', { format: 'json', path: join(out, 'short.engram'), passphrase: 'short' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const other = openTestHost();
    const asked = await other.host.dispatch('data.import', { path: sealed.value.path, format: 'engram-export', preview: true });
    expect(asked).toMatchObject({ ok: false, error: { code: 'key_unavailable', issues: [{ path: 'passphrase' }] } });
    const wrong = await other.host.dispatch('data.import', { path: sealed.value.path, format: 'engram-export', passphrase: 'wrong passphrase' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'key_unavailable' } });
    const imported = await other.host.dispatch('data.import', { path: sealed.value.path, format: 'engram-export', passphrase: 'export passphrase' });
    expect(imported).toMatchObject({ ok: true, value: { restored: { nodes: 1 } } });
  });
});
