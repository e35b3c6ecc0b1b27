/**
 * API keys encrypted with Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet) in userData/secrets.enc.json.
 * Where the OS offers no real encryption the owner-only file store is used, and Settings says so ("in a file only
 * you can read"): on Linux without a keyring safeStorage still reports itself available, but its backend is
 * `basic_text` (a password compiled into Chromium), which protects nothing.
 */
import { copyFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { FileSecretStore, type SecretStore } from '../llm/secrets';
import type { Logger } from '../../src-shared/clock';

const fileSchema = z.record(z.string(), z.string());

export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'safeStorage';
  readonly path: string;

  constructor(
    userData: string,
    private readonly logger: Logger,
  ) {
    this.path = join(userData, 'secrets.enc.json');
  }

  /** Every sealed entry; an unreadable file counts as empty (and is kept aside before it is ever replaced). */
  read(): Record<string, string> {
    return this.readState().entries;
  }

  private readState(): { entries: Record<string, string>; unreadable: boolean } {
    if (!existsSync(this.path)) return { entries: {}, unreadable: false };
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
      if (parsed.success) return { entries: parsed.data, unreadable: false };
    } catch {
      // Reported below, like a file of the wrong shape.
    }
    this.logger.warn(`${this.path} cannot be read; saved API keys are ignored until you enter them again`);
    return { entries: {}, unreadable: true };
  }

  get(name: string): string | undefined {
    const sealed = this.read()[name];
    if (sealed === undefined) return undefined;
    try {
      return safeStorage.decryptString(Buffer.from(sealed, 'base64'));
    } catch (cause) {
      // Sealed by another user, machine or keyring: the key has to be entered again, Settings still opens.
      this.logger.warn(`the saved ${name} cannot be decrypted (${String(cause)}); enter it again in Settings`);
      return undefined;
    }
  }

  set(name: string, value: string | null): void {
    const state = this.readState();
    if (state.unreadable) copyFileSync(this.path, `${this.path}.unreadable`);
    const all = new Map(Object.entries(state.entries));
    if (value === null) all.delete(name);
    else all.set(name, safeStorage.encryptString(value).toString('base64'));
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(Object.fromEntries(all)), { mode: 0o600 });
    renameSync(tmp, this.path);
  }
}

/** Reading a key never throws (Settings must load); saving reports its failure. */
class TolerantSecretStore implements SecretStore {
  constructor(
    private readonly inner: SecretStore,
    private readonly logger: Logger,
  ) {}
  get kind(): SecretStore['kind'] {
    return this.inner.kind;
  }
  get(name: string): string | undefined {
    try {
      return this.inner.get(name);
    } catch (cause) {
      this.logger.warn(`the saved ${name} cannot be read (${String(cause)}); enter it again in Settings`);
      return undefined;
    }
  }
  set(name: string, value: string | null): void {
    this.inner.set(name, value);
  }
}

/** Whether safeStorage really encrypts: available, and on Linux backed by a keyring rather than basic_text. */
export function osEncryptionUsable(platform: NodeJS.Platform = process.platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (platform !== 'linux') return true;
  const backend = safeStorage.getSelectedStorageBackend();
  return backend !== 'basic_text' && backend !== 'unknown';
}

/** Call after app 'ready' (safeStorage is not usable before). */
export function createSecretStore(userData: string, logger: Logger, platform: NodeJS.Platform = process.platform): SecretStore {
  if (osEncryptionUsable(platform)) return new TolerantSecretStore(new SafeStorageSecretStore(userData, logger), logger);
  logger.warn('no OS keyring encrypts secrets here; API keys are kept in a file only you can read (secrets.json, mode 0600)');
  const file = new FileSecretStore(userData);
  moveBasicTextSecrets(userData, file, logger);
  return new TolerantSecretStore(file, logger);
}

/**
 * Keys saved earlier under basic_text (when this check did not exist) move to the file store, so nothing typed
 * is lost; they could only be read here because basic_text decrypts anywhere.
 */
function moveBasicTextSecrets(userData: string, file: SecretStore, logger: Logger): void {
  const sealedStore = new SafeStorageSecretStore(userData, logger);
  if (!existsSync(sealedStore.path) || !safeStorage.isEncryptionAvailable()) return;
  try {
    for (const name of Object.keys(sealedStore.read())) {
      const value = sealedStore.get(name);
      if (value !== undefined && file.get(name) === undefined) file.set(name, value);
    }
    rmSync(sealedStore.path, { force: true });
  } catch (cause) {
    logger.warn(`could not move the keys in ${sealedStore.path} to the file store: ${String(cause)}`);
  }
}
