/** Where an imported conversation came from (chat_sessions.import_source); shared by storage, data and the UI. */
export const IMPORT_SOURCES = ['chatgpt', 'claude', 'jsonl', 'recall', 'engram'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
