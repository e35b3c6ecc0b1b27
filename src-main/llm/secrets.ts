/**
 * Where API keys live. Never in SQLite, never sent to the renderer. The desktop app uses Electron's
 * safeStorage (src-main/app/secret-store.ts); headless runs use a file only the owner can read.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

export interface SecretStore {
  /** How secrets are protected, shown in settings. */
  readonly kind: 'safeStorage' | 'file' | 'memory';
  get(name: string): string | undefined;
  /** null removes the secret. */
  set(name: string, value: string | null): void;
}

const fileSchema = z.record(z.string(), z.string());

/** secrets.json with mode 0600 in the data folder. */
export class FileSecretStore implements SecretStore {
  readonly kind = 'file';
  readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, 'secrets.json');
  }

  private read(): Record<string, string> {
    if (!existsSync(this.path)) return {};
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
    return parsed.success ? parsed.data : {};
  }

  get(name: string): string | undefined {
    return this.read()[name];
  }

  set(name: string, value: string | null): void {
    const all = new Map(Object.entries(this.read()));
    if (value === null) all.delete(name);
    else all.set(name, value);
    mkdirSync(dirname(this.path), { recursive: true });
    // Write-then-rename so a crash never leaves a half-written file; the mode is set before any content exists.
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(Object.fromEntries(all)), { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, this.path);
  }
}

/** For tests and the benchmark. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory';
  private readonly values = new Map<string, string>();
  get(name: string): string | undefined {
    return this.values.get(name);
  }
  set(name: string, value: string | null): void {
    if (value === null) this.values.delete(name);
    else this.values.set(name, value);
  }
}

export const PROVIDER_API_KEY = 'provider.apiKey';
/** The origin the key was saved for: it is sent to that origin only. */
export const PROVIDER_API_KEY_ORIGIN = 'provider.apiKeyOrigin';
