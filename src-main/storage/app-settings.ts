/**
 * The app_settings table (migration 002): JSON values by key, for the provider settings and the MCP server.
 * Bound to a connection with bindStore, code above storage gets `{ get, set }` and never the connection.
 */
import type { Store } from './bind';
import type { WritableDB } from './db';
import { stmt } from './statements';

/** The stored JSON text, or undefined when the key was never saved. */
export function get(db: WritableDB, key: string): string | undefined {
  return (stmt(db, 'SELECT value FROM app_settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

export function set(db: WritableDB, key: string, value: string): void {
  stmt(db, 'INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

export type AppSettingsRows = Store<{ get: typeof get; set: typeof set }>;
