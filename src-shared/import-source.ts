/** Where an imported conversation came from (chat_sessions.import_source); shared by storage, data and the UI. */
export const IMPORT_SOURCES = ['chatgpt', 'claude', 'jsonl', 'recall', 'engram'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * What the person says a file is, for `data.import`. `auto` reads conversation exports and transcripts by their
 * first bytes, but never loads an Engram export: that loads memory rows, so it has to be chosen by name.
 */
export const IMPORT_FORMATS = ['auto', 'conversations', 'jsonl', 'recall', 'engram-export'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How each format is named in the UI and in messages. */
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  auto: 'Detect from the file',
  conversations: 'ChatGPT or Claude export',
  jsonl: 'JSONL transcript',
  recall: 'Recall dataset',
  'engram-export': 'Engram JSON export',
};

/** Rows of one table of an Engram export refused for one reason (an import reports them, never drops them silently). */
export interface RejectedRows {
  table: string;
  reason: string;
  count: number;
  /** The id (or key) of the first such row, to find it in the file. */
  example: string;
}
