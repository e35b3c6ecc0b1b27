/**
 * `remember_conversation`: another app's conversation recorded as episodes, like a chat in Engram, in a memory
 * session named after the client; the session is then marked completed so the write path distils it.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { McpMemory } from './memory-port';
import { MemoryError, recordEpisodeSchema } from '../memory';
import type { JsonObject, SourceType } from '../../src-shared/memory-types';
import { mcpSessionId } from '../../src-shared/session-ids';
import { aheadOfClock, isAheadOfClock } from '../../src-shared/clock';

export const MAX_TURNS = 200;

export const conversationSchema = z.object({
  turns: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']).describe('Who said it: "user" (the person) or "assistant" (you)'),
        text: z.string().min(1).max(20_000).describe('What was said, verbatim or lightly trimmed'),
        time: z.string().max(100).optional().describe('When it was said, ISO 8601 (e.g. "2026-03-01T14:05:00Z"); default now'),
      }),
    )
    .min(1)
    .max(MAX_TURNS)
    .describe('The turns in the order they happened'),
  conversation_id: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'use letters, digits, "-", "_" or "." (at most 64)')
    .optional()
    .describe('Pass the conversation_id a previous call returned to add later turns of the same conversation'),
});
export type ConversationInput = z.output<typeof conversationSchema>;

export type ConversationRecorded = JsonObject & {
  session_id: string;
  conversation_id: string;
  recorded: number;
  episode_ids: string[];
  consolidation: string;
};

function parseTime(time: string | undefined, index: number, now: number): number {
  if (time === undefined) return now;
  const ms = Date.parse(time);
  if (Number.isNaN(ms)) throw new MemoryError('invalid_input', `turns.${index}.time: not a date: ${JSON.stringify(time)}`);
  // (The hot path refuses it too, but turn by turn: the turns before it would be recorded.)
  if (isAheadOfClock(ms, now)) throw new MemoryError('invalid_input', `turns.${index}.time: ${aheadOfClock(ms, now)}`);
  return ms;
}


export async function recordConversation(
  memory: McpMemory,
  input: ConversationInput,
  client: string,
  sourceType: SourceType,
  /** The space the client is bound to: the conversation and what it teaches go there. */
  spaceId?: string,
): Promise<ConversationRecorded> {
  const now = memory.clock.now();
  // Validate every turn before recording any, so a bad call records nothing.
  const times = input.turns.map((t, i) => parseTime(t.time, i, now));
  const conversationId = input.conversation_id ?? `${new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-')}-${randomBytes(3).toString('hex')}`;
  const sessionId = mcpSessionId(client, conversationId);
  // Each turn as the engine will check it (empty text, a time before 1970, a NUL…), named by its place.
  input.turns.forEach((turn, i) => {
    const checked = recordEpisodeSchema.safeParse({ content: turn.text, sessionId, role: turn.role, eventTime: times[i] ?? now, sourceType });
    const issue = checked.success ? undefined : checked.error.issues[0];
    if (issue) throw new MemoryError('invalid_input', `turns.${i}.${issue.path[0] === 'content' ? 'text' : issue.path[0] === 'eventTime' ? 'time' : String(issue.path[0] ?? '')}: ${issue.message}`);
  });
  const existing = memory.getSession(sessionId);
  // A conversation continued from another space would teach that space: refused, and not revealed.
  if (spaceId !== undefined && existing && existing.spaceId !== spaceId) {
    throw new MemoryError('conflict', `conversation_id ${JSON.stringify(conversationId)} is taken: choose another`);
  }
  const ids = input.turns.map((turn, i) =>
    memory.recordEpisode({
      content: turn.text,
      sessionId,
      role: turn.role,
      eventTime: times[i] ?? now,
      sourceType,
      attributes: { origin: sourceType, mcp_client: client },
      ...(spaceId !== undefined ? { spaceId } : {}),
    }),
  );
  await memory.flush();
  memory.markSessionCompleted(sessionId);
  return {
    session_id: sessionId,
    conversation_id: conversationId,
    recorded: ids.length,
    episode_ids: ids,
    consolidation: 'queued: Engram distils facts from these turns in the background',
  };
}
