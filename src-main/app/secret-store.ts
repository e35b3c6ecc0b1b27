/**
 * API keys encrypted with Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet) in userData/secrets.enc.json.
 * Where the OS offers no encryption (e.g. Linux without a keyring) the owner-only file store is used, and said.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { FileSecretStore, type SecretStore } from '../llm/secrets';
import type { Logger } from '../memory/clock';

const fileSchema = z.record(z.string(), z.string());

export class SafeStorageSecretStore implements SecretStore {
  readonly kind = 'safeStorage';
  private readonly path: string;

  constructor(userData: string) {
    this.path = join(userData, 'secrets.enc.json');
  }

  private read(): Record<string, string> {
    if (!existsSync(this.path)) return {};
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
    return parsed.success ? parsed.data : {};
  }

  get(name: string): string | undefined {
    const sealed = this.read()[name];
    return sealed === undefined ? undefined : safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  }

  set(name: string, value: string | null): void {
    const all = new Map(Object.entries(this.read()));
    if (value === null) all.delete(name);
    else all.set(name, safeStorage.encryptString(value).toString('base64'));
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(Object.fromEntries(all)), { mode: 0o600 });
    renameSync(tmp, this.path);
  }
}

/** Call after app 'ready' (safeStorage is not usable before). */
export function createSecretStore(userData: string, logger: Logger): SecretStore {
  if (safeStorage.isEncryptionAvailable()) return new SafeStorageSecretStore(userData);
  logger.warn('OS encryption for secrets is unavailable; API keys are kept in an owner-only file instead');
  return new FileSecretStore(userData);
}
