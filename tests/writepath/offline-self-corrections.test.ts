/**
 * Issue 24, offline reading of messages that put themselves right ("i work at tesco. sorry, aldi", "i have 2 dogs\nactually
 * 3 now lol"): the fact is what the speaker corrected it to, and what they took back ("well, had", "ex now") is no fact.
 * Found by a blind review of 825 messages (session 26): the first thing said was always kept.
 */
import { describe, expect, it } from 'vitest';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { selfCorrected } from '../../src-main/writepath/nlp/self-corrections';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';

const USER: Speaker = { name: 'User', isUser: true };
const SAID_AT = Date.parse('2026-11-25T09:00:00Z'); // a Wednesday

async function facts(text: string): Promise<{ content: string; slot: string | null; value: string | null }[]> {
  return readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => ({ content: s.content, slot: s.slot, value: s.value }));
}

describe('a message that corrects itself', () => {
  it('keeps the name, place or state it was corrected to, whatever the cue', async () => {
    const cases: [string, string, string][] = [
      ['i work at tesco. sorry, aldi. brain fog lol', 'user.employer', 'aldi'],
      ['i live in leeds. sorry, wakefield', 'user.residence', 'wakefield'],
      ['i work at asda. sorry i mean lidl', 'user.employer', 'lidl'],
      ['my name is jo. sorry, jen lol typo', 'user.name', 'jen'],
      ['i live in york. i mean leeds', 'user.residence', 'leeds'],
      ['i live in york, i mean leeds', 'user.residence', 'leeds'],
      ['i live in york... leeds*', 'user.residence', 'leeds'],
      ['i live in leeds, actually york', 'user.residence', 'york'],
      ['i work at tesco actually no aldi', 'user.employer', 'aldi'],
      ['i work at mnozo lol monzo*', 'user.employer', 'monzo'],
      ["i'm vegan, i mean vegetarian", 'user.diet', 'vegetarian'],
      ["i'm vegetarian. well pescatarian tbh, i still eat fish", 'user.diet', 'pescatarian'],
      ['we moved to porto? nah lisbon', 'user.residence', 'lisbon'],
      ['i live in manchester\nwell salford technically', 'user.residence', 'salford'],
      ["i'm 41, i mean 42", 'user.age', '42'],
      ["i'm 32\nactually 33 lol forgot my own bday", 'user.age', '33'],
      ["my wife kate, sorry i mean my partner kate, we're not married", 'user.partner', 'kate'],
    ];
    for (const [text, slot, value] of cases) {
      const said = (await facts(text)).filter((f) => f.slot === slot);
      expect(said.map((f) => f.value), text).toEqual([value]);
    }
    // ("bath" in lower case is no place the reader knows; the words are put right all the same.)
    expect(selfCorrected('we live in bristol - sorry, bath. always mix them up lol')).toBe('we live in bath. always mix them up lol');
    expect(selfCorrected("i'm a teacher, well a TA")).toBe("i'm a TA");
    expect((await facts("i'm a teacher, well a TA")).filter((f) => f.value === 'teacher')).toEqual([]);
    expect(await facts('i have 2 dogs\nactually 3 now lol')).toMatchObject([{ content: 'User has 3 dogs' }]);
    expect(await facts("i've got 2 cats, sorry i mean 2 rabbits lol autocorrect")).toMatchObject([{ content: 'User has 2 rabbits' }]);
    expect(await facts('i have a cat, i mean a dog')).toMatchObject([{ content: 'User has a dog' }]);
    expect((await facts("my husband dave\nwell, boyfriend, we're not married yet")).map((f) => f.content)).toEqual(["Dave is the user's boyfriend"]);
  });

  it('puts a year or a month right in the time it corrects, so the fact is dated as corrected', async () => {
    const dated = async (text: string): Promise<{ content: string; day: string | null }[]> =>
      readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => ({ content: s.content, day: s.eventTime === null ? null : new Date(s.eventTime).toISOString().slice(0, 10) }));
    for (const text of ['i moved to leeds in 2019. actually 2018', 'i moved to leeds in 2019, i mean 2018', 'i moved to leeds in 2019 - no wait, 2018']) {
      expect(await dated(text), text).toEqual([{ content: 'User lives in Leeds', day: '2018-01-01' }]);
    }
    expect(await dated('been vegan since may, i mean june')).toEqual([{ content: 'User has been vegan since June', day: '2026-06-01' }]);
    expect(selfCorrected('i moved to leeds in 2019. actually 2018 was when i bought the house')).toBe('i moved to leeds in 2019. actually 2018 was when i bought the house');
    // A name after the time still replaces the name.
    expect(selfCorrected('i work at tesco since march, i mean aldi')).toBe('i work at aldi since march');
  });

  it('says nothing of what was taken back', async () => {
    for (const text of ['i have a girlfriend\nwell, had', 'my boyfriend tom... well ex now', 'my gf is called amy... sorry, ex gf. we split in sept', 'i quit smoking\nwell, trying to', "i'm single\nish. it's complicated", "i'm vegan\nkinda"]) {
      expect((await facts(text)).filter((f) => f.slot !== 'user.partner' || !f.value?.startsWith('ended:')), text).toEqual([]);
    }
    // Taken back, and the clause after read as said.
    expect((await facts("i'm a nurse. or was, i'm a midwife now")).map((f) => f.value)).toEqual(['midwife']);
    // A hedge is a line of its own; a line that goes on after it is no hedge.
    expect((await facts('i moved to leeds\nmaybe 2 years ago')).map((f) => f.value)).toEqual(['leeds']);
  });

  it('leaves apologies and afterthoughts that are no correction as they were', () => {
    for (const text of [
      'i quit my job. sorry boss',
      'i eat meat again\nsorry cows',
      'started drinking coffee again, sorry tea gang',
      'i live in leeds. sorry for the late reply',
      "i'm late sorry!!",
      'i work at tesco. actually i love it',
      'i love my job. well, most days',
      "i'm from york originally, well, nearby",
      'sorry, i live in york',
      'i live in leeds actually',
    ]) {
      expect(selfCorrected(text), text).toBe(text);
    }
  });

  it('after a second review: "i mean" before a clause, an apology to someone, "no," and "oops i meant", a time after the words', async () => {
    // "i mean" before a clause goes on talking; a hedge after it qualifies. The fact stays.
    for (const text of ["i live in york, i mean it's a nice city", "i live in york. i mean, it's ok", 'i live in york, i mean i love it']) {
      expect((await facts(text)).map((f) => f.value), text).toEqual(['york']);
    }
    for (const text of ["i'm vegan, i mean mostly", "i'm 30, i mean roughly", "i'm 41, i mean, whatever", 'i work at monzo, i mean technically']) expect(selfCorrected(text), text).toBe(text);
    // "sorry" to someone, or with a word of another kind, corrects nothing.
    const kept: [string, string][] = [
      ['i work at tesco. sorry, tom', 'tesco'],
      ['i work at tesco. sorry, leeds', 'tesco'],
      ['i live in leeds. sorry, tesco', 'leeds'],
      ['i work at tesco. sorry, brb', 'tesco'],
      ['i work at tesco. sorry, hun', 'tesco'],
    ];
    for (const [text, value] of kept) expect((await facts(text)).map((f) => f.value), text).toEqual([value]);
    const corrected: [string, string][] = [
      ['i live in cardiff, no, swansea', 'swansea'],
      ['we live in oslo. nope, bergen', 'bergen'],
      ['i live in paris. oops i meant lyon', 'lyon'],
      ['my name is tom\nsorry tomas', 'tomas'],
      ["i'm 41. no 42", '42'],
    ];
    for (const [text, value] of corrected) expect((await facts(text)).map((f) => f.value), text).toEqual([value]);
    expect(selfCorrected("i'm 41, no kids")).toBe("i'm 41, no kids");
    expect(selfCorrected('i work at tesco since march, i mean aldi')).toBe('i work at aldi since march');
    expect(selfCorrected('im a plumber. i mean electrician')).toBe('im an electrician');
    expect(selfCorrected('i have 4 siblings. wait, 5')).toBe('i have 5 siblings');
  });

  it("reads stars the chat's way: an action goes, a stressed word stays, a starred number puts one right", async () => {
    const cases: [string, string][] = [
      ['*sigh* i live in leeds', 'leeds'],
      ['i live in *leeds*', 'leeds'],
      ['i work at *checks notes* monzo', 'monzo'],
      ["i'm vegan *gasp*", 'vegan'],
      ['i live in leeds *shrugs* i mean york', 'york'],
    ];
    for (const [text, value] of cases) expect((await facts(text)).map((f) => f.value), text).toEqual([value]);
    expect(await facts('i have 2 dogs\n3*')).toMatchObject([{ content: 'User has 3 dogs' }]);
    expect(await facts("i'm 41\n*42")).toMatchObject([{ value: '42' }]);
    expect(await facts('i have 2* dogs')).toMatchObject([{ content: 'User has 2 dogs' }]);
  });
});
