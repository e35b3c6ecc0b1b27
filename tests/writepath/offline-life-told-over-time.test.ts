/**
 * A life told over time in a chat (session 31): a diet given up without naming it ("went vegan in jan but gave up in
 * march"), a career as a list ("Accenture, then PwC, now EY"), a move and a return ("moved to Spain … came back to
 * Leeds"), how long a job has lasted said without "for" ("been at the bbc 8 years now"), answers to "how old are you?"
 * and "when did you …?", and times a chat says ("christmas before last", "summer 2024"). Each chat is consolidated into
 * a real memory.
 */
import { describe, expect, it } from 'vitest';
import { timeMentions } from '../../src-main/writepath/nlp/time';
import { holidayMentions } from '../../src-shared/holidays';
import { CHAT_SENT, offlineChat, type ChatFact } from '../helpers/offline-chat';

const chat = offlineChat;
type Fact = ChatFact;

/** The current facts that fill a slot, as "slot=value@day". */
const slotted = (facts: Fact[]): string[] => facts.filter((f) => f.current && f.slot !== null).map((f) => `${f.slot}=${f.value}@${f.day}`).sort();

describe('a diet given up, said without naming it', () => {
  it('ends the diet the message named, dated by the give-up', async () => {
    const facts = await chat('went vegan in jan but gave up in march');
    expect(slotted(facts)).toEqual(['user.diet=ended:vegan@2026-03-01']);
    expect(facts.find((f) => f.current)?.content).toBe('User gave up being vegan in March');
    expect(facts.filter((f) => !f.current).map((f) => f.content)).toEqual(['User went vegan in January']);
    expect(slotted(await chat('i was vegan for 3 years but gave up in march'))).toEqual(['user.diet=ended:vegan@2026-03-01']);
    expect(slotted(await chat('went veggie in 2019 but caved last month'))).toEqual(['user.diet=ended:vegetarian@2026-10-25']);
  });

  it('ends it when the give-up comes in the next bubble', async () => {
    expect(slotted(await chat('i went vegan in january', 'gave up in march'))).toEqual(['user.diet=ended:vegan@2026-03-01']);
  });

  it('takes the diet up again when the message says so after the give-up', async () => {
    const facts = await chat('went vegan in jan, gave up in march, back on it since june');
    expect(slotted(facts)).toEqual(['user.diet=vegan@2026-06-01']);
    expect(facts.filter((f) => f.current).map((f) => f.content)).toEqual(['User has been vegan again since June']);
    expect(slotted(await chat('went vegan in jan but gave up in march', 'started again in june'))).toEqual(['user.diet=vegan@2026-06-01']);
    expect(slotted(await chat('Went vegetarian in Jan 2024, gave it up Christmas 2025'))).toEqual(['user.diet=ended:vegetarian@2025-12-25']);
  });

  it("leaves someone else's diet, and a give-up of something else, alone", async () => {
    expect(slotted(await chat('went vegan in jan, gave up on dry january in march'))).toEqual(['user.diet=vegan@2026-01-01']);
    expect(slotted(await chat('went vegan in jan', 'gave up on the marathon training in march'))).toEqual(['user.diet=vegan@2026-01-01']);
    // (Where one gave up is no habit: "gave up at uni".)
    expect(slotted(await chat('i gave up at uni'))).toEqual([]);
    expect(slotted(await chat('my sister went vegan but gave up in march'))).toEqual([]);
    expect(slotted(await chat("i'm vegan. quit my job in march"))).toEqual(['user.diet=vegan@2026-11-25', 'user.employer=ended:@2026-03-01']);
    expect(slotted(await chat('i went vegan in jan. deleted tiktok last week'))).toEqual(['user.diet=vegan@2026-01-01', 'user.uses.tiktok=no@2026-11-18']);
  });
});

describe('a career, a move and a stay, told the chat way', () => {
  it('reads the employer now as the last of a career told as a list', async () => {
    expect(slotted(await chat('i worked at Accenture, then PwC, now EY'))).toEqual(['user.employer=ey@2026-11-25']);
    expect(slotted(await chat('i worked at the bank then the council, now NHS'))).toEqual(['user.employer=nhs@2026-11-25']);
    expect(slotted(await chat('worked at Accenture, then PwC, currently at EY'))).toEqual(['user.employer=ey@2026-11-25']);
    expect(slotted(await chat('i was at Lloyds, then Santander. now at Monzo'))).toEqual(['user.employer=monzo@2026-11-25']);
    expect(slotted(await chat("i worked at Accenture, then PwC, and now I'm at EY"))).toEqual(['user.employer=ey@2026-11-25']);
    expect(slotted(await chat('started at Tesco, then Asda, now Aldi'))).toEqual(['user.employer=aldi@2026-11-25']);
    // (Someone else's career, and "now" before anything but a firm, are no job of the speaker's.)
    expect(slotted(await chat('my dad worked at Ford, then GM, now Tesla'))).toEqual([]);
    expect(slotted(await chat("i worked at Accenture. now i'm in London"))).toEqual([]);
  });

  it('reads a return home after a move away as the home now', async () => {
    expect(slotted(await chat('moved to spain for a year in 2022 but came back to leeds in 2023'))).toEqual(['user.residence=leeds@2023-01-01']);
    expect(slotted(await chat('we moved to Dubai but went back home to Cork'))).toEqual(['user.residence=cork@2026-11-25']);
    expect(slotted(await chat('moved to london but came back to leeds after 6 months'))).toEqual(['user.residence=leeds@2026-11-25']);
    expect(slotted(await chat('moved to spain for a year but came back to leeds christmas before last'))).toEqual(['user.residence=leeds@2024-12-25']);
    expect(slotted(await chat('moved to london in 2015, then berlin, came back to manchester last year'))).toEqual(['user.residence=manchester@2025-11-25']);
    expect(slotted(await chat("moved to spain but it didn't work out, back in leeds now"))).toEqual(['user.residence=leeds@2026-11-25']);
    // "came back home" names no place: the home moved to is left.
    expect(slotted(await chat('i moved to spain for 2 years but came back home'))).toEqual(['user.residence=ended:spain@2026-11-25']);
    // A return told in the next bubble is read with the move.
    expect(slotted(await chat('moved to spain in 2019', 'came back to leeds in 2021'))).toEqual(['user.residence=leeds@2021-01-01']);
    expect(slotted(await chat('i moved to paris for a job', 'it didnt work out so i came back to leeds'))).toEqual(['user.residence=leeds@2026-11-25']);
    // (A trip's end, and a visit, are no home.)
    expect(slotted(await chat('came back to London yesterday, the trip was great'))).toEqual([]);
    expect(slotted(await chat('i moved to Berlin in 2020. came back to London for the weekend'))).toEqual(['user.residence=berlin@2020-01-01']);
    expect(slotted(await chat('my brother moved to canada but came back to dublin'))).toEqual([]);
    expect(slotted(await chat('moved to spain for a year but my sister came back to leeds'))).toEqual(['user.residence=spain@2026-11-25']);
  });

  it('reads how long a job has lasted said without "for", dated by its start', async () => {
    expect(slotted(await chat('been at the bbc 8 years now'))).toEqual(['user.employer=bbc@2018-11-25']);
    expect(slotted(await chat("i've been at google 3 years"))).toEqual(['user.employer=google@2023-11-25']);
    expect(slotted(await chat('been at the bbc 8 years ago lol'))).toEqual([]);
    expect(slotted(await chat("i've worked at Google for 3 years"))).toEqual(['user.employer=google@2023-11-25']);
    expect(slotted(await chat('new job for dad. been at Tesco for 3 years'))).toEqual([]);
  });

  it('does not take "a year in 2022" for a year held', async () => {
    expect(slotted(await chat('moved to Spain for a year in 2022 but came back to Leeds'))).toEqual(['user.residence=leeds@2026-11-25']);
    expect(slotted(await chat('vegan now, 6 months in'))).toEqual(['user.diet=vegan@2026-05-25']);
  });
});

describe('answers to "how old are you?", "when did you …?", "what\'s your wife\'s name?"', () => {
  it('reads an age said alone', async () => {
    expect(slotted(await chat('A: how old are you?', '34'))).toEqual(['user.age=34@2026-11-25']);
    expect(slotted(await chat('A: how old r u', 'im 34 lol'))).toEqual(['user.age=34@2026-11-25']);
    expect(slotted(await chat('A: how old are you?', '34, you?'))).toEqual(['user.age=34@2026-11-25']);
    // An age put right in the next bubble; the next birthday is no correction.
    expect(slotted(await chat("i'm 34", '*35'))).toEqual(['user.age=35@2026-11-25']);
    expect(slotted(await chat("i'm 34", 'sorry 35'))).toEqual(['user.age=35@2026-11-25']);
    expect(slotted(await chat("i'm 34", '35 in may'))).toEqual(['user.age=34@2026-11-25']);
    expect(slotted(await chat('A: how old are you?', '34!! ancient'))).toEqual(['user.age=34@2026-11-25']);
    for (const answer of ['turning 40 next week', '12', '34 minutes', 'old enough']) {
      expect(slotted(await chat('A: how old are you?', answer)), answer).toEqual([]);
    }
  });

  it('reads a time said alone as when the thing asked of was done', async () => {
    expect(slotted(await chat('A: when did you move to leeds?', '2019'))).toEqual(['user.residence=leeds@2019-01-01']);
    expect(slotted(await chat('A: when did you start at google?', 'last march'))).toEqual(['user.employer=google@2026-03-01']);
    expect(slotted(await chat('A: when did you quit smoking?', 'about 2 years ago'))).toEqual(['user.uses.smoking=no@2024-11-25']);
    expect(slotted(await chat('A: when did you go vegan?', 'jan'))).toEqual(['user.diet=vegan@2026-01-01']);
    expect(slotted(await chat('A: when did you leave tesco?', 'june'))).toEqual(['user.employer=ended:tesco@2026-06-01']);
    for (const [question, answer] of [
      ['when did you move to leeds?', 'ages ago'],
      ['when did you and tom meet?', '2019'],
      ['when did you move to leeds?', 'why?'],
      ['when did your sister move to leeds?', '2019'],
      // (An answer that says more than a time is someone else's news, or more than a date.)
      ['when did you move to leeds?', 'my sister moved in 2019'],
      ['when did you quit smoking?', 'my dad quit in 2019'],
      ['when did you start at google?', 'jan 2020 but left in 2023'],
    ] as const) {
      expect(slotted(await chat(`A: ${question}`, answer)), `${question} / ${answer}`).toEqual([]);
    }
  });

  it("reads a name said alone as the name of the one asked of, where one is from, and a role at a workplace", async () => {
    expect(slotted(await chat("A: what's your wife's name?", 'sarah'))).toEqual(['user.partner=sarah@2026-11-25']);
    expect(slotted(await chat("A: what's your mum called?", 'linda'))).toEqual(['linda.relation.user=mum@2026-11-25']);
    expect(slotted(await chat("A: what's your dog called?", 'biscuit'))).toEqual(['biscuit.relation.user=dog@2026-11-25']);
    expect(slotted(await chat('A: where are you from originally?', 'cork'))).toEqual(['user.origin=cork@2026-11-25']);
    expect(slotted(await chat('A: what do you do?', 'software engineer at google'))).toEqual(['user.employer=google@2026-11-25', 'user.occupation=software engineer@2026-11-25']);
    expect(slotted(await chat('A: what do you do?', 'nurse at the local hospital'))).toEqual(['user.occupation=nurse@2026-11-25']);
    for (const [question, answer] of [
      ["what's your wife's name?", 'why?'],
      ["what's your boss called?", 'tesco'],
      ["what's your dog called?", 'dunno'],
      ["what's your sister's name?", 'leeds'],
    ] as const) {
      expect(slotted(await chat(`A: ${question}`, answer)), `${question} / ${answer}`).toEqual([]);
    }
  });

  it('reads a time added alone in the next bubble as when the message before happened', async () => {
    expect(slotted(await chat('i quit smoking', 'in august'))).toEqual(['user.uses.smoking=no@2026-08-01']);
    expect(slotted(await chat('i moved to leeds', 'back in 2019'))).toEqual(['user.residence=leeds@2019-01-01']);
    expect(slotted(await chat("i'm vegan", 'since 2020'))).toEqual(['user.diet=vegan@2020-01-01']);
    // How long a state has held dates it by its start; the fact stays as said, citing both.
    const held = await chat('i work at tesco', 'been there 8 years now');
    expect(slotted(held)).toEqual(['user.employer=tesco@2018-11-25']);
    expect(held).toMatchObject([{ content: 'User works at Tesco', sources: 2 }]);
    expect(slotted(await chat('i live in york', 'for 3 years now'))).toEqual(['user.residence=york@2023-11-25']);
    // (More than a time, or a plan, dates nothing.)
    expect(slotted(await chat('we got engaged!!', 'on saturday, in Paris'))).toEqual([]);
    expect(slotted(await chat('i quit smoking', 'my dad quit in august'))).toEqual(['user.uses.smoking=no@2026-11-25']);
  });

  it('dates what the message before said, as one fact citing both', async () => {
    const facts = await chat('i moved to leeds', 'A: when did you move to leeds?', '2019');
    expect(slotted(facts)).toEqual(['user.residence=leeds@2019-01-01']);
    expect(facts.filter((f) => f.slot !== null)).toMatchObject([{ sources: 2 }]);
  });
});

describe('a bubble that makes the message before a plan, or puts it in the past', () => {
  it('takes back a statement the next bubble makes a plan, a wish or a near miss', async () => {
    for (const [said, after] of [
      ['i quit smoking', 'in my dreams'],
      ['i quit smoking', 'next year'],
      ['i quit smoking', 'in 2 weeks'],
      ['i quit smoking', 'well, thinking about it'],
      ['i quit my job', 'nearly'],
      ['i moved to glasgow', 'next month hopefully'],
      ['i went vegan', 'tomorrow lol'],
    ] as const) {
      expect(slotted(await chat(said, after)), `${said} / ${after}`).toEqual([]);
    }
    // (One line says the same: "in 2 weeks" is ahead.)
    expect(slotted(await chat('i quit smoking in 2 weeks'))).toEqual([]);
    // A time gone by still dates it.
    expect(slotted(await chat('i quit smoking', 'last week'))).toEqual(['user.uses.smoking=no@2026-11-18']);
  });

  it('ends what the message before stated when the next bubble says it is over', async () => {
    const job = await chat('i work at tesco', 'not anymore');
    expect(slotted(job)).toEqual(['user.employer=ended:tesco@2026-11-25']);
    expect(job).toMatchObject([{ content: 'User no longer works at Tesco', sources: 2 }]);
    expect(slotted(await chat('i work at tesco', 'well did until 2023'))).toEqual(['user.employer=ended:tesco@2023-01-01']);
    expect(slotted(await chat('i live in leeds', 'till last year'))).toEqual(['user.residence=ended:leeds@2025-11-25']);
    expect(slotted(await chat("i'm a nurse", 'was, retired now'))).toEqual(['user.occupation=ended:nurse@2026-11-25']);
    expect(slotted(await chat("i'm a smoker", 'well, was'))).toEqual(['user.uses.smoking=no@2026-11-25']);
    expect(slotted(await chat("i'm vegan", 'not anymore lol'))).toEqual(['user.diet=ended:vegan@2026-11-25']);
    expect(slotted(await chat('i work at tesco', 'was going to say the same'))).toEqual(['user.employer=tesco@2026-11-25']);
  });

  it('dates by a span only a state said of now, and by a weekday only what was done', async () => {
    expect(slotted(await chat('i live in york', 'for 3 years'))).toEqual(['user.residence=york@2023-11-25']);
    expect(slotted(await chat('moved to spain in 2019', 'came back to leeds in 2021', 'for a week'))).toEqual(['user.residence=spain@2019-01-01']);
    expect(slotted(await chat('i started at google', 'on monday'))).toEqual(['user.employer=google@2026-11-23']);
  });

  it("reads a career after a message that names someone else as theirs, and a joke or the pet's kind as no answer", async () => {
    expect(slotted(await chat('my dad?', 'worked at Accenture, then PwC, now EY'))).toEqual([]);
    expect(slotted(await chat('A: how old are you?', '99 lol'))).toEqual([]);
    expect(slotted(await chat("A: what's your dog called?", 'Dog lol'))).toEqual([]);
    expect(slotted(await chat('A: where are you from?', 'originally Glasgow'))).toEqual(['user.origin=glasgow@2026-11-25']);
  });
});

describe('a profile typed as fields', () => {
  it('reads each field as what it says of the speaker', async () => {
    expect(slotted(await chat('Name: Priya\nAge: 29\nCity: Leeds\nJob: nurse'))).toEqual(['user.age=29@2026-11-25', 'user.name=priya@2026-11-25', 'user.occupation=nurse@2026-11-25', 'user.residence=leeds@2026-11-25']);
    const tom = await chat('about me:\nName - Tom Hardy\nAge - 41\nLocation: Bristol\nWork: Airbus\nWife: Sarah');
    expect(slotted(tom)).toEqual(['user.age=41@2026-11-25', 'user.employer=airbus@2026-11-25', 'user.name=tom hardy@2026-11-25', 'user.partner=sarah@2026-11-25', 'user.residence=bristol@2026-11-25']);
    // (A note of fields, one field alone, and someone else's profile are no profile of the speaker.)
    expect(slotted(await chat('Job: done ✅\nshopping: done'))).toEqual([]);
    expect(slotted(await chat('Age: 29'))).toEqual([]);
    expect(slotted(await chat('Name: my mum\nAge: 60'))).toEqual([]);
  });
});

describe('times a chat says', () => {
  const reference = CHAT_SENT;
  const day = (t: number): string => new Date(t).toISOString().slice(0, 10);

  it('reads "before last" of a holiday and a season, and a season of a year', () => {
    expect(holidayMentions('we moved to york the christmas before last', reference).map((m) => [m.text, day(m.day)])).toEqual([['the christmas before last', '2024-12-25']]);
    expect(holidayMentions('easter before last', reference).map((m) => day(m.day))).toEqual(['2025-04-20']);
    expect(timeMentions('i quit smoking the summer before last', reference).map((m) => day(m.time))).toEqual(['2025-06-01']);
    expect(timeMentions('i quit smoking in spring 2024', reference).map((m) => day(m.time))).toEqual(['2024-03-01']);
    expect(timeMentions('the summer of 2019 was wild', reference).map((m) => day(m.time))).toEqual(['2019-06-01']);
    expect(timeMentions("moved to cardiff in spring '23", reference).map((m) => day(m.time))).toEqual(['2023-03-01']);
  });
});
