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

/**
 * An Engram export checked against the fingerprint written with it (its Merkle root and leaves): `matches`; `changed`
 * (edited after it was exported: `rows` that do not match, the first few named); `none` (written before Engram
 * recorded fingerprints, or with the fingerprint taken out). An import says so; it still checks each row.
 */
export interface ExportFingerprintCheck {
  state: 'matches' | 'changed' | 'none';
  rows: number;
  examples: string[];
}

/**
 * What the person should be told of an export's fingerprint, in its preview (`applied` false) or once merged; null when
 * its memories, links and entities match (the tree covers those: chats and the review queue are checked row by row).
 */
export function fingerprintNotice(check: ExportFingerprintCheck, applied: boolean): string | null {
  if (check.state === 'matches') return null;
  if (check.state === 'none') {
    return 'This export carries no fingerprint (written before Engram recorded one, or taken out), so whether it was changed since cannot be checked.';
  }
  const rows = check.rows === 1 ? '1 row does' : `${check.rows} rows do`;
  const advice = applied
    ? 'It was merged, each row checked as usual; if you did not make that change, restore a backup from before this import.'
    : 'Each row is still checked, but import it only if you made the change.';
  return `This export was changed after it was written: ${check.rows > 0 ? `${rows} not match` : 'it does not match'} the fingerprint written with it${check.examples.length ? ` (${check.examples.join('; ')})` : ''}. ${advice}`;
}
