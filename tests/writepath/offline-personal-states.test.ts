/**
 * What a person is, as chats say it (personal-states.ts): ages, birthdays, lasting health conditions, being a fan,
 * night owls and dog people, and deaths — with the messages of the same shape that say none of these. And the
 * dates such news carries: slash dates the person's way round, "last tuesday" said on a Wednesday, "been sober for
 * 2 years". Each case is read as the reader reads a message, against a Wednesday (2026-11-25).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { first, read, SAID_AT } from '../helpers/user-says';
import { localeDateOrder } from '../../src-shared/date-order';
import { impliedWindow } from '../../src-main/memory/retrieval/time';


describe('ages and birthdays', () => {
  it("the speaker's age, said now or turned on a day", async () => {
    expect(await read("i'm 34 btw")).toEqual([{ content: 'User is 34 years old', slot: 'user.age', value: '34', day: null }]);
    expect(await first('I am 34 years old')).toMatchObject({ content: 'User is 34 years old', value: '34' });
    expect(await read('turned 30 yesterday 😭')).toEqual([{ content: 'User turned 30', slot: 'user.age', value: '30', day: '2026-11-24' }]);
    expect(await first('I turned 40 last month')).toMatchObject({ content: 'User turned 40', day: '2026-10-25' });
  });

  it('an age said in words reads as its number', async () => {
    expect(await read("i'm thirty four btw")).toEqual([{ content: 'User is 34 years old', slot: 'user.age', value: '34', day: null }]);
    expect(await read('turned forty last month 🙃')).toEqual([{ content: 'User turned 40', slot: 'user.age', value: '40', day: '2026-10-25' }]);
    expect(await first('I just turned twenty-one!!')).toMatchObject({ content: 'User turned 21', value: '21' });
    expect(await read('just turned nineteen lol')).toEqual([{ content: 'User turned 19', slot: 'user.age', value: '19', day: null }]);
    expect(await first('my son is seven and already smarter than me')).toMatchObject({ content: "User's son is 7 years old" });
    expect(await first('my nan turned a hundred on sunday')).toMatchObject({ content: "User's nan turned 100", day: '2026-11-22' });
    for (const text of ["i'm two drinks in", 'im ten mins away', "i'm one of them", "i'm seven and what is this", 'im thirty next week', 'turned forty degrees today', 'is he forty?']) {
      expect((await read(text)).filter((s) => s.slot?.endsWith('.age')), text).toEqual([]);
    }
  });

  it("a relative's or a pet's age; only a one-of relative has the slot", async () => {
    expect(await first('my son is 4 and already smarter than me')).toMatchObject({ content: "User's son is 4 years old", slot: null });
    expect(await first('my daughter is 6 months old')).toMatchObject({ content: "User's daughter is 6 months old" });
    expect(await first('my mum turned 60 yesterday')).toMatchObject({ content: "User's mum turned 60", slot: 'user.mum.age', value: '60', day: '2026-11-24' });
    expect(await first('my nan turned 90 on sunday 🎂')).toMatchObject({ content: "User's nan turned 90", day: '2026-11-22' });
    // "'s" is "is" before an age or a condition.
    expect(await first("my wife's 38 btw")).toMatchObject({ content: "User's wife is 38 years old", slot: 'user.wife.age' });
    expect(await first("my dad's diabetic")).toMatchObject({ content: "User's dad is diabetic", slot: 'user.dad.health.diabetes' });
    expect(await read("my sister's car broke down")).toEqual([]);
    expect(await first('im 52 years old fyi')).toMatchObject({ value: '52' });
  });

  it('a number that is no age, or an age still ahead, says none', async () => {
    for (const text of [
      "i'm 5 mins away", 'im 2 pints in', "i'm 100% sure", "i'm 12 episodes into breaking bad", 'im 20 weeks pregnant', 'im 7 hours ahead of you',
      'thx! yeah im 30 next week 😭', 'im 40 tomorrow', 'my son is 18 tomorrow', 'my son is 4 foot tall already', 'my brother is 6 foot 2',
      'if i was 20 again id do it all differently', 'turned 30 degrees today', 'is he 30?', "i'm 12 and what is this", "i'm 21 again lol",
    ]) {
      expect((await read(text)).filter((s) => s.slot?.endsWith('.age')), text).toEqual([]);
    }
  });

  it('a birthday: a day and a month, however written', async () => {
    expect(await read('my birthday is 29.12')).toEqual([{ content: "User's birthday is 29 December", slot: 'user.birthday', value: '12-29', day: null }]);
    expect(await first("my bday's on march 3rd")).toMatchObject({ content: "User's birthday is 3 March", value: '03-03' });
    // Said of the day it was said on (Wednesday 25 November).
    expect(await first('my birthday is today and nobody remembered')).toMatchObject({ content: "User's birthday is 25 November", value: '11-25', day: null });
    expect(await first('my bday is tmrw!!')).toMatchObject({ value: '11-26' });
    expect(await first('my birthday was yesterday')).toMatchObject({ value: '11-24' });
    expect(await first('born on 12 march 1990')).toMatchObject({ content: 'User was born on 12 March 1990', slot: 'user.birthday', value: '03-12' });
    // A relative's birthday is theirs, and a day without a year dates no birth this year.
    expect(await read('my son was born on 3 march')).toEqual([{ content: "User's son was born on 3 March", slot: null, value: null, day: null }]);
    expect(await first('my wife was born on the 3rd of june')).toMatchObject({ slot: 'user.wife.birthday', value: '06-03', day: null });
    // With a year it is a day in history, dated.
    expect(await first('my sister was born on 12.05.1990')).toMatchObject({ content: "User's sister was born on 12 May 1990", day: '1990-05-12' });
    expect(await first('born on 12 march 1990')).toMatchObject({ day: '1990-03-12' });
    expect(await first('born 7 nov 1988')).toMatchObject({ value: '11-07' });
    // 29 February is a birthday only in a year that had one.
    expect(await first('born on 29.02.1992')).toMatchObject({ value: '02-29' });
    expect(await read('born on 29.02.1991')).toEqual([]);
    for (const text of ["my birthday's on the 14th 🎉", 'my birthday is coming up', 'my birthday is next week', 'my birthday is tomorrow night', 'my birthday party is on 3 june']) {
      expect(await read(text), text).toEqual([]);
    }
  });
});

describe('lasting health conditions', () => {
  it('had, diagnosed, or said as what one is, each in its slot', async () => {
    expect(await read('i have type 1 diabetes')).toEqual([{ content: 'User has type 1 diabetes', slot: 'user.health.type_1_diabetes', value: 'yes', day: null }]);
    expect(await first('i was diagnosed with adhd last month')).toMatchObject({ content: 'User was diagnosed with ADHD', slot: 'user.health.adhd', day: '2026-10-25' });
    expect(await first('coeliac so no pasta for me sadly')).toMatchObject({ content: 'User is coeliac', slot: 'user.health.coeliac_disease' });
    expect(await first('im asthmatic so the smoke got me')).toMatchObject({ content: 'User is asthmatic', slot: 'user.health.asthma' });
    expect(await first('i have migraines like every week')).toMatchObject({ content: 'User has migraines' });
    expect(await first("i'm deaf in one ear so speak up lol")).toMatchObject({ content: 'User is deaf in one ear' });
    expect(await first('im allergic to penicillin just so u know for the form')).toMatchObject({ content: 'User is allergic to penicillin', slot: 'user.allergy.penicillin' });
    expect(await first('my dad has dementia, its been hard')).toMatchObject({ content: "User's dad has dementia", slot: 'user.dad.health.dementia' });
    // One of several sons, but the state names itself: its slot ends only that state ("no longer …"), not another son's age.
    expect(await first('my son has autism and we just got the diagnosis')).toMatchObject({ content: "User's son has autism", slot: 'user.son.health.autism' });
    expect(await first('my friend has adhd')).toMatchObject({ content: "User's friend has ADHD", slot: null });
    expect(await first('my husband was diagnosed with epilepsy in march')).toMatchObject({ slot: 'user.husband.health.epilepsy', day: '2026-03-01' });
    // A key has no apostrophe.
    expect(await first("i've got crohn's tbh")).toMatchObject({ content: "User has Crohn's disease", slot: 'user.health.crohns_disease' });
  });

  it('passing illness, a worry, a guess, a question or a word that only looks like one says none', async () => {
    for (const text of [
      'i have a cold', "i've got covid again ffs", 'i have anxiety about tomorrow', 'i have cancer research on monday', 'i have ms teams open',
      'i think i have adhd lol', 'if i was diagnosed with adhd it would explain a lot', 'do i have covid?', 'my mum has a cold',
    ]) {
      expect((await read(text)).filter((s) => s.slot?.includes('.health.')), text).toEqual([]);
    }
    // A second state after "and", with the verb that suits it.
    expect((await read("i'm 35 and diabetic")).map((s) => s.slot)).toEqual(['user.age', 'user.health.diabetes']);
    expect((await read('my son has autism and adhd')).map((s) => s.content)).toEqual(["User's son has autism", "User's son has ADHD"]);
    // A pet or children after "and" is what else they have; anything else after "and" says nothing more.
    expect((await read('i have diabetes and a cat')).map((s) => s.content)).toEqual(['User has diabetes', 'User has a cat']);
    expect((await read('i have asthma and two kids lol')).map((s) => s.content)).toEqual(['User has asthma', 'User has two kids']);
    expect((await read('i have adhd and a dog named rex')).map((s) => s.content)).toEqual(['User has ADHD', 'User has a dog named rex']);
    expect((await read('i have asthma and a cold')).map((s) => s.content)).toEqual(['User has asthma']);
    expect((await read('allergic to cats and dogs')).map((s) => s.slot)).toEqual(['user.allergy.cats', 'user.allergy.dogs']);
    expect((await read("i'm a coeliac and a liverpool fan")).map((s) => s.slot)).toEqual(['user.health.coeliac_disease', 'user.opinion.liverpool']);
    expect((await read("i'm 34 and tired")).map((s) => s.slot)).toEqual(['user.age']);
    // Allergic in jest is no allergy; to a thing no list knows, the general reading stands.
    for (const text of ['allergic to mondays 😂', "i'm allergic to hard work", 'im allergic to people lol']) expect(await read(text), text).toEqual([]);
    expect(await first('my cat is allergic to chicken')).toMatchObject({ content: "User's cat is allergic to chicken" });
  });
});

describe('fans, night owls and dog people', () => {
  it('an opinion of the team, band or show, and a kind of person', async () => {
    expect(await read("i'm a huge arsenal fan")).toEqual([{ content: 'User is a fan of arsenal', slot: 'user.opinion.arsenal', value: 'like', day: null }]);
    expect(await first('big fan of the office (uk obvs)')).toMatchObject({ content: 'User is a fan of the office', value: 'like' });
    expect(await first('obsessed with taylor swift rn')).toMatchObject({ content: 'User is obsessed with taylor swift', slot: 'user.opinion.taylor_swift' });
    expect(await first("i'm a night owl")).toMatchObject({ content: 'User is a night owl', slot: 'user.chronotype', value: 'night' });
    expect(await first("i'm a morning person now, who am i")).toMatchObject({ slot: 'user.chronotype', value: 'morning' });
    expect(await first("i'm more of a dog person")).toMatchObject({ content: 'User is a dog person', slot: 'user.pet_person', value: 'dog' });
    // A title is keyed whole.
    expect(await first('huge fan of breaking bad')).toMatchObject({ slot: 'user.opinion.breaking_bad' });
    expect(await first('huge fan of the last of us')).toMatchObject({ slot: 'user.opinion.last_of_us' });
  });

  it('no fan, no team, or no liking says none of these', async () => {
    for (const text of [
      "i'm not a huge arsenal fan", "i'm a fan", "i'm obsessed with you", 'im mad about work', 'addicted to my phone', "i'm a huge fan of yours",
      "i'm a huge fan of my wife's cooking", "i'm a fan of the new boss", "oh yeah i'm SUCH a morning person 🙄",
    ]) {
      expect((await read(text)).filter((s) => s.value === 'like'), text).toEqual([]);
    }
  });
});

describe('states that are over', () => {
  it('a condition, an allergy, a team or a kind of person given up ends its slot (`ended:`), so it supersedes', async () => {
    expect(await read("i don't have diabetes anymore")).toEqual([{ content: 'User no longer has diabetes', slot: 'user.health.diabetes', value: 'ended:yes', day: null }]);
    expect(await first("i'm not diabetic any more")).toMatchObject({ content: 'User is no longer diabetic', slot: 'user.health.diabetes', value: 'ended:yes' });
    expect(await first("i haven't got asthma anymore!! the new meds worked")).toMatchObject({ content: 'User no longer has asthma', slot: 'user.health.asthma' });
    expect(await first('i used to have asthma')).toMatchObject({ content: 'User no longer has asthma', value: 'ended:yes' });
    // Said without "I", as chats do.
    expect(await first('not allergic to cats any more')).toMatchObject({ slot: 'user.allergy.cats', value: 'ended:yes' });
    expect(await first('no longer an arsenal fan')).toMatchObject({ slot: 'user.opinion.arsenal', value: 'ended:like' });
    expect(await first('no longer diabetic thanks to keto')).toMatchObject({ slot: 'user.health.diabetes', value: 'ended:yes' });
    // "still" about something else leaves it over; a word after the allergen is no part of it.
    expect(await first("i dont have asthma anymore!! still cant believe it")).toMatchObject({ slot: 'user.health.asthma', value: 'ended:yes' });
    expect(await first('not allergic to cats anymore, still have hayfever tho')).toMatchObject({ slot: 'user.allergy.cats', value: 'ended:yes' });
    expect(await first('not allergic to cats anymore thank god')).toMatchObject({ slot: 'user.allergy.cats', value: 'ended:yes' });
    expect(await first('my son is allergic to eggs according to the test')).toMatchObject({ content: "User's son is allergic to eggs", slot: 'user.son.allergy.eggs' });
    expect(await first('allergic to peanut butter')).toMatchObject({ slot: 'user.allergy.peanut_butter' });
    expect(await first("i'm no longer allergic to penicillin")).toMatchObject({ content: 'User is no longer allergic to penicillin', slot: 'user.allergy.penicillin', value: 'ended:yes' });
    expect(await first('not an arsenal fan anymore, i support spurs now')).toMatchObject({ content: 'User is no longer a fan of arsenal', slot: 'user.opinion.arsenal', value: 'ended:like' });
    expect(await first("i'm no longer an arsenal fan")).toMatchObject({ slot: 'user.opinion.arsenal', value: 'ended:like' });
    expect(await first("i'm not a night owl anymore")).toMatchObject({ content: 'User is no longer a night owl', slot: 'user.chronotype', value: 'ended:night' });
    expect(await first("my dad doesn't have dementia anymore")).toMatchObject({ content: "User's dad no longer has dementia", slot: 'user.dad.health.dementia', value: 'ended:yes' });
  });

  it('each state a denial lists with "or" is over, not only the first', async () => {
    const slotsOf = async (text: string): Promise<[string | null, string | null][]> => (await read(text)).map((s) => [s.slot, s.value]);
    expect(await slotsOf("i'm no longer allergic to peanuts or shellfish")).toEqual([['user.allergy.peanuts', 'ended:yes'], ['user.allergy.shellfish', 'ended:yes']]);
    expect(await read("i don't have asthma or eczema anymore")).toEqual([
      { content: 'User no longer has asthma', slot: 'user.health.asthma', value: 'ended:yes', day: null },
      { content: 'User no longer has eczema', slot: 'user.health.eczema', value: 'ended:yes', day: null },
    ]);
    expect(await slotsOf("my sister isn't allergic to nuts or eggs anymore")).toEqual([['user.sister.allergy.nuts', 'ended:yes'], ['user.sister.allergy.eggs', 'ended:yes']]);
    expect(await slotsOf('no longer an arsenal fan or a spurs fan')).toEqual([['user.opinion.arsenal', 'ended:like'], ['user.opinion.spurs', 'ended:like']]);
    // Held, "and" lists them as before; "used to" too.
    expect(await slotsOf("i'm allergic to peanuts and shellfish")).toEqual([['user.allergy.peanuts', 'yes'], ['user.allergy.shellfish', 'yes']]);
    expect(await slotsOf('i used to have asthma and eczema')).toEqual([['user.health.asthma', 'ended:yes'], ['user.health.eczema', 'ended:yes']]);
  });

  it('"and" lists what ended (allergies, conditions), but not after a fan\'s love or before what holds now', async () => {
    const endedIn = async (text: string): Promise<(string | null)[]> => (await read(text)).filter((s) => s.value?.startsWith('ended:')).map((s) => s.slot);
    expect(await endedIn("i don't have asthma and eczema anymore")).toEqual(['user.health.asthma', 'user.health.eczema']);
    expect(await endedIn('no longer allergic to cats and dogs')).toEqual(['user.allergy.cats', 'user.allergy.dogs']);
    expect(await endedIn('no longer allergic to peanuts or shellfish these days')).toEqual(['user.allergy.peanuts', 'user.allergy.shellfish']);
    for (const text of ['not allergic to cats anymore, never was apparently', 'no longer a chelsea fan, never was to be honest']) expect(await read(text), text).toEqual([]);
  });

  it('after a denial, "and" tells of what holds now (a switch), and "or" before anything but a state splits as before', async () => {
    const endedIn = async (text: string): Promise<(string | null)[]> => (await read(text)).filter((s) => s.value?.startsWith('ended:')).map((s) => s.slot);
    expect(await endedIn("i'm no longer an arsenal fan and a proud spurs fan now")).toEqual(['user.opinion.arsenal']);
    expect(await endedIn('no longer an arsenal fan and a spurs fan now')).toEqual(['user.opinion.arsenal']);
    expect(await endedIn('i used to be an arsenal fan and now a spurs fan')).toEqual(['user.opinion.arsenal']);
    expect(await endedIn("my dad isn't a chelsea fan anymore and a fulham fan now")).toEqual(['user.dad.opinion.chelsea']);
    // Not states: read as before the "or" rule (the diet and the job still end).
    expect(await read("i'm no longer vegan or vegetarian")).toMatchObject([{ slot: 'user.diet', value: 'ended:vegan' }]);
    expect(await read("i'm not at google anymore or microsoft")).toMatchObject([{ slot: 'user.employer', value: 'ended:google' }]);
  });

  it('a state said never to have been held ends nothing; one never held before another ended leaves that one over', async () => {
    expect(await read('no longer a chelsea fan, never was tbh')).toEqual([]);
    expect(await read("i don't have asthma anymore, never had it really")).toEqual([]);
    expect((await read('i never was a fan of spurs but no longer an arsenal fan')).filter((s) => s.value?.startsWith('ended:'))).toMatchObject([{ slot: 'user.opinion.arsenal', value: 'ended:like' }]);
    // "never" of someone else, or of something else, leaves the ending.
    for (const [text, slot] of [
      ["i'm not allergic to cats anymore, my sister never was", 'user.allergy.cats'],
      ['not a chelsea fan anymore, my dad never was either', 'user.opinion.chelsea'],
      ["i don't have asthma anymore and i never was a smoker", 'user.health.asthma'],
      ["i'm no longer a night owl, never was good at staying up anyway", 'user.chronotype'],
      ["i'm not diabetic anymore, never did think i'd say that", 'user.health.diabetes'],
    ] as const) {
      expect((await read(text)).filter((s) => s.value?.startsWith('ended:')).map((s) => s.slot), text).toEqual([slot]);
    }
  });

  it("a sibling called little, older or twin keeps the slot of a condition or an allergy, as a plain sibling's does", async () => {
    expect(await first('my little brother is allergic to eggs')).toMatchObject({ content: "User's little brother is allergic to eggs", slot: 'user.little_brother.allergy.eggs', value: 'yes' });
    expect(await first('my older sister has asthma')).toMatchObject({ slot: 'user.older_sister.health.asthma' });
    expect(await first("my little brother isn't allergic to eggs anymore")).toMatchObject({ slot: 'user.little_brother.allergy.eggs', value: 'ended:yes' });
    // A friend is still one of many with no slot; a sibling's home is still slotless (which sister?).
    expect(await first('my best friend has asthma')).toMatchObject({ slot: null });
    expect(await first('my big sister lives in leeds')).toMatchObject({ slot: null });
  });

  it("someone else's words in quotes are theirs: given by a dash or a speech verb", async () => {
    expect(await read('"no longer an arsenal fan" - my dad every week')).toEqual([]);
    expect(await read('my dad said "no longer an arsenal fan"')).toEqual([]);
    expect(await read('"no longer an arsenal fan" says my dad lol')).toEqual([]);
    // Unattributed, they are the speaker's own.
    expect(await first('"no longer an arsenal fan" lol')).toMatchObject({ slot: 'user.opinion.arsenal', value: 'ended:like' });
    // A quote for emphasis, then a dash and a remark, is no one's words: nothing is read into what follows.
    for (const text of [
      'my favourite show is "severance" - obsessed', 'my favourite game is "hades" - played it 5 times', 'my favourite band is "the national" ~ love them',
      'i\'m allergic to "peanuts" - the worst', 'i just started at "the daily grind" - a cafe in leeds', 'my favourite film is "alien"\n- an absolute classic',
    ]) {
      expect((await read(text)).map((s) => s.content).join(' | '), text).not.toMatch(/obsessed|played it|love them|the worst|a cafe|classic/);
    }
  });

  it('a plain denial, a joke or a passing illness ends nothing', async () => {
    for (const text of [
      "i don't have adhd, i'm just disorganised", "i'm not a morning person", "i'm not a huge arsenal fan", "i'm not allergic to mondays anymore lol",
      'i used to have a cold', "i don't have anxiety about it anymore", "i don't have time anymore",
      'i used to have asthma and still do sometimes', 'i used to be allergic to cats but it came back',
      // A relative's too, and an eye-roll.
      'my son used to have asthma but its back', "my sister isn't allergic to nuts anymore but it came back", 'my sister is no longer allergic to nuts 🙄 sure',
    ]) {
      expect((await read(text)).filter((s) => s.value?.startsWith('ended:')), text).toEqual([]);
    }
  });
});

describe('deaths', () => {
  it("a relative's or a pet's death, dated by the clause", async () => {
    expect(await read('my grandad passed away last week')).toEqual([{ content: "User's grandad passed away", slot: null, value: null, day: '2026-11-18' }]);
    expect(await first('our cat died this morning 😭 rip milo')).toMatchObject({ content: "User's cat died", day: '2026-11-25' });
    expect(await first('we had to put our dog down last friday')).toMatchObject({ content: "User's dog died", day: '2026-11-20' });
    expect(await read('My dog Rex died in 2021, still miss him')).toMatchObject([{ content: "Rex is the user's dog" }, { content: 'Rex died', day: '2021-01-01' }]);
    expect(await first('lost my dad 2 years ago')).toMatchObject({ content: "User's dad died", day: '2024-11-25' });
    expect(await first('had to have our cat put to sleep on friday')).toMatchObject({ content: "User's cat died", day: '2026-11-20' });
    expect(await first('my grandma died on christmas eve')).toMatchObject({ day: '2025-12-24' });
  });

  it('a phone, a joke, a near miss or a test passed is no death', async () => {
    for (const text of [
      'my phone died', 'my battery died lol', 'i nearly died', 'i died laughing', 'my dad died laughing', 'our cat died in the game lol', 'my grandad passed the salt',
      "my gran's cat died", 'my dad would die if he saw this', 'my dad passed away in my dream', 'i lost my mum in the crowd', 'we lost our boss to a rival firm',
      'we lost our hamster last night',
    ]) {
      expect((await read(text)).filter((s) => /died|passed away/.test(s.content)), text).toEqual([]);
    }
  });
});

describe('dates such news carries', () => {
  const before = process.env.ENGRAM_DATE_ORDER;
  afterEach(() => {
    if (before === undefined) delete process.env.ENGRAM_DATE_ORDER;
    else process.env.ENGRAM_DATE_ORDER = before;
  });

  it("slash dates are read the person's way round; dots are always day first", async () => {
    process.env.ENGRAM_DATE_ORDER = 'day-first';
    expect(await first('started the job on 03/02/2025')).toMatchObject({ day: '2025-02-03' });
    expect(await first('my birthday is 3/4')).toMatchObject({ value: '04-03' });
    process.env.ENGRAM_DATE_ORDER = 'month-first';
    expect(await first('started the job on 03/02/2025')).toMatchObject({ day: '2025-03-02' });
    expect(await first('my birthday is 3/4')).toMatchObject({ value: '03-04' });
    // Only one reading is a date, or the dots say which.
    expect(await first('my birthday is 29/12')).toMatchObject({ value: '12-29' });
    expect(await first('got married on 3.4.2024')).toMatchObject({ day: '2024-04-03' });
  });

  it("without the setting, the system locale's order", () => {
    expect(localeDateOrder('en-GB')).toBe('day-first');
    expect(localeDateOrder('de-DE')).toBe('day-first');
    expect(localeDateOrder('en-US')).toBe('month-first');
  });

  it('"last tuesday" said on a Wednesday is the week before; a span of a perfect dates its start', async () => {
    expect(await first('last tuesday i started my new job at lidl')).toMatchObject({ value: 'lidl', day: '2026-11-17' });
    // "last monday" is that day of last week, Monday to Sunday, as "last tuesday" is (not two days ago).
    expect(await first('I started at Lidl last monday')).toMatchObject({ day: '2026-11-16' });
    expect(await first('my cat died last sunday')).toMatchObject({ day: '2026-11-22' });
    // A question reads "last monday" as the write path dated it, so it finds what was said of it.
    const window = impliedWindow('what did I do last monday?', SAID_AT);
    expect(new Date(window?.after ?? 0).toISOString().slice(0, 10)).toBe('2026-11-16');
    expect((window?.before ?? 0) - (window?.after ?? 0)).toBe(86_400_000);
    // By the calendar: two years before 25 November is 25 November.
    expect(await read("i've been sober for 2 years")).toEqual([{ content: 'User is sober', slot: 'user.uses.alcohol', value: 'no', day: '2024-11-25' }]);
    // How long it has held is no spell ("sober for a month" may be one; "dry january" is).
    expect(await first('been sober for 18 months')).toMatchObject({ slot: 'user.uses.alcohol', day: '2025-05-25' });
    expect(await read('been sober for 2 hours lol')).toEqual([]);
    expect(await first('been sober since 14/04/2021')).toMatchObject({ slot: 'user.uses.alcohol', day: '2021-04-14' });
  });

  it('a number before "on <weekday>" is what was counted, not an hour; a fortnight is two weeks', async () => {
    expect(await first('turned 19 on saturday')).toMatchObject({ content: 'User turned 19', value: '19', day: '2026-11-21' });
    expect(await first('i turned 30 on sat')).toMatchObject({ value: '30', day: '2026-11-21' });
    expect(await first('i turned 30 a fortnight ago')).toMatchObject({ value: '30', day: '2026-11-11' });
    expect(await first('i turned 30 about a fortnight ago')).toMatchObject({ value: '30', day: '2026-11-11' });
    expect(await first('we moved to leeds about a fortnight ago')).toMatchObject({ slot: 'user.residence', day: '2026-11-11' });
    expect(await first('we moved to leeds 2 fortnights ago')).toMatchObject({ slot: 'user.residence', day: '2026-10-28' });
  });
});
