/**
 * "New memories: remember at once / ask me first", per source, stored with the app settings (key `review`).
 * A stored value that is damaged or from an older shape reads as the defaults for what it lacks.
 */
import type { Database } from 'better-sqlite3';
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings, type ReviewSource } from '../../../src-shared/review-types';
import { get, set } from '../../storage/app-settings';
import { readJsonColumn } from '../../storage/json-column';
import { parseInput } from '../schemas';
import { reviewSettingsPatchSchema, type ReviewSettingsPatch } from './schemas';
import { isMcpSession } from '../../../src-shared/session-ids';
import { stmt } from '../repo/statements';

export const REVIEW_SETTINGS_KEY = 'review';

export function readReviewSettings(db: Database): ReviewSettings {
  const text = get(db, REVIEW_SETTINGS_KEY);
  if (text === undefined) return { ...DEFAULT_REVIEW_SETTINGS };
  const parsed = reviewSettingsPatchSchema.safeParse(readJsonColumn(text, {}));
  return { ...DEFAULT_REVIEW_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

/** Saves the sources named in `patch`; the others keep their setting. */
export function saveReviewSettings(db: Database, patch: ReviewSettingsPatch): ReviewSettings {
  const next = { ...readReviewSettings(db), ...parseInput(reviewSettingsPatchSchema, patch) };
  set(db, REVIEW_SETTINGS_KEY, JSON.stringify(next));
  return next;
}

export function requiresReview(db: Database, origin: ReviewSource): boolean {
  return readReviewSettings(db)[origin] === 'ask_first';
}

/**
 * Which source a memory session's facts come from: another app's conversation over MCP, an imported
 * conversation (its episodes are recorded with source `import`), else the person's own chat.
 */
export function originOfSession(db: Database, sessionId: string): ReviewSource {
  if (isMcpSession(sessionId)) return 'mcp';
  const imported = stmt(db, `SELECT 1 FROM nodes WHERE session_id = ? AND type = 'episodic' AND source_type = 'import' LIMIT 1`).get(sessionId);
  return imported ? 'import' : 'chat';
}
