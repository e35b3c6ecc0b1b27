/** One chat consolidated offline into a real memory, and the facts it left, for the reader's tests. */
import { expect } from 'vitest';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { ManualClock, openTestEngine } from './temp-engine';

export interface ChatFact {
  content: string;
  slot: string | null;
  value: string | null;
  current: boolean;
  /** The day it holds from (its valid-from, else when it happened), as YYYY-MM-DD. */
  day: string;
  /** How many episodes it cites. */
  sources: number;
}

/** When the chats are sent: 2026-11-25, 09:00 UTC. */
export const CHAT_SENT = Date.parse('2026-11-25T09:00:00Z');

/** Consolidates one chat: each message a minute after the last; "A: …" is the assistant's. */
export async function offlineChat(...messages: string[]): Promise<ChatFact[]> {
  const clock = new ManualClock(CHAT_SENT);
  const { engine } = openTestEngine({ clock });
  for (const m of messages) {
    const assistant = m.startsWith('A: ');
    engine.recordEpisode({ sessionId: 's', role: assistant ? 'assistant' : 'user', content: assistant ? m.slice(3) : m });
    clock.t += 60_000;
  }
  await engine.flush();
  const outcome = await consolidateSession(engine, new OfflineExtractor(), 's');
  expect(outcome.status, outcome.error ?? '').toBe('consolidated');
  return engine.listNodes({ types: ['semantic', 'opinion'], includeInvalid: true }).items.map((n) => ({
    content: n.content,
    slot: typeof n.attributes.slot === 'string' ? n.attributes.slot : null,
    value: typeof n.attributes.value === 'string' ? n.attributes.value : null,
    current: n.validUntil === null,
    day: new Date(n.validFrom ?? n.eventTime).toISOString().slice(0, 10),
    sources: engine.getNode(n.id).derivedFrom.length,
  }));
}
