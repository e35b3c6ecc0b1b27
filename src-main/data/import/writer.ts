/**
 * Writes imported conversations: each becomes a chat (marked with its source) and a memory session whose
 * episodes keep the messages' own times. Messages already imported (by key) are skipped, so importing the
 * same export again adds nothing and a newer one adds only what is new. Conversations are written in batches:
 * a batch's chat rows and episodes commit in one transaction (`engine.recordEpisodesWith`).
 */
import { randomUUID } from 'node:crypto';
import { type MemoryEngine, timestampSchema } from '../../memory';
import type { ImportedConversation, ImportedMessage } from './types';
import { contentHash } from './text';
import { aheadOfClock, isAheadOfClock } from '../../../src-shared/clock';
import { chatSessionId } from '../../../src-shared/session-ids';

export interface ImportCounts {
  conversations: number;
  chatsCreated: number;
  chatsExtended: number;
  messagesAdded: number;
  messagesAlreadyThere: number;
}

interface PlannedChat {
  conversation: ImportedConversation;
  chatId: string;
  memorySessionId: string;
  isNew: boolean;
  nextSeq: number;
  messages: ImportedMessage[];
}

/**
 * Messages per transaction: large enough to amortise the commit, small enough to keep the app responsive. The
 * import runs on the engine's thread, so a call made meanwhile waits for the batch in hand: 2,000 held it ~210 ms
 * (p99), 250 ~50 ms, at the same ~8k messages/s.
 */
export const IMPORT_BATCH_MESSAGES = 250;

const MAX_KEPT_APART_LISTED = 20;

/** A conversation kept apart from the chat whose id it reuses, and why. */
export interface KeptApart {
  index: number | null;
  title: string;
  reason: string;
}

/** Why a conversation cannot be imported as it is (an impossible time, one after `now`, no text), or null. */
export function conversationProblem(conversation: ImportedConversation, now: number): string | null {
  if (conversation.messages.length === 0) return 'no user or assistant text to import';
  for (const [i, m] of conversation.messages.entries()) {
    const time = timestampSchema.safeParse(m.time);
    if (!time.success) return `message ${i + 1} has an impossible time (${m.time} ms: ${time.error.issues[0]?.message ?? 'out of range'})`;
    if (isAheadOfClock(m.time, now)) return `message ${i + 1} is ${aheadOfClock(m.time, now)}`;
  }
  return null;
}

/** The first and last time among messages: a loop, since Math.max(...times) overflows the stack at ~125k. */
export function messageTimeSpan(messages: readonly ImportedMessage[]): { first: number; last: number } {
  let first = Infinity;
  let last = -Infinity;
  for (const m of messages) {
    if (m.time < first) first = m.time;
    if (m.time > last) last = m.time;
  }
  return { first, last };
}

/** Where a chat of this import stands: its next position, and whether this run created it. */
interface ChatState {
  chatId: string;
  memorySessionId: string;
  nextSeq: number;
  /** The chat row exists (or, in a preview, would by now). */
  inserted: boolean;
  /** Counted once as created or extended. */
  counted: boolean;
}

export class ImportWriter {
  readonly counts: ImportCounts = { conversations: 0, chatsCreated: 0, chatsExtended: 0, messagesAdded: 0, messagesAlreadyThere: 0 };
  readonly keptApart: KeptApart[] = [];
  private keptApartCount = 0;
  private pending: ImportedConversation[] = [];
  private pendingMessages = 0;
  /** Memory sessions that got episodes (consolidation follows for these). */
  readonly sessionsTouched = new Set<string>();
  /** Chats this run wrote to (or, in a preview, would have), by conversation key. */
  private readonly chats = new Map<string, ChatState>();
  /** Message keys this run added (or would add): a message is never written twice. */
  private readonly messageKeys = new Set<string>();
  /** Fingerprint of the first conversation of each key in the file (whole-conversation formats). */
  private readonly firstOfKey = new Map<string, string>();

  /** `preview`: plan and count everything, write nothing. */
  constructor(
    private readonly engine: MemoryEngine,
    private readonly preview = false,
    /** The space imported chats, their episodes and what they teach go to (absent: Personal). */
    private readonly spaceId?: string,
  ) {}

  get keptApartTotal(): number {
    return this.keptApartCount;
  }

  /** Queue a conversation; returns true when a batch is full and `flush()` should run. */
  add(conversation: ImportedConversation): boolean {
    const own = this.ownIdentity(conversation);
    this.counts.conversations++;
    this.pending.push(own);
    this.pendingMessages += own.messages.length;
    return this.pendingMessages >= IMPORT_BATCH_MESSAGES;
  }

  /**
   * A conversation never merges into another one: a second conversation of a file under an id already used
   * in it, or one that reuses the id of a chat imported before without sharing any of its messages, becomes a
   * chat of its own (its keys are suffixed with a hash of what it says, so importing it again adds nothing). A
   * longer export of the same conversation shares its earlier messages and extends its chat as before. JSONL
   * chunks of one session are one conversation.
   */
  private ownIdentity(conversation: ImportedConversation): ImportedConversation {
    if (conversation.source !== 'jsonl') {
      const print = contentHash(...conversation.messages.flatMap((m) => [m.key, m.role, m.text]));
      const first = this.firstOfKey.get(conversation.key);
      if (first === undefined) this.firstOfKey.set(conversation.key, print);
      else if (first !== print) return this.apart(conversation, print, 'repeats the id of an earlier conversation in the file');
    }
    if (this.chats.has(conversation.key)) return conversation;
    if (this.engine.chatImports.findImportedChat(conversation.key) && !this.continuesImportedChat(conversation)) {
      const print = contentHash(...conversation.messages.flatMap((m) => [m.key, m.role, m.text]));
      return this.apart(conversation, print, 'has the id of a chat imported before but is not a continuation of it');
    }
    return conversation;
  }

  /** A longer export of an imported conversation repeats some of its messages, word for word, under their ids. */
  private continuesImportedChat(conversation: ImportedConversation): boolean {
    const stored = this.engine.chatImports.storedMessageTexts(conversation.messages.map((m) => m.key));
    return stored.size > 0 && conversation.messages.every((m) => !stored.has(m.key) || stored.get(m.key) === m.text);
  }

  private apart(conversation: ImportedConversation, print: string, why: string): ImportedConversation {
    this.keptApartCount++;
    if (this.keptApart.length < MAX_KEPT_APART_LISTED) {
      this.keptApart.push({ index: conversation.index ?? null, title: conversation.title, reason: `${why}: imported as a separate chat` });
    }
    const suffix = `~${print.slice(0, 12)}`;
    return { ...conversation, key: `${conversation.key}${suffix}`, messages: conversation.messages.map((m) => ({ ...m, key: `${m.key}${suffix}` })) };
  }

  /** Write what is queued, in one transaction (in a preview: only count it). */
  flush(): void {
    const batch = this.pending;
    this.pending = [];
    this.pendingMessages = 0;
    if (batch.length === 0) return;
    const rows = this.engine.chatImports;
    const now = this.engine.clock.now();
    const known = rows.existingMessageKeys(batch.flatMap((c) => c.messages.map((m) => m.key)));
    // Plan first (read-only); a conversation may appear twice in one batch (JSONL chunks of one session).
    const plans = new Map<string, PlannedChat>();
    for (const conversation of batch) {
      let plan = plans.get(conversation.key);
      if (!plan) {
        const state = this.chats.get(conversation.key) ?? this.chatState(conversation.key);
        plan = { conversation, chatId: state.chatId, memorySessionId: state.memorySessionId, isNew: !state.inserted, nextSeq: state.nextSeq, messages: [] };
        plans.set(conversation.key, plan);
        this.chats.set(conversation.key, state);
      }
      for (const m of conversation.messages) {
        if (known.has(m.key) || this.messageKeys.has(m.key)) {
          this.counts.messagesAlreadyThere++;
          continue;
        }
        this.messageKeys.add(m.key);
        plan.messages.push(m);
      }
    }
    const toWrite = [...plans.values()].filter((p) => p.messages.length > 0);
    for (const p of toWrite) {
      const state = this.chats.get(p.conversation.key) as ChatState;
      state.nextSeq += p.messages.length;
      state.inserted = true;
      // A chat this run created and a later chunk extends is still one new chat.
      if (!state.counted) {
        if (p.isNew) this.counts.chatsCreated++;
        else this.counts.chatsExtended++;
        state.counted = true;
      }
      this.counts.messagesAdded += p.messages.length;
    }
    if (toWrite.length === 0 || this.preview) return;
    this.write(toWrite, now);
    for (const p of toWrite) this.sessionsTouched.add(p.memorySessionId);
  }

  /** A chat imported before under this key, or the one this run will create. */
  private chatState(key: string): ChatState {
    const existing = this.engine.chatImports.findImportedChat(key);
    if (existing) return { chatId: existing.id, memorySessionId: existing.memorySessionId, nextSeq: existing.nextSeq, inserted: true, counted: false };
    const chatId = randomUUID();
    return { chatId, memorySessionId: chatSessionId(chatId, 1), nextSeq: 1, inserted: false, counted: false };
  }

  private write(toWrite: PlannedChat[], now: number): void {
    const rows = this.engine.chatImports;
    const episodes = toWrite.flatMap((p) =>
      p.messages.map((m) => ({
        content: m.text,
        sessionId: p.memorySessionId,
        role: m.role,
        eventTime: m.time,
        sourceType: 'import' as const,
        attributes: { import_source: p.conversation.source, import_key: m.key, ...m.attributes },
        ...(this.spaceId !== undefined ? { spaceId: this.spaceId } : {}),
      })),
    );
    this.engine.recordEpisodesWith(episodes, (ids) => {
      let i = 0;
      for (const p of toWrite) {
        const { first, last } = messageTimeSpan(p.messages);
        if (p.isNew) {
          rows.insertImportedChat({
            id: p.chatId,
            title: p.conversation.title,
            createdAt: first,
            lastActivityAt: last,
            source: p.conversation.source,
            importKey: p.conversation.key,
            memorySessionId: p.memorySessionId,
            spaceId: this.spaceId,
          });
        } else {
          rows.touchImportedChat(p.chatId, last, now);
        }
        let seq = p.nextSeq;
        // A reply answers the user message before it (so "retry" can write it again), as in a live chat.
        let lastUser: string | null = null;
        for (const m of p.messages) {
          const id = randomUUID();
          rows.insertImportedMessage({
            id,
            chatId: p.chatId,
            seq: seq++,
            role: m.role,
            content: m.text,
            memorySessionId: p.memorySessionId,
            episodeId: ids[i++] as string,
            replyTo: m.role === 'assistant' ? lastUser : null,
            time: m.time,
            importKey: m.key,
          });
          lastUser = m.role === 'user' ? id : null;
        }
        // The conversation is over: its memory session waits for consolidation.
        this.engine.markSessionCompleted(p.memorySessionId);
      }
    });
  }
}
