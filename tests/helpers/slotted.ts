/** What the offline reader makes of one message of the user's: each statement's text, slot, value and day. */
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';

const USER: Speaker = { name: 'User', isUser: true };
/** When the offline tests say their messages: a Wednesday. */
export const SAID_AT = Date.parse('2026-11-25T09:00:00Z');

export async function slotted(text: string, at = SAID_AT): Promise<{ content: string; slot: string | null; value: string | null; day: string | null }[]> {
  return readStatements(await winkAnalyzer(), text, USER, at).map((s) => ({
    content: s.content,
    slot: s.slot,
    value: s.value,
    day: s.eventTime === null ? null : new Date(s.eventTime).toISOString().slice(0, 10),
  }));
}
