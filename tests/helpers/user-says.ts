/**
 * The offline reader on one message of the user's, said on Wednesday 2026-11-25 at 09:00 UTC, as the review tests
 * read it: each statement's text, slot, value and day (null: no time of its own).
 */
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';

export const USER: Speaker = { name: 'User', isUser: true };
export const SAID_AT = Date.parse('2026-11-25T09:00:00Z');

export interface ReadStatement {
  content: string;
  slot: string | null;
  value: string | null;
  day: string | null;
}

export async function read(text: string): Promise<ReadStatement[]> {
  return readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => ({
    content: s.content,
    slot: s.slot,
    value: s.value,
    day: s.eventTime === null ? null : new Date(s.eventTime).toISOString().slice(0, 10),
  }));
}

/** The first statement read, if any. */
export const first = async (text: string): Promise<ReadStatement | undefined> => (await read(text))[0];
