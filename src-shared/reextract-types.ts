/**
 * Re-extract by session (issue 23): the write path runs again on a session's messages (after connecting a
 * better model, say) and the difference with what memory holds from that session is shown before anything is
 * applied. Shared by the write path, the API contract, the CLI and the renderer.
 */

export interface ReextractItem {
  id: string;
  content: string;
}

/** A fact of the session whose new reading says something else: the new text supersedes it (history kept). */
export interface ReextractChange {
  old: ReextractItem;
  content: string;
}

/** A fact the new reading finds that the session did not teach. */
export interface ReextractAddition {
  content: string;
  /** What it does beyond this session: supersedes or adds support to another memory (null: a new fact). */
  note: string | null;
}

export interface ReextractPreview {
  /** Names this preview for its apply: exactly what is shown is applied, never a second model run. */
  previewId: string;
  sessionId: string;
  mode: 'llm' | 'offline';
  model: string | null;
  episodes: number;
  /** Facts the new reading finds again: kept as they are. */
  unchanged: ReextractItem[];
  changed: ReextractChange[];
  added: ReextractAddition[];
  /** Facts only this session supports that the new reading does not find: forgotten (restorable). */
  dropped: ReextractItem[];
  /** Facts other sources also support that the new reading does not find: kept, without this session's support. */
  losingSupport: ReextractItem[];
  /** Older versions the dropped facts had superseded: current again. */
  currentAgain: ReextractItem[];
  /** Items of the extraction left out, with the reason. */
  leftOut: string[];
  /** New and changed facts wait for the person's review (the session's source asks first). */
  review: boolean;
  /** Whether applying would change anything. */
  empty: boolean;
}

/** An applied re-extract: `retractionId` undoes all of it at once (memory.undoRetract). */
export interface ReextractResult {
  retractionId: string;
  sessionId: string;
  added: number;
  changed: number;
  dropped: number;
  losingSupport: number;
  unchanged: number;
  /** Proposals waiting for review instead of facts remembered. */
  proposed: number;
}
