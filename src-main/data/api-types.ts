/** Shapes the data calls answer with (types only: the API contract imports them into the preload bundle). */
import type { ExportFingerprintCheck, ImportFormat, RejectedRows } from '../../src-shared/import-source';

export interface ImportResult {
  /** Nothing was written: the counts say what importing would add, skip and refuse. */
  preview: boolean;
  /** What the file was read as: the format chosen, or the one detected. */
  format: ImportFormat;
  files: { name: string; format: string }[];
  sources: string[];
  conversations: number;
  chatsCreated: number;
  chatsExtended: number;
  messagesAdded: number;
  messagesAlreadyThere: number;
  skippedCount: number;
  skipped: { index: number; reason: string }[];
  elapsedMs: number;
  messagesPerSecond: number;
  /** Conversations that reused another's id and became chats of their own (first 20). */
  keptApart: { index: number | null; title: string; reason: string }[];
  keptApartCount: number;
  /** Engram export: rows added per table, rows already there, rows refused and why (settings always are). */
  restored?: Record<string, number>;
  alreadyThere?: Record<string, number>;
  rejected?: RejectedRows[];
  /** Engram export: facts of the file and of this memory that replace each other, settled as versions (the older ended). */
  settledVersions?: number;
  /** Engram export: whether the file is as it was exported (its fingerprint), said before and after it is applied. */
  fingerprint?: ExportFingerprintCheck;
  /** Memory sessions handed to consolidation (it runs in the background; see writepath.progress). */
  sessionsToConsolidate: number;
}

export interface ExportResult {
  format: 'json' | 'markdown';
  path: string;
  /** JSON sealed with a passphrase (data/export/sealed.ts). */
  encrypted?: boolean;
  /** JSON: rows per table; Markdown: files written. */
  rows?: Record<string, number>;
  files?: number;
  entities?: number;
  facts?: number;
}

export interface BackupEntry {
  path: string;
  bytes: number;
  createdAt: number;
}

export interface BackupList {
  folder: string;
  backups: BackupEntry[];
}

export interface RestoreSummary {
  restoredFrom: string;
  keptAt: string;
  schemaVersion: number;
  episodes: number;
  chats: number;
}

/** How the memory is protected (Settings → Encryption; data/memory-encryption.ts). */
export interface EncryptionStatus {
  encrypted: boolean;
  /** The key file (engram.key beside the memory), when encrypted. */
  keyFile: string | null;
  /** The ways its key file opens: the key itself (`file`), the system keychain, a passphrase. */
  slots: ('file' | 'keychain' | 'passphrase')[];
  /** Whether this process can use the system keychain (the desktop app where the OS keyring encrypts). */
  keychain: boolean;
}

/** Progress of a long data operation, pushed as `data.progress`. */
export interface DataProgress {
  operation: 'import' | 'export' | 'backup' | 'restore' | 'encrypt';
  phase: 'running' | 'done' | 'failed';
  percent: number;
  message: string;
}
