/**
 * What memory hands to the layers above it instead of the database connection: stores bound to it, their
 * types, and the few storage facts they need (the schema version a backup or export records, the check of a
 * file before it is restored). Code outside memory/ imports these from here, never from storage/.
 */
import type { Store } from '../storage/bind';
import type * as chatImportRows from '../storage/chat-import-rows';
import type * as chatRepo from '../storage/chat-repo';

export type ChatStore = Store<typeof chatRepo>;
export type ChatImportStore = Store<typeof chatImportRows>;
export type { AppSettingsRows } from '../storage/app-settings';
export type { MessagePatch } from '../storage/chat-repo';
export type { WaitForLockOptions } from '../storage/write-tx';
export { checkDatabaseFile, type DatabaseCheck } from '../storage/file-check';
/** The schema version this Engram writes (PRAGMA user_version after the last migration). */
export { LATEST_VERSION as SCHEMA_VERSION } from '../storage/migration-runner';
