/**
 * What the offline reader makes of one message of the user's: each statement of what holds, with its text, slot, value
 * and day. A move or a job planned is kept as a plan (`user.plan.*`, nlp/planned-changes.ts): `planned` reads those.
 */
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';
import { planSlot } from '../../src-main/writepath/nlp/planned-changes';

const USER: Speaker = { name: 'User', isUser: true };
/** When the offline tests say their messages: a Wednesday. */
export const SAID_AT = Date.parse('2026-11-25T09:00:00Z');

export async function slotted(text: string, at = SAID_AT): Promise<{ content: string; slot: string | null; value: string | null; day: string | null }[]> {
  return (await read(text, at)).filter((s) => !planSlot(s.slot));
}

/** The plans one message of the user's states: text, slot, value and the day they are due. */
export async function planned(text: string, at = SAID_AT): Promise<{ content: string; slot: string | null; value: string | null; due: string | null }[]> {
  return readStatements(await winkAnalyzer(), text, USER, at)
    .filter((s) => planSlot(s.slot))
    .map((s) => ({ content: s.content, slot: s.slot, value: s.value, due: s.due === undefined ? null : new Date(s.due).toISOString().slice(0, 10) }));
}

async function read(text: string, at: number): Promise<{ content: string; slot: string | null; value: string | null; day: string | null }[]> {
  return readStatements(await winkAnalyzer(), text, USER, at).map((s) => ({
    content: s.content,
    slot: s.slot,
    value: s.value,
    day: s.eventTime === null ? null : new Date(s.eventTime).toISOString().slice(0, 10),
  }));
}
