/**
 * Session 26's blind review of the offline reader (825 messages): an employer followed by a chat's filler or a question
 * back, a costume and a cover story that are no job or home, a judgement that is no occupation, and a present said
 * "since" a time.
 */
import { describe, expect, it } from 'vitest';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';

const USER: Speaker = { name: 'User', isUser: true };
const SAID_AT = Date.parse('2026-11-25T09:00:00Z');

async function read(text: string): Promise<{ content: string; slot: string | null; value: string | null }[]> {
  return readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => ({ content: s.content, slot: s.slot, value: s.value }));
}

describe("review 37's findings", () => {
  it('reads an employer typed in lower case before a filler, an emoji or a question back', async () => {
    for (const text of ['i work at monzo tbh', 'i work at monzo ngl', 'i work at monzo atm', 'i work at monzo, do u?', 'i work at tesco, you?', "hi! i'm jo, i live in leeds and i work at monzo 😊"]) {
      expect((await read(text)).filter((f) => f.slot === 'user.employer').map((f) => f.content), text).toEqual([`User works at ${/tesco/.test(text) ? 'Tesco' : 'Monzo'}`]);
    }
    expect(await read("i'm a nurse, hbu?")).toMatchObject([{ slot: 'user.occupation', value: 'nurse' }]);
    expect(await read('i work as a designer at monzo')).toMatchObject([{ content: 'User works as a designer at Monzo' }]);
  });

  it('says a present that has held since a time as one ("User has worked at Monzo since March")', async () => {
    expect(await read('i work at monzo since march')).toMatchObject([{ content: 'User has worked at Monzo since March', slot: 'user.employer' }]);
    expect(await read('divorced from steve since 2019')).toMatchObject([{ content: 'User has been divorced from Steve since 2019' }]);
    expect(await read("i've been vegan since may")).toMatchObject([{ content: 'User has been vegan since May' }]);
  });

  it('takes no costume, cover story, curiosity or judgement for a job, a home or a habit', async () => {
    for (const text of ["i'm a nurse for halloween", 'dressed as a pirate, i am a pirate now', 'if anyone asks, i live in leeds', 'if my mum asks i was at yours', "i'm sober curious", "i'm a walking disaster", "i'm a people pleaser"]) {
      expect((await read(text)).filter((f) => f.slot !== null), text).toEqual([]);
    }
    // "asks" with its own object is no cover story.
    expect((await read("my cousin Meera is going to help if anyone asks awkward questions. I'm a nurse")).map((f) => f.value)).toEqual(['cousin', 'nurse']);
  });
});
