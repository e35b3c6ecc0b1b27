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

  it('says nothing of what was taken back', async () => {
    for (const text of ['i have a girlfriend\nwell, had', 'my boyfriend tom... well ex now', 'my gf is called amy... sorry, ex gf. we split in sept', 'i quit smoking\nwell, trying to']) {
      expect((await facts(text)).filter((f) => f.slot !== 'user.partner' || !f.value?.startsWith('ended:')), text).toEqual([]);
    }
    // Taken back, and the clause after read as said.
    expect((await facts("i'm a nurse. or was, i'm a midwife now")).map((f) => f.value)).toEqual(['midwife']);
  });

  it('leaves apologies, afterthoughts and stars that are no correction as they were', () => {
    for (const text of [
      'i quit my job. sorry boss',
      'i eat meat again\nsorry cows',
      'started drinking coffee again, sorry tea gang',
      'i live in leeds. sorry for the late reply',
      "i'm late sorry!!",
      'i work at tesco. actually i love it',
      'i love my job. well, most days',
      "i'm totally vegan lol *eats burger*",
      'i *love* it here',
      "i'm from york originally, well, nearby",
      'sorry, i live in york',
      'i live in leeds actually',
    ]) {
      expect(selfCorrected(text), text).toBe(text);
    }
  });
});
