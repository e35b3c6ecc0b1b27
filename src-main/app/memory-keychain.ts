/**
 * The memory's key kept with the operating system's keychain (Electron safeStorage: Keychain, DPAPI,
 * libsecret/kwallet). Only this process can use safeStorage, so the main thread unlocks (or, for a new memory,
 * creates) the key and lends the raw key to the engine's worker. Where safeStorage protects nothing (Linux
 * without a keyring: basic_text) there is no keychain, and the key file keeps the key itself (0600), as the
 * CLI and browser mode do.
 */
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { DATABASE_FILE, resolveMemoryKey, type EncryptionOptions, type KeyProtector } from '../memory';
import { osEncryptionUsable } from './secret-store';

/** Call after app 'ready'. Undefined where the OS keychain does not really encrypt. */
export function memoryKeychain(): KeyProtector | undefined {
  if (!osEncryptionUsable()) return undefined;
  return {
    seal: (key) => safeStorage.encryptString(key.toString('base64')),
    unseal: (sealed) => Buffer.from(safeStorage.decryptString(sealed), 'base64'),
  };
}

/** What the desktop app unlocks the memory with: the keychain, or ENGRAM_PASSPHRASE when it is set. */
export function appKeyAccess(env: NodeJS.ProcessEnv = process.env): EncryptionOptions {
  const keychain = memoryKeychain();
  return { ...(keychain ? { keychain } : {}), ...(env.ENGRAM_PASSPHRASE ? { passphrase: env.ENGRAM_PASSPHRASE } : {}) };
}

/**
 * The key of the memory in `dataDir`, unlocked here (or created with a keychain slot for a new memory), for the
 * worker; null for a plaintext memory. A key that cannot be unlocked is a `key_unavailable` error.
 */
export const unlockAppMemoryKey = (dataDir: string): Buffer | null => resolveMemoryKey(join(dataDir, DATABASE_FILE), appKeyAccess());
