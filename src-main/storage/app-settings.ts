/** The app_settings table (migration 002): JSON values by key, for the provider settings and the MCP server. */
import type { WritableDB } from './db';
import { stmt } from './statements';

export interface AppSettingsRows {
  /** The stored JSON text, or undefined when the key was never saved. */
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

export function appSettingsRows(db: WritableDB): AppSettingsRows {
  return {
    get: (key) => (stmt(db, 'SELECT value FROM app_settings WHERE key = ?').get(key) as { value: string } | undefined)?.value,
    set: (key, value) => {
      stmt(db, 'INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
    },
  };
}
