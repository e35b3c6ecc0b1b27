/** Shapes the data calls answer with (types only: the API contract imports them into the preload bundle). */

export interface ImportResult {
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
  restored?: Record<string, number>;
  /** Memory sessions handed to consolidation (it runs in the background; see writepath.progress). */
  sessionsToConsolidate: number;
}

export interface ExportResult {
  format: 'json' | 'markdown';
  path: string;
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

/** Progress of a long data operation, pushed as `data.progress`. */
export interface DataProgress {
  operation: 'import' | 'export' | 'backup' | 'restore';
  phase: 'running' | 'done' | 'failed';
  percent: number;
  message: string;
}
