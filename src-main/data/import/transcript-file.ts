/**
 * Transcript import formats: the recall-evaluation JSON (conversations → sessions → turns, with questions)
 * and JSONL lines {"session","role","text","time"}. Both are fully validated before anything is written.
 */
import { z } from 'zod';
import { contentSchema, MemoryError } from '../../memory';
import { aheadOfClock, isAheadOfClock } from '../../../src-shared/clock';

const timeSchema = z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true, local: true }), z.iso.date()]);

/**
 * A role as transcripts from other tools write it: any case ("User", "ASSISTANT"), and the names other chat
 * formats use for the same two ("human" for the person; "ai", "bot", "model" for the assistant). Anything else
 * ("system", "tool", "narrator") is kept as written, and ingest says memory does not read it.
 */
const ROLE_NAMES: Readonly<Record<string, string>> = { user: 'user', human: 'user', me: 'user', assistant: 'assistant', ai: 'assistant', bot: 'assistant', model: 'assistant' };
export const readRole = (role: string): string => ROLE_NAMES[role.trim().toLowerCase()] ?? role.trim();
const roleSchema = z.string().trim().min(1).max(64).default('user').transform(readRole);

/** A turn of a messaging-app chat carries its own time (one message per turn); a tidy transcript's turns do not. */
export const recallTurnSchema = z.object({
  id: z.string().min(1),
  speaker: z.string().optional(),
  role: roleSchema,
  text: z.string(),
  time: timeSchema.optional(),
});

export const recallQuestionSchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  evidence: z.array(z.string()),
  category: z.union([z.string(), z.number()]).transform(String).default('general'),
});

export const recallDatasetSchema = z.object({
  name: z.string().default('unnamed'),
  conversations: z.array(
    z.object({
      id: z.string().min(1),
      sessions: z.array(
        z
          .object({
            id: z.string().min(1),
            started_at: z.iso.datetime({ offset: true, local: true }).or(z.iso.date()).optional(),
            turns: z.array(recallTurnSchema),
          })
          // A turn without its own time is placed after the session's start, so one of the two must be given.
          .refine((s) => s.started_at !== undefined || s.turns.every((t) => t.time !== undefined), {
            message: 'a session without started_at needs a time on every turn',
            path: ['started_at'],
          }),
      ),
      questions: z.array(recallQuestionSchema).default([]),
    }),
  ),
});
export type RecallDataset = z.output<typeof recallDatasetSchema>;
export type RecallConversation = RecallDataset['conversations'][number];

/** Spacing between consecutive turns of a session: event time = session start + position × this. */
export const TURN_SPACING_MS = 60_000;

export interface TranscriptEpisode {
  sessionId: string;
  role: string;
  content: string;
  eventTime: number;
  attributes: { [key: string]: string };
  /** The line gave no time, so it is dated when it was read (ingest says so). */
  undated?: boolean;
}

/**
 * A time as epoch ms. A number below 10^11 is read as Unix seconds: as milliseconds it would be before March 1973,
 * while 1700000000 (seconds) is November 2023 — what chat exports that write numbers mean.
 */
const epochMs = (time: number | string): number => (typeof time === 'number' ? (time < 1e11 ? time * 1000 : time) : Date.parse(time));

/** When a turn was said: its own time, else a minute per turn (its position) after its session's start. */
function turnTime(session: { started_at?: string | undefined }, turn: { time?: number | string | undefined }, position: number): number {
  if (turn.time !== undefined) return epochMs(turn.time);
  return (session.started_at !== undefined ? Date.parse(session.started_at) : 0) + position * TURN_SPACING_MS;
}

/**
 * Episodes of one conversation in order. Speakers are kept in the content ("Caroline: …") as in a transcript.
 * A turn's own time wins; otherwise it is placed at the session's start + its position × TURN_SPACING_MS.
 */
export function conversationEpisodes(conv: RecallConversation, sessionPrefix = ''): TranscriptEpisode[] {
  const out: TranscriptEpisode[] = [];
  for (const session of conv.sessions) {
    session.turns.forEach((turn, position) => {
      const text = turn.text.trim();
      if (!text) return;
      out.push({
        sessionId: `${sessionPrefix}${session.id}`,
        role: turn.role,
        content: turn.speaker ? `${turn.speaker}: ${text}` : text,
        eventTime: turnTime(session, turn, position),
        attributes: { turn_id: turn.id, ...(turn.speaker ? { speaker: turn.speaker } : {}), conversation_id: conv.id },
      });
    });
  }
  return out;
}

const jsonlLineSchema = z.object({
  session: z.string().min(1),
  role: roleSchema,
  /** Who said it, in a chat of several people: their words, not the app user's (as in a recall file's turns). */
  speaker: z.string().trim().min(1).max(200).optional(),
  text: contentSchema,
  time: timeSchema.optional(),
});

/** One JSONL line (1-based `lineNumber` for messages); null for a blank line. */
export function parseJsonlLine(line: string, lineNumber: number, now: number): TranscriptEpisode | null {
  if (!line.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    throw new MemoryError('invalid_input', `line ${lineNumber}: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const parsed = jsonlLineSchema.safeParse(value);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((iss) => `${iss.path.join('.') || 'line'}: ${iss.message}`).join('; ');
    throw new MemoryError('invalid_input', `line ${lineNumber}: ${detail}`);
  }
  const { session, role, speaker, text, time } = parsed.data;
  if (time !== undefined && isAheadOfClock(epochMs(time), now)) throw new MemoryError('invalid_input', `line ${lineNumber}: ${aheadOfClock(epochMs(time), now)}`);
  return {
    sessionId: session,
    role,
    content: speaker ? `${speaker}: ${text}` : text,
    eventTime: time === undefined ? now : epochMs(time),
    attributes: speaker ? { speaker } : {},
    ...(time === undefined ? { undated: true } : {}),
  };
}

/** A recall dataset's first turn dated after `now` (its own time, or its session's start), as an error. */
function refuseFutureTurns(dataset: RecallDataset, now: number): void {
  for (const conv of dataset.conversations) {
    for (const session of conv.sessions) {
      const where = `conversation ${conv.id}, session ${session.id}`;
      const start = session.started_at !== undefined ? Date.parse(session.started_at) : 0;
      if (isAheadOfClock(start, now)) throw new MemoryError('invalid_input', `${where}: started_at is ${aheadOfClock(start, now)}`);
      session.turns.forEach((turn, position) => {
        const time = turnTime(session, turn, position);
        if (!isAheadOfClock(time, now)) return;
        const placed = turn.time !== undefined ? '' : ` (it has no time of its own: placed ${TURN_SPACING_MS / 60_000} minute per turn after the session's started_at; give the turns their times)`;
        throw new MemoryError('invalid_input', `${where}, turn ${turn.id} (number ${position + 1}): ${aheadOfClock(time, now)}${placed}`);
      });
    }
  }
}

/** The roles memory reads as someone's words: the person's and Engram's (a turn with a `speaker` is that person's). */
const READ_ROLES: ReadonlySet<string> = new Set(['user', 'assistant']);

/**
 * What an ingest should tell about its episodes besides the count: turns whose role is neither "user" nor
 * "assistant" and that name no speaker (kept, but no one's words to learn from), and lines dated "now" because
 * they gave no time.
 */
export function transcriptNotices(episodes: readonly TranscriptEpisode[]): { unreadRoles: Record<string, number>; undated: number } {
  const unreadRoles: Record<string, number> = {};
  let undated = 0;
  for (const e of episodes) {
    if (!READ_ROLES.has(e.role) && !e.attributes.speaker) unreadRoles[e.role] = (unreadRoles[e.role] ?? 0) + 1;
    if (e.undated) undated++;
  }
  return { unreadRoles, undated };
}

export function parseJsonl(text: string, now: number): TranscriptEpisode[] {
  const out: TranscriptEpisode[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const episode = parseJsonlLine(line, i + 1, now);
    if (episode) out.push(episode);
  });
  return out;
}

export type ParsedTranscript =
  | { format: 'recall'; dataset: RecallDataset }
  | { format: 'jsonl'; episodes: TranscriptEpisode[] };

/** Recognise the format by content: a JSON object with `conversations` is the recall format, else JSONL. */
export function parseTranscriptFile(text: string, now: number): ParsedTranscript {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined; // a JSONL file also starts with "{"
    }
    if (value && typeof value === 'object' && 'conversations' in value) {
      const parsed = recallDatasetSchema.safeParse(value);
      if (!parsed.success) {
        const detail = parsed.error.issues
          .slice(0, 5)
          .map((iss) => `${iss.path.join('.')}: ${iss.message}`)
          .join('; ');
        throw new MemoryError('invalid_input', `not a valid recall dataset: ${detail}`);
      }
      refuseFutureTurns(parsed.data, now);
      return { format: 'recall', dataset: parsed.data };
    }
  }
  return { format: 'jsonl', episodes: parseJsonl(text, now) };
}
