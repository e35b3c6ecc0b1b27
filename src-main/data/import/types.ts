/** What every import format is turned into before it is written: conversations of user/assistant messages. */

import type { ImportSource } from '../../../src-shared/import-source';

export { IMPORT_SOURCES, type ImportSource } from '../../../src-shared/import-source';

export interface ImportedMessage {
  /** Stable across exports of the same history (the export's own id, or a content hash): re-import adds 0. */
  key: string;
  role: 'user' | 'assistant';
  text: string;
  /** When it was said, epoch ms. */
  time: number;
  /** Kept on the episode (e.g. the speaker of a transcript turn). */
  attributes?: Record<string, string>;
}

export interface ImportedConversation {
  source: ImportSource;
  /** Stable key of the conversation; the chat it becomes carries it. */
  key: string;
  title: string;
  messages: ImportedMessage[];
  /** Position in the file's array of conversations (ChatGPT, Claude), for reports. */
  index?: number;
}

/** A conversation the reader could not use, with the reason (reported, never fatal for the rest). */
export interface SkippedConversation {
  index: number;
  reason: string;
}
