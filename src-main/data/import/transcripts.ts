/**
 * The project's own transcript formats (as `ingest` reads them, src-main/data/import/transcript-file.ts) as
 * importable conversations: a recall-eval session becomes a chat, a JSONL `session` becomes a chat.
 */
import { conversationEpisodes, type RecallConversation, type TranscriptEpisode } from './transcript-file';
import type { ImportedConversation } from './types';
import { contentHash, storableText } from './text';

const chatRole = (role: string): 'user' | 'assistant' => (role === 'assistant' ? 'assistant' : 'user');

/** Each session of a recall-eval conversation, keyed by conversation, session and turn id. */
export function recallConversations(conv: RecallConversation): ImportedConversation[] {
  const bySession = new Map<string, TranscriptEpisode[]>();
  for (const ep of conversationEpisodes(conv, `${conv.id}/`)) {
    const list = bySession.get(ep.sessionId) ?? [];
    list.push(ep);
    bySession.set(ep.sessionId, list);
  }
  return [...bySession].map(([sessionId, episodes]) => ({
    source: 'recall',
    key: `recall:${sessionId}`,
    title: sessionId,
    messages: episodes.flatMap((ep) => {
      const text = storableText(ep.content);
      if (!text) return [];
      const { turn_id: turnId, ...attributes } = ep.attributes;
      return [{ key: `recall:${sessionId}:${turnId ?? contentHash(ep.content)}`, role: chatRole(ep.role), text, time: ep.eventTime, attributes }];
    }),
  }));
}

/**
 * Consecutive JSONL lines of one session, as one conversation chunk. A line's key is its position among the
 * session's lines plus a hash of what it says, so a longer file of the same sessions adds only the new lines.
 */
export class JsonlGrouper {
  private readonly positions = new Map<string, number>();
  private current: ImportedConversation | null = null;

  /** Adds a line; returns the previous session's chunk when the session changes. */
  add(ep: TranscriptEpisode): ImportedConversation | null {
    const position = (this.positions.get(ep.sessionId) ?? 0) + 1;
    this.positions.set(ep.sessionId, position);
    let done: ImportedConversation | null = null;
    if (this.current && this.current.key !== `jsonl:${ep.sessionId}`) {
      done = this.current;
      this.current = null;
    }
    this.current ??= { source: 'jsonl', key: `jsonl:${ep.sessionId}`, title: ep.sessionId, messages: [] };
    const text = storableText(ep.content);
    if (text) {
      this.current.messages.push({ key: `jsonl:${ep.sessionId}:${position}:${contentHash(ep.role, text)}`, role: chatRole(ep.role), text, time: ep.eventTime });
    }
    return done;
  }

  finish(): ImportedConversation | null {
    const done = this.current;
    this.current = null;
    return done;
  }
}
