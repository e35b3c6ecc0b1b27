/**
 * Where the desktop app keeps API keys: safeStorage only when it really encrypts. On Linux with the basic_text
 * backend (no keyring; a password built into Chromium) the owner-only file store is used, keys saved earlier are
 * moved there, and Settings says "file". An unreadable key file never stops Settings from loading.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSecretStore, SafeStorageSecretStore } from '../../src-main/app/secret-store';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

const fake = vi.hoisted(() => ({ available: true, backend: 'gnome_libsecret' as string }));

vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => fake.available,
    getSelectedStorageBackend: () => fake.backend,
    // A reversible stand-in for the OS cipher; fails on data it did not seal, like the real one.
    encryptString: (text: string) => Buffer.from(`sealed:${text}`),
    decryptString: (data: Buffer) => {
      const text = data.toString();
      if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return text.slice('sealed:'.length);
    },
  },
}));

let dir: string;
let logger: CollectingLogger;
beforeEach(() => {
  dir = makeTempDir();
  logger = new CollectingLogger();
  fake.available = true;
  fake.backend = 'gnome_libsecret';
});

describe('desktop secret store', () => {
  it('uses safeStorage with a keyring, and on macOS/Windows', () => {
    expect(createSecretStore(dir, logger, 'linux').kind).toBe('safeStorage');
    fake.backend = 'unknown'; // only meaningful on Linux
    expect(createSecretStore(dir, logger, 'darwin').kind).toBe('safeStorage');
    expect(createSecretStore(dir, logger, 'win32').kind).toBe('safeStorage');
  });

  it('falls back to the 0600 file on Linux with basic_text, moving keys saved before', () => {
    new SafeStorageSecretStore(dir, logger).set('provider.apiKey', 'sk-before');
    fake.backend = 'basic_text';
    const store = createSecretStore(dir, logger, 'linux');
    expect(store.kind).toBe('file');
    expect(store.get('provider.apiKey')).toBe('sk-before');
    expect(existsSync(join(dir, 'secrets.enc.json'))).toBe(false);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).toContain('sk-before');
    expect(logger.warnings.join('\n')).toMatch(/no OS keyring/);
  });

  it('falls back when encryption is unavailable altogether', () => {
    fake.available = false;
    expect(createSecretStore(dir, logger, 'linux').kind).toBe('file');
  });

  it('an unreadable or undecryptable key file does not throw; saving again works', () => {
    writeFileSync(join(dir, 'secrets.enc.json'), '{not json');
    const store = createSecretStore(dir, logger, 'linux');
    expect(store.get('provider.apiKey')).toBeUndefined();
    store.set('provider.apiKey', 'sk-new');
    expect(store.get('provider.apiKey')).toBe('sk-new');
    expect(readFileSync(join(dir, 'secrets.enc.json.unreadable'), 'utf8')).toBe('{not json');

    writeFileSync(join(dir, 'secrets.enc.json'), JSON.stringify({ 'provider.apiKey': Buffer.from('from another machine').toString('base64') }));
    expect(createSecretStore(dir, logger, 'linux').get('provider.apiKey')).toBeUndefined();
    expect(logger.warnings.join('\n')).toMatch(/cannot be decrypted/);

    fake.backend = 'basic_text';
    writeFileSync(join(dir, 'secrets.json'), '{broken');
    expect(createSecretStore(dir, logger, 'linux').get('provider.apiKey')).toBeUndefined();
  });
});
