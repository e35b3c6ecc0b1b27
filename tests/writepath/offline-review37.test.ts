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

  it('ends an object at an emoji the thought ends with, not at one inside a list', async () => {
    expect((await read('passed my probation 😎 permanent contract from 1st march, and a small raise')).map((f) => f.content)).toEqual(['User passed their probation']);
    expect((await read('just got hired at Pret 😅 starting tomorrow')).map((f) => f.content)).toEqual(['User got hired at Pret']);
    expect((await read('i love sushi 🍣 and ramen')).map((f) => f.content)).toEqual(['User loves sushi and ramen']);
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

describe('a home or job then, and the one now, said without "I"', () => {
  it('reads the one now as the current home or job, and the one then as over', async () => {
    const slots = async (text: string): Promise<[string | null, string | null][]> => (await read(text)).map((f) => [f.slot, f.value]);
    expect(await slots('used to live in paris\nnow in lyon')).toEqual([['user.residence', 'ended:paris'], ['user.residence', 'lyon']]);
    expect(await slots('was at tesco for 5 yrs\nnow at aldi')).toEqual([['user.employer', 'aldi']]);
    expect(await slots('ex-amazon, now at shopify')).toEqual([['user.employer', 'ended:amazon'], ['user.employer', 'shopify']]);
    expect(await slots('hey\nused to live in paris\nnow in lyon')).toEqual([['user.residence', 'ended:paris'], ['user.residence', 'lyon']]);
    expect(await slots('from glasgow originally\nlive in london now')).toEqual([['user.residence', 'london']]);
    expect(await slots('i lived in tokyo for 2 years, back in sydney now')).toContainEqual(['user.residence', 'sydney']);
    expect(await slots('i moved house! now in headingley')).toEqual([['user.residence', 'headingley']]);
    expect(await slots('worked at deloitte til august\nnow at pwc')).toEqual([['user.employer', 'pwc']]);
    expect(await slots('former nurse, now a paramedic')).toEqual([['user.occupation', 'paramedic']]);
    // A job changed says there was one before: the one now is where one works.
    expect(await slots('switched jobs, now at Google')).toEqual([['user.employer', 'google']]);
    expect(await slots('changed jobs. now at monzo')).toEqual([['user.employer', 'monzo']]);
    expect(await slots('switched jobs, now in a much better place')).toEqual([]);
    expect((await read('lived in leeds 10 yrs, now back home in york')).map((f) => f.content)).toEqual(['User lived in Leeds for 10 years', 'User lives in York']);
  });

  it('reads a career told as a list: the one now by its name alone, after a job worked at in the same sentence', async () => {
    // With a job between, the first did not end when the one now began: its end is left undated.
    const dated = async (text: string): Promise<[string, string | null, string | null][]> =>
      readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => [s.content, s.value, s.eventTime === null ? null : new Date(s.eventTime).toISOString().slice(0, 4)]);
    expect(await dated('i used to work at tesco, then asda from 2019, now lidl since 2022')).toEqual([
      ['User used to work at Tesco', 'ended:tesco', null],
      ['User has worked at Lidl since 2022', 'lidl', '2022'],
    ]);
    expect((await read('i used to work at tesco, now lidl')).map((f) => f.value)).toEqual(['ended:tesco', 'lidl']);
    expect((await read('worked at tesco for 3 years, now lidl')).map((f) => f.value)).toEqual([null, 'lidl']);
    // Not a workplace: a state, a word that goes on talking, an errand, or no job worked at in the sentence before.
    for (const text of [
      'i worked at tesco for 5 years, now unemployed',
      'used to work at tesco, now retired lol',
      'i used to work at tesco, now that i think of it',
      'former vegan, now keto',
      'was at work till 6, now tesco for the weekly shop',
      'i used to work for my dad, then netflix, now sleep.',
      'used to work at greggs. now costa',
    ]) {
      expect((await read(text)).filter((f) => f.slot === 'user.employer' && !f.value?.startsWith('ended:')), text).toEqual([]);
    }
  });

  it("leaves someone else's then and now, a day's errands and a habit as they were", async () => {
    for (const text of [
      'my sister used to live in paris\nnow in lyon',
      'she used to work at tesco, now at aldi',
      'worked at home today, now at the pub',
      'was at the gym for 2 hours\nnow at the pub lol',
      'left work early, now at the pub',
      'former smoker, now a vaper lol',
      'used to love it, now a chore',
      // A third review's: someone else's after all, a stay, a shop, a party.
      'used to live in paris (my cousin that is), now in lyon',
      'ex-amazon, now at shopify — or so he says',
      'my mum:\nwas at tesco for 5 yrs\nnow at aldi',
      'lol my dad\nused to live in paris\nnow in lyon',
      'used to live in paris, now in lyon for work this week',
      'lived in leeds for 3 yrs\nnow in spain on holiday 🌴',
      'was at primark for 3 hrs, now at h&m 🛍️',
      'ex-tory, now labour',
    ]) {
      expect((await read(text)).filter((f) => /^user\.(?:residence|employer|occupation)$/.test(f.slot ?? '')), text).toEqual([]);
    }
  });
});

describe('relatives named in passing', () => {
  it('says who a relative named after "my" is, wherever the clause puts them', async () => {
    expect(await read('me and my bf tom')).toEqual([{ content: "Tom is the user's boyfriend", slot: 'user.partner', value: 'tom' }]);
    expect(await read('went to cornwall with my husband James last week')).toEqual([{ content: "James is the user's husband", slot: 'user.partner', value: 'james' }]);
    expect((await read('moved in with my boyfriend Sam last weekend')).map((f) => f.content)).toContain("Sam is the user's boyfriend");
    expect((await read('my sister Amy and my mum are visiting')).map((f) => [f.slot, f.value])).toEqual([['amy.relation.user', 'sister']]);
  });

  it("leaves an ending's news, someone else's relative and a question to what reads them", async () => {
    // A place or a firm after the relation is no relative's name.
    for (const text of ['my bf Netflix lol', 'my sister Paris trip was amazing', 'my bro London trip got cancelled']) expect(await read(text), text).toEqual([]);
    for (const text of ["my friend's wife sarah is lovely", 'is my wife sarah coming?', "my mum's friend Carol", 'me and my ex tom are friends now', 'my late wife jane', 'when i was 16 my bf tom was a dick', 'me and my bf tom are on a break']) {
      expect((await read(text)).filter((f) => f.value === 'sarah' || f.value === 'tom' || f.value === 'jane' || f.slot?.startsWith('carol')), text).toEqual([]);
    }
  });
});
