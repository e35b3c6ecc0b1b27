/**
 * Settings persisted in the app_settings table (JSON values); the API key goes to the SecretStore.
 * Reads are validated: a settings row written by a newer or broken version falls back to the default.
 */
import type { AppSettingsRows } from '../storage/app-settings';
import { PROVIDER_PRESETS, type ProviderPreset } from './presets';
import type { ResolvedProvider } from './client';
import { AppError } from '../../src-shared/errors';
import type { Logger } from '../../src-shared/clock';
import { keyTravelsInClear, originOf } from '../../src-shared/key-origin';
import { PROVIDER_API_KEY, PROVIDER_API_KEY_ORIGIN, type SecretStore } from './secrets';
import { appSettingsSchema, DEFAULT_APP_SETTINGS, type AppSettings } from './settings';

const KEY = 'app';

/** Refuses to send a key in clear text unless the person said so (`allowInsecureKey`). */
export function assertKeyMayTravel(url: string, allowInsecureKey: boolean | undefined): void {
  if (!keyTravelsInClear(url) || allowInsecureKey === true) return;
  throw new AppError(
    'invalid_input',
    `${originOf(url) ?? url} is plain http:// on another machine: your API key would cross the network unencrypted. Use https://, or confirm that you want to send it anyway.`,
    { issues: [{ path: 'allowInsecureKey', message: 'confirmation needed to send the key over plain http' }] },
  );
}

/** What the renderer sees: everything but the key itself. */
export interface PublicSettings extends AppSettings {
  /** A key is stored for the configured server's origin. */
  hasApiKey: boolean;
  /** The origin the stored key belongs to (it is never sent anywhere else); null when none is stored. */
  apiKeyOrigin: string | null;
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
    private readonly rows: AppSettingsRows,
    private readonly secrets: SecretStore,
    private readonly logger?: Logger,
  ) {}

  get(): AppSettings {
    const value = this.rows.get(KEY);
    if (value === undefined) return DEFAULT_APP_SETTINGS;
    let stored: unknown;
    try {
      stored = JSON.parse(value);
    } catch {
      // A damaged row must not stop the app from starting: the defaults stand until the person saves.
      this.warnOnce('the stored settings are not valid JSON; using the defaults until they are saved again');
      return DEFAULT_APP_SETTINGS;
    }
    const parsed = appSettingsSchema.safeParse(stored);
    if (!parsed.success) this.warnOnce(`the stored settings do not fit this version (${parsed.error.issues[0]?.path.join('.') ?? ''}); using the defaults`);
    return parsed.success ? parsed.data : DEFAULT_APP_SETTINGS;
  }

  private warned = false;

  private warnOnce(message: string): void {
    if (this.warned) return;
    this.warned = true;
    this.logger?.warn(message);
  }

  /**
   * `apiKey`: undefined keeps the stored key; null or "" removes it. A key is bound to the origin of the
   * base URL it is saved with: pointing Engram at another server never carries it along — the person types
   * it again for that server.
   */
  save(settings: AppSettings, apiKey: string | null | undefined, options: { allowInsecureKey?: boolean } = {}): void {
    const typed = apiKey === undefined ? undefined : apiKey === null || apiKey.trim() === '' ? null : apiKey.trim();
    if (typed) assertKeyMayTravel(settings.provider.baseURL, options.allowInsecureKey);
    const current = this.keyFor(settings.provider.baseURL);
    if (typed === undefined && current !== undefined) assertKeyMayTravel(settings.provider.baseURL, options.allowInsecureKey);
    this.storedOrigin(); // binds a key stored by an older version before the settings it belonged to change
    this.rows.set(KEY, JSON.stringify(settings));
    if (typed === null) {
      this.secrets.set(PROVIDER_API_KEY, null);
      this.secrets.set(PROVIDER_API_KEY_ORIGIN, null);
    } else if (typed !== undefined) {
      this.secrets.set(PROVIDER_API_KEY, typed);
      this.secrets.set(PROVIDER_API_KEY_ORIGIN, originOf(settings.provider.baseURL));
    }
    for (const listener of this.listeners) listener();
  }

  /** The stored key, only for a URL of the origin it was saved for. */
  keyFor(baseURL: string): string | undefined {
    const origin = originOf(baseURL);
    const stored = this.storedOrigin();
    return origin !== null && origin === stored ? this.secrets.get(PROVIDER_API_KEY) : undefined;
  }

  /** Where the stored key belongs. A key saved before keys were bound is bound to the server it was used with. */
  private storedOrigin(): string | null {
    const bound = this.secrets.get(PROVIDER_API_KEY_ORIGIN);
    if (bound !== undefined) return bound;
    if (this.secrets.get(PROVIDER_API_KEY) === undefined) return null;
    const origin = originOf(this.get().provider.baseURL);
    if (origin !== null) this.secrets.set(PROVIDER_API_KEY_ORIGIN, origin);
    return origin;
  }

  provider(): ResolvedProvider {
    const settings = this.get().provider;
    return { settings, apiKey: this.keyFor(settings.baseURL) };
  }

  publicView(): PublicSettings {
    const settings = this.get();
    return {
      ...settings,
      hasApiKey: this.keyFor(settings.provider.baseURL) !== undefined,
      apiKeyOrigin: this.secrets.get(PROVIDER_API_KEY) === undefined ? null : this.storedOrigin(),
      secretStorage: this.secrets.kind,
      presets: Object.values(PROVIDER_PRESETS),
    };
  }
}
