/**
 * A seventh blind review of the offline reader (397 messages written in the style of messaging apps): the wrong
 * facts it found, and the commonest misses it listed. Each case is read as the reader reads a message, against a
 * Wednesday (2026-11-25).
 */
import { describe, expect, it } from 'vitest';
import { first, read } from '../helpers/user-says';
import { slotRelation } from '../../src-shared/slot-values';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';


describe("the seventh review's wrong facts", () => {
  it('a last day still to come ends no job', async () => {
    expect(await read('my last day at work is friday')).toEqual([]);
    expect(await first('my last day at work was friday')).toMatchObject({ value: 'ended:', day: '2026-11-20' });
    expect(await first('my last day at Tesco is today 🥲')).toMatchObject({ value: 'ended:tesco' });
  });

  it('a year of study is a student, with no employer', async () => {
    expect(await read('im a junior at UCLA now, majoring in psych')).toEqual([
      { content: 'User is a student at UCLA', slot: 'user.occupation', value: 'student', day: '2026-11-25' },
    ]);
    expect(await first('im a first year at bristol')).toMatchObject({ slot: 'user.occupation', value: 'student' });
    expect((await read('I am a barista at Costa')).map((s) => s.slot)).toEqual(['user.occupation', 'user.employer']);
  });

  it('an opinion is about the kind of thing named, so unrelated opinions do not replace each other', async () => {
    const spicy = await first("i don't like spicy food");
    const thai = await first('i love thai food');
    expect(spicy).toMatchObject({ slot: 'user.opinion.spicy_food', value: 'dislike' });
    expect(thai).toMatchObject({ slot: 'user.opinion.thai_food', value: 'like' });
    const fact = (s: typeof spicy) => ({ slot: s?.slot ?? null, value: s?.value ?? null, content: s?.content ?? '' });
    expect(slotRelation(fact(thai), fact(spicy))).toBe('unrelated');
    expect(await first('i cant stand horror films')).toMatchObject({ slot: 'user.opinion.horror_film' });
    // What a measure is of; a time after the thing leaves it the thing; a case of it is no slot.
    expect(await first('i love a good cup of tea')).toMatchObject({ slot: 'user.opinion.tea' });
    expect(await first('i love coffee in the morning')).toMatchObject({ slot: 'user.opinion.coffee' });
    expect(await first('i hate running in the rain')).toMatchObject({ content: 'User hates running in the rain', slot: null });
    // A feeling of then is no preference of now.
    expect(await first('i hated olives')).toMatchObject({ slot: null });
  });

  it('a state said of now is dated by when it began, when the message says so', async () => {
    expect(await first('im vegan now, 6 months in 🌱')).toMatchObject({ slot: 'user.diet', day: '2026-05-25' });
    expect(await first("i'm vegan now, since may")).toMatchObject({ slot: 'user.diet', day: '2026-05-01' });
    expect(await first('im gluten free now')).toMatchObject({ day: '2026-11-25' });
  });

  it('chat words and what follows "so" leave the fact; "started in june" alone is no fact', async () => {
    expect(await read('im allergic to peanuts so careful with the satay')).toEqual([{ content: 'User is allergic to peanuts', slot: 'user.allergy.peanuts', value: 'yes', day: null }]);
    expect(await first("i'm allergic to shellfish fyi")).toMatchObject({ content: 'User is allergic to shellfish' });
    expect(await first('my favourite film is paddington 2 unironically')).toMatchObject({ value: 'paddington 2' });
    expect((await read('i love cold water swimming, started in june')).map((s) => s.content)).toEqual(['User loves cold water swimming']);
    expect(await first('i love tea so much')).toMatchObject({ content: 'User loves tea' });
  });
});

describe("the seventh review's commonest misses", () => {
  it('a change of feeling about "it"; into and not into; a favourite said "fave"', async () => {
    expect(await read('i used to hate coffee but now i love it')).toEqual([{ content: 'User loves coffee', slot: 'user.opinion.coffee', value: 'like', day: null }]);
    expect(await first("i'm not into running anymore")).toMatchObject({ slot: 'user.opinion.run', value: 'dislike' });
    expect((await first('i love running'))?.slot).toBe('user.opinion.run');
    expect(await first('im really into bouldering now')).toMatchObject({ slot: 'user.opinion.bouldering', value: 'like' });
    expect(await read("i'm into town later")).toEqual([]);
    expect(await first('my fave band is the 1975')).toMatchObject({ slot: 'user.favourite.band', value: 'the 1975' });
  });

  it('habits the way chats say them', async () => {
    expect(await first('back on the cigs, stressful month 😩')).toMatchObject({ slot: 'user.uses.smoking', value: 'yes' });
    expect(await first('im off the booze')).toMatchObject({ slot: 'user.uses.alcohol', value: 'no' });
    expect(await first('sober 8 months today 🙏')).toMatchObject({ slot: 'user.uses.alcohol', value: 'no', day: '2026-03-25' });
    expect(await first('three weeks sober today')).toMatchObject({ slot: 'user.uses.alcohol', day: '2026-11-04' });
    expect(await read('back on the bus lol')).toEqual([]);
    expect(await read('doing sober october')).toEqual([]);
  });

  it('names: an introduction after a greeting, going by a name', async () => {
    expect(await first('heyy im priya btw')).toMatchObject({ content: "User's name is Priya", slot: 'user.name' });
    expect(await first('hiya, im siobhan')).toMatchObject({ slot: 'user.name', value: 'siobhan' });
    expect(await read('hey im hungryyy lol')).toEqual([]);
    expect(await read('hey im knackered')).toEqual([]);
    expect(await first("i'm going by Jay now")).toMatchObject({ content: 'User goes by Jay', slot: 'user.nickname' });
    // A name typed in lower case after "my name is", of one or two words no dictionary knows as anything else.
    expect(await first('my name is emma clarke')).toMatchObject({ content: "User's name is Emma Clarke", slot: 'user.name', value: 'emma clarke' });
    expect(await first('my name is priya btw')).toMatchObject({ value: 'priya' });
    expect(await read('my name is on the list')).toEqual([]);
    expect(await first('Tom is officially my husband')).toMatchObject({ slot: 'user.partner', value: 'tom' });
    // Asked to be called something, with what follows the name; called so by someone named.
    expect(await first('please call me Becky from now on')).toMatchObject({ content: 'User goes by Becky', slot: 'user.nickname' });
    expect(await first('Tom calls me Pri, you can too')).toMatchObject({ content: 'User goes by Pri' });
    expect(await read('nobody calls me Pri')).toEqual([]);
    // Back at a job, in a message about work.
    expect(await first("good news, i'm back at AstraZeneca! they rehired me")).toMatchObject({ content: 'User works at AstraZeneca', slot: 'user.employer' });
    expect(await read('im back at home lol')).toEqual([]);
    // A heading before the statement.
    expect(await first("small change - i'm pescatarian now, fish is fine")).toMatchObject({ slot: 'user.diet', value: 'pescatarian' });
    expect(await first('life update – I quit my job')).toMatchObject({ slot: 'user.employer', value: 'ended:' });
    expect((await read('my sister - she moved to york')).filter((s) => s.slot === 'user.residence')).toEqual([]);
  });

  it('a move told with a companion; a job left and the next one, in lower case', async () => {
    expect(await first('me and my mum moved to leeds in june')).toMatchObject({ content: 'User lives in Leeds', slot: 'user.residence', day: '2026-06-01' });
    expect((await read('left deloitte in october, now at pwc')).map((s) => [s.slot, s.value])).toEqual([
      ['user.employer', 'ended:deloitte'],
      ['user.employer', 'pwc'],
    ]);
    // A place left is no job left.
    expect((await read('i left bedminster')).filter((s) => s.slot === 'user.employer')).toEqual([]);
  });

  it('births, named children and pets got', async () => {
    expect(await first('we had a baby girl, Maya 💕 born tuesday')).toMatchObject({ content: "Maya is the user's daughter", slot: 'maya.relation.user', value: 'daughter' });
    expect(await first('I had a little boy called Leo last week')).toMatchObject({ content: "Leo is the user's son", day: '2026-11-18' });
    expect(await first('we had a baby boy, born tuesday')).toMatchObject({ content: 'User had a baby boy', slot: null });
    expect(await read('we had a baby shower')).toEqual([]);
    expect(await first('my daughter is called Hope')).toMatchObject({ content: "Hope is the user's daughter", value: 'daughter' });
    expect(await first('we adopted a rescue dog called Pepper')).toMatchObject({ content: 'User adopted a rescue dog called Pepper' });
    expect(await read('i got a dog bed')).toEqual([]);
  });

  it('someone new told of, then named in the next sentence', async () => {
    expect(await read('im seeing someone 🙈 his name is jake')).toEqual([{ content: 'User is seeing Jake', slot: 'user.partner', value: 'jake', day: null }]);
    expect(await read('started dating someone new, her name is priya')).toContainEqual({ content: 'User is seeing Priya', slot: 'user.partner', value: 'priya', day: null });
    expect((await read('we had a baby boy!! his name is Leo')).map((s) => s.content)).toEqual(["Leo is the user's son"]);
    expect(await read('we got a puppy!! her name is Pepper')).toContainEqual({ content: "Pepper is the user's puppy", slot: 'pepper.relation.user', value: 'puppy', day: null });
    // Someone else's baby, or someone not new, is not the speaker's.
    expect(await read('my sister had a baby boy! his name is Leo')).toEqual([]);
    expect(await read('my boss is awful. his name is Gareth')).toEqual([]);
    // A new job, and where, in the next sentence.
    expect(await read('got a new job!! at ocado, product manager')).toContainEqual({ content: 'User works at Ocado', slot: 'user.employer', value: 'ocado', day: null });
    expect((await read('got a new job. at least it pays')).filter((s) => s.slot === 'user.employer')).toEqual([]);
  });
});

describe('a correction of the message before it', () => {
  async function consolidated(messages: string[]): Promise<{ current: string[]; all: string[] }> {
    const clock = new ManualClock(Date.parse('2026-11-25T09:00:00Z'));
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    for (const content of messages) {
      engine.recordEpisode({ sessionId: 's', role: content.startsWith('assistant: ') ? 'assistant' : 'user', content: content.replace(/^assistant: /, '') });
      await engine.flush();
      clock.t += 30_000;
    }
    await consolidateSession(engine, new OfflineExtractor(), 's');
    const facts = engine.listNodes({ types: ['semantic'], limit: 50, includeInvalid: true }).items;
    return { current: facts.filter((f) => f.validUntil === null).map((f) => f.content), all: facts.map((f) => f.content) };
  }

  it('is learned with the right word, and the wrong one never held', async () => {
    const leicester = await consolidated(['I moved to Leeds last month', 'sorry i meant Leicester not Leeds']);
    expect(leicester.current).toContain('User lives in Leicester');
    expect(leicester.all.some((c) => /Leeds/.test(c))).toBe(false);
    const derby = await consolidated(['i live in Nottingham now', 'assistant: Nice, how do you like it?', 'no wait, its Derby not Nottingham']);
    expect(derby.current).toContain('User lives in Derby');
    expect(derby.all.some((c) => /Nottingham/.test(c))).toBe(false);
    const tesco = await consolidated(['I work at Greggs', 'correction: I work at Tesco, not Greggs. typo']);
    expect(tesco.current).toContain('User works at Tesco');
    expect(tesco.all.some((c) => /Greggs/.test(c))).toBe(false);
  });

  it('leaves alone what only looks like one', async () => {
    const tea = await consolidated(['I moved to Leeds last month', 'i like tea not coffee']);
    expect(tea.current).toContain('User lives in Leeds');
  });
});

