/**
 * Settings persisted in the app_settings table (JSON values); the API key goes to the SecretStore.
 * Reads are validated: a settings row written by a newer or broken version falls back to the default.
 */
import type { Database } from 'better-sqlite3';
import { stmt } from '../memory/repo/statements';
import { PROVIDER_PRESETS, type ProviderPreset } from './presets';
import type { ResolvedProvider } from './client';
import { PROVIDER_API_KEY, type SecretStore } from './secrets';
import { appSettingsSchema, DEFAULT_APP_SETTINGS, type AppSettings } from './settings';

const KEY = 'app';

/** What the renderer sees: everything but the key itself. */
export interface PublicSettings extends AppSettings {
  hasApiKey: boolean;
  secretStorage: SecretStore['kind'];
  presets: ProviderPreset[];
}

export class SettingsStore {
  private readonly listeners = new Set<() => void>();

  /** Called after every save (the write path re-reads the memory agent's provider). */
  onSaved(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretStore,
  ) {}

  get(): AppSettings {
    const row = stmt(this.db, 'SELECT value FROM app_settings WHERE key = ?').get(KEY) as { value: string } | undefined;
    if (!row) return DEFAULT_APP_SETTINGS;
    const parsed = appSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : DEFAULT_APP_SETTINGS;
  }

  /** `apiKey`: undefined keeps the stored key; null or "" removes it. */
  save(settings: AppSettings, apiKey: string | null | undefined): void {
    stmt(this.db, 'INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
      KEY,
      JSON.stringify(settings),
    );
    if (apiKey !== undefined) this.secrets.set(PROVIDER_API_KEY, apiKey === null || apiKey.trim() === '' ? null : apiKey.trim());
    for (const listener of this.listeners) listener();
  }

  provider(): ResolvedProvider {
    return { settings: this.get().provider, apiKey: this.secrets.get(PROVIDER_API_KEY) };
  }

  publicView(): PublicSettings {
    return {
      ...this.get(),
      hasApiKey: this.secrets.get(PROVIDER_API_KEY) !== undefined,
      secretStorage: this.secrets.kind,
      presets: Object.values(PROVIDER_PRESETS),
    };
  }
}
