/**
 * Habits, diets and apps as chats say them, without "I" or in short forms (left over from session 27's third review):
 * "not vegan anymore 😬", "been veggie since jan", "back to smoking 😔", "5 days smoke free", "uninstalled insta".
 */
import { describe, expect, it } from 'vitest';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';

const USER: Speaker = { name: 'User', isUser: true };
const SAID_AT = Date.parse('2026-11-25T09:00:00Z');

async function slots(text: string): Promise<{ slot: string | null; value: string | null; day?: string }[]> {
  return readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => ({
    slot: s.slot,
    value: s.value,
    ...(s.eventTime ? { day: new Date(s.eventTime).toISOString().slice(0, 10) } : {}),
  }));
}

describe('a diet or habit said the chat way', () => {
  it('ends a diet said without "I\'m"', async () => {
    expect(await slots('not vegan anymore 😬')).toEqual([{ slot: 'user.diet', value: 'ended:vegan' }]);
    expect(await slots('no longer vegan')).toEqual([{ slot: 'user.diet', value: 'ended:vegan' }]);
    expect(await slots('no longer a vegetarian')).toEqual([{ slot: 'user.diet', value: 'ended:vegetarian' }]);
    expect(await slots('im not veggie anymore')).toEqual([{ slot: 'user.diet', value: 'ended:vegetarian' }]);
    // An answer about a dish is no diet of the speaker's.
    expect(await slots('not vegan, has egg in it')).toEqual([]);
  });

  it('gives up a habit said without "I\'m", with what was had: "not drinking coffee anymore" (session 36)', async () => {
    expect(await slots('not drinking coffee anymore')).toEqual([{ slot: 'user.uses.coffee', value: 'no' }]);
    expect(await slots('lol not eating meat these days')).toEqual([{ slot: 'user.uses.meat', value: 'no' }]);
    expect(await slots('not drinking coffee any more tbh 😭')).toEqual([{ slot: 'user.uses.coffee', value: 'no' }]);
    expect(await slots('not drinking coffee anymore, it was making me anxious')).toEqual([{ slot: 'user.uses.coffee', value: 'no' }]);
    // Not a habit: a place, company, or one coffee in particular, or a reason that says which.
    expect(await slots('not eating at that place anymore')).toEqual([]);
    expect(await slots('not drinking with them anymore')).toEqual([]);
    expect(await slots('not drinking the coffee anymore because it tastes weird')).toEqual([]);
    expect(await slots('"not drinking coffee anymore" is what they all say')).toEqual([]);
  });

  it('reads "veggie" as the vegetarian diet, and a month by its short name', async () => {
    expect(await slots('been veggie since jan')).toEqual([{ slot: 'user.diet', value: 'vegetarian', day: '2026-01-01' }]);
    expect(await slots("I've been veggie since 2019")).toEqual([{ slot: 'user.diet', value: 'vegetarian', day: '2019-01-01' }]);
    expect(await slots("I've been vegan since jan")).toEqual([{ slot: 'user.diet', value: 'vegan', day: '2026-01-01' }]);
    expect(await slots('moved to leeds in sept')).toEqual([{ slot: 'user.residence', value: 'leeds', day: '2026-09-01' }]);
    expect(await slots('veggie burgers tonight')).toEqual([]);
  });

  it('takes up a habit again with "back to", and gives one up as "smoke free"', async () => {
    expect(await slots('back to smoking 😔')).toEqual([{ slot: 'user.uses.smoking', value: 'yes' }]);
    expect(await slots("I'm back to drinking again")).toEqual([{ slot: 'user.uses.alcohol', value: 'yes' }]);
    expect(await slots('back to work tomorrow')).toEqual([]);
    // (Dated by the days counted: session 29.)
    expect(await slots('5 days smoke free!!')).toEqual([{ slot: 'user.uses.smoking', value: 'no', day: '2026-11-20' }]);
    expect(await slots("i'm smoke-free since june")).toEqual([{ slot: 'user.uses.smoking', value: 'no', day: '2026-06-01' }]);
    expect(await slots('we stayed in a smoke free hotel')).toEqual([]);
    expect(await slots('smoke free zones are great')).toEqual([]);
  });

  it('reads an app uninstalled as no longer used (the lemmatiser does not know "uninstalled")', async () => {
    expect(await slots('uninstalled insta lol')).toEqual([{ slot: 'user.uses.instagram', value: 'no' }]);
    expect(await slots('I uninstalled instagram')).toEqual([{ slot: 'user.uses.instagram', value: 'no' }]);
  });

  it("reads them after a chat's openers, and not inside quotes (session 28 review)", async () => {
    expect(await slots('lol not vegan anymore')).toEqual([{ slot: 'user.diet', value: 'ended:vegan' }]);
    expect(await slots('tbh no longer veggie')).toEqual([{ slot: 'user.diet', value: 'ended:vegetarian' }]);
    expect(await slots('ngl back to the cigs')).toEqual([{ slot: 'user.uses.smoking', value: 'yes' }]);
    expect(await slots('omg\nback to smoking 😔')).toEqual([{ slot: 'user.uses.smoking', value: 'yes' }]);
    expect(await slots('guess what\n5 days smoke free')).toEqual([{ slot: 'user.uses.smoking', value: 'no', day: '2026-11-20' }]);
    for (const text of ['"not vegan anymore" lol the headline is wild', '"back to smoking" lol as if', 'not vegan anymore?', "mum's not vegan anymore", "he's back to smoking"]) {
      expect(await slots(text), text).toEqual([]);
    }
  });

  it('names the habit, not the time said after it, and an app by one name (session 28 review)', async () => {
    expect(await slots('quit vaping end of oct')).toEqual([{ slot: 'user.uses.vaping', value: 'no', day: '2026-10-31' }]);
    expect(await slots('stopped vaping mid sept')).toEqual([{ slot: 'user.uses.vaping', value: 'no', day: '2026-09-15' }]);
    expect(await slots('stopped smoking 5th of sept')).toEqual([{ slot: 'user.uses.smoking', value: 'no', day: '2026-09-05' }]);
    expect(await slots('quit smoking dec 1st')).toEqual([{ slot: 'user.uses.smoking', value: 'no', day: '2025-12-01' }]);
    expect(await slots('quit smoking jan')).toMatchObject([{ slot: 'user.uses.smoking', value: 'no' }]);
    expect(await slots('quit insta in oct')).toEqual([{ slot: 'user.uses.instagram', value: 'no', day: '2026-10-01' }]);
    // A two-digit number after a month is a year only when that year has come ("in jan 24"); "oct 31" is a day.
    expect(await slots('vegan since oct 31')).toEqual([{ slot: 'user.diet', value: 'vegan', day: '2026-10-31' }]);
    expect(await slots('moved to leeds in jan 24')).toEqual([{ slot: 'user.residence', value: 'leeds', day: '2024-01-01' }]);
    expect(await slots('smoke free since june until last night 😔')).toEqual([]);
  });
});
