/**
 * Session 27's blind review of the offline reader on the people in a person's life (736 messages): partners who died or
 * are exes now, a thing named after a relation ("my bf Xbox obsession"), hyphenated names and relations, relatives named
 * beside the relation ("tom (my bf)"), a marriage that was, a crush's joke.
 */
import { describe, expect, it } from 'vitest';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';

const USER: Speaker = { name: 'User', isUser: true };
const SAID_AT = Date.parse('2026-11-25T09:00:00Z');

async function read(text: string): Promise<{ content: string; slot: string | null; value: string | null }[]> {
  return readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => ({ content: s.content, slot: s.slot, value: s.value }));
}

const partner = async (text: string): Promise<(string | null)[]> => (await read(text)).filter((f) => f.slot === 'user.partner').map((f) => f.value);

describe("review 40's findings: partners no more", () => {
  it('writes a partner who died, is an ex now or is gone as one that was', async () => {
    expect(await read('my husband James passed away')).toEqual([
      { content: "James was the user's husband", slot: 'user.partner', value: 'ended:james' },
      { content: 'James passed away', slot: null, value: null },
    ]);
    for (const [text, name] of [
      ['my wife Sarah died in 2022', 'sarah'],
      ["my husband James who passed in 2020 would've loved this", 'james'],
      ['my husband James, who died last year, loved this song', 'james'],
      ['my husband James is my ex now', 'james'],
      ['my bf tom is an ex now', 'tom'],
      ['my bf tom cheated on me so hes gone', 'tom'],
      ["my boyfriend Tom cheated on me so we're done", 'tom'],
      ['my ex-husband Mark lives in York', 'mark'],
      ['my ex gf Mel texted me', 'mel'],
      ['my late husband Jim loved fishing', 'jim'],
      ['i was married to Claire', 'claire'],
      ['i was married to a guy called Pete for 10 years', 'pete'],
      ["i'm no longer married to Claire", 'claire'],
      ['my partner Jo walked out on us in may', 'jo'],
      // Review 41: a death in brackets or dashes, said another way, or a funeral.
      ['my husband Jim (who died in 2019) loved boats', 'jim'],
      ['my husband Jim - who passed in 2019 - loved boats', 'jim'],
      ['my husband James passed on monday', 'james'],
      ['my husband Gary is in heaven now', 'gary'],
      ['my husband Gary is no longer with us', 'gary'],
      ['my wife Mo lost her battle with cancer', 'mo'],
      ['my wife Mo is no more', 'mo'],
      ['my husband James was killed in a car crash', 'james'],
      ["my wife Mo's funeral is on friday", 'mo'],
      ['my wife Mo is no longer my wife', 'mo'],
      ['my wife Nina isnt my wife anymore', 'nina'],
    ] as const) {
      expect(await partner(text), text).toEqual([`ended:${name}`]);
    }
  });

  it('keeps a partner who is only late, away or gone for a while, and a marriage that holds', async () => {
    for (const [text, name] of [
      ['my husband James is late again', 'james'],
      ['my husband John is gone for the weekend', 'john'],
      ['my husband John is away for work', 'john'],
      ["i'm married to Claire", 'claire'],
      ["i've been married to Tom for 10 years", 'tom'],
    ] as const) {
      expect(await partner(text), text).toEqual([name]);
    }
    // Review 41: a word of death or an "ex" that says something else ends no one.
    for (const [text, name] of [
      ['my husband Ian passed his driving test today!!', 'ian'],
      ['my husband James passed out after 3 pints', 'james'],
      ['my bf Tom passed on the job offer', 'tom'],
      ['my husband Jim who passed his test loved boats', 'jim'],
      ['my husband James died laughing', 'james'],
      ['my husband James is dead tired', 'james'],
      ['my husband James is dead set on buying a boat', 'james'],
      ['my husband Phil is an ex-smoker', 'phil'],
      ['my husband Phil is an ex soldier', 'phil'],
      ['my husband Gary is no longer at tesco', 'gary'],
      ['my husband Gary is in heaven at this spa lol', 'gary'],
      ['my husband Gary is no longer with us at the party, he went home', 'gary'],
      ['my wife Mo lost her battle with the printer', 'mo'],
      ['my wife Mo is no more than 5ft tall', 'mo'],
      ["i'm married to Claire now lol", 'claire'],
    ] as const) {
      expect(await partner(text), text).toEqual([name]);
    }
    // A wedding told ("was married to Tom in 2010", "… yesterday") says nothing of now; nor being apart for now.
    expect(await partner('i was married to Tom in 2010')).toEqual([]);
    expect(await partner('i was married to Claire yesterday!!')).toEqual([]);
    expect(await partner("i'm not with Tom at the moment, he's at work")).toEqual([]);
    expect((await read('my husband Phil is an ex-smoker')).filter((f) => f.slot?.endsWith('.occupation'))).toEqual([]);
    expect((await read("we were over at my mum's, my husband John cooked")).filter((f) => f.slot === 'user.partner').map((f) => f.value)).toEqual(['john']);
  });
});

describe("review 40's findings: who is named", () => {
  it('takes no thing after a relation for the relative: a possessive without its "\'s"', async () => {
    for (const text of [
      'my bf Xbox obsession is getting out of hand',
      'my bf PlayStation addiction is real',
      'my mum Greggs addiction 😂',
      'my sister TikTok dances are cringe',
      'my sister Primark haul was massive',
      'my sister Zara jacket suits her',
      'my husband Amazon order came today',
      'my brother Ferrari poster lol',
      'netflix is my boyfriend now',
      'Tom Hardy is my husband, he just doesnt know it yet',
      "my husband Harry Styles doesn't know i exist",
    ]) {
      expect((await read(text)).filter((f) => f.slot?.endsWith('.partner') || f.slot?.includes('.relation.')), text).toEqual([]);
    }
    // A verb in "s" after the name is the relative's own ("lives", "texts", "loves"), whatever the tagger calls it.
    expect((await read('my sister Ana lives in Warsaw')).map((f) => f.content)).toEqual(["Ana is the user's sister", 'Ana lives in Warsaw']);
    expect((await read('my sister Ana texts me every day')).map((f) => f.content)).toEqual(["Ana is the user's sister"]);
    expect((await read('my bf tom loves dogs')).map((f) => f.content)).toEqual(["Tom is the user's boyfriend", 'Tom loves dogs']);
    expect((await read('my sister Ana today is 12')).map((f) => f.content)).toContain("Ana is the user's sister");
  });

  it('keeps a hyphenated name whole and reads hyphenated, step-, in-law, twin and little relations', async () => {
    expect((await read('my cousin Jean-Luc is visiting')).map((f) => f.content)).toEqual(["Jean-Luc is the user's cousin"]);
    expect((await read('my gf Mary-Kate is lovely')).map((f) => f.content)).toEqual(["Mary-Kate is the user's girlfriend"]);
    expect((await read('my niece Lily-Rose turns 3 tomorrow')).map((f) => f.content)).toContain("Lily-Rose is the user's niece");
    // A first name the tagger reads as a verb ("Sue", "Josh") is still the relative's, and so is what is said of them.
    expect((await read('my aunt Sue is 70')).map((f) => f.content)).toEqual(["Sue is the user's aunt", 'Sue is 70 years old']);
    expect((await read('my aunt Sue lives in wales')).map((f) => f.content)).toContain("Sue is the user's aunt");
    for (const [text, relation] of [
      ['my step-dad Gary is a builder', 'step-dad'],
      ['my stepmum Linda is lovely', 'stepmum'],
      ['my mother-in-law Pam is staying with us', 'mother-in-law'],
      ['my sister-in-law Kate had her baby!', 'sister-in-law'],
      ['my half-sister Becca is 9', 'half-sister'],
      ['my little sister ellie is 12', 'little sister'],
      ['my lil sis Ellie is 12', 'little sister'],
      ['my twin brother josh is a nurse', 'twin brother'],
      ['my nan margaret turned 90', 'nan'],
      ['my mam Sheila is 60', 'mam'],
    ] as const) {
      expect((await read(text)).filter((f) => f.slot?.includes('.relation.')).map((f) => f.value), text).toEqual([relation]);
    }
    // A capital word the tagger calls a verb is a name only before its clause's verb.
    expect((await read('my mum Said no')).filter((f) => f.slot?.includes('.relation.'))).toEqual([]);
  });

  it('reads a relative named beside the relation, and not the one a correction rejects', async () => {
    for (const [text, name, relation] of [
      ['tom (my bf) is coming over', 'Tom', 'boyfriend'],
      ['James, my husband, is a teacher', 'James', 'husband'],
      ['my husband (Mike) is a chef', 'Mike', 'husband'],
      ['sarah (my wife) says hi', 'Sarah', 'wife'],
    ] as const) {
      expect((await read(text)).map((f) => f.content), text).toContain(`${name} is the user's ${relation}`);
    }
    expect((await read('thanks Tom, my husband says hi')).filter((f) => f.slot === 'user.partner')).toEqual([]);
    // A death said beside is a death: no current partner.
    expect(await partner('Tony, my husband, passed in 2020')).toEqual([]);
    expect(await partner('my husband (Tony) passed in 2020')).toEqual([]);
    expect((await read('sorry i meant my brother Sam, not my cousin Sam')).map((f) => f.value)).toEqual(['brother']);
  });

  it('reads no job in an identity, and nothing of one alone in what two do to each other', async () => {
    expect(await read("i dont have a husband, i'm a lesbian")).toEqual([{ content: 'User is a lesbian', slot: null, value: null }]);
    expect(await read("i'm a lesbian nurse")).toEqual([{ content: 'User is a lesbian nurse', slot: 'user.occupation', value: 'nurse' }]);
    expect(await read("my brother and i haven't spoken in 3 years")).toEqual([]);
    expect(await read('me and my mum fell out')).toEqual([]);
    expect((await read('my brother and i went to rome')).map((f) => f.content)).toEqual(['User went to Rome']);
  });
});

describe('session 27: introductions and then-and-now', () => {
  it('takes a lower-case name no dictionary knows, at "here" or "it\'s", for the speaker\'s', async () => {
    for (const [text, name] of [
      ['priya here 👋', 'priya'],
      ['hey, kev here', 'kev'],
      ['its priya btw', 'priya'],
      ['hey its kev', 'kev'],
      ["hi it's oisin 👋", 'oisin'],
    ] as const) {
      expect(await read(text), text).toMatchObject([{ slot: 'user.name', value: name }]);
    }
    for (const text of ['london here', 'sunny here', 'hey, raining here', 'mum here', 'its raining', 'hey its cold', 'its priya', 'hey its me']) {
      expect(await read(text), text).toEqual([]);
    }
  });

  it('reads "formerly at" and "we used to live in" before a now', async () => {
    const slots = async (text: string): Promise<[string | null, string | null][]> => (await read(text)).map((f) => [f.slot, f.value]);
    expect(await slots('formerly at barclays, now at monzo')).toEqual([['user.employer', 'ended:barclays'], ['user.employer', 'monzo']]);
    expect(await slots('formerly a nurse, now a paramedic')).toEqual([['user.occupation', 'paramedic']]);
    expect(await slots('we used to live in paris, now in lyon')).toEqual([['user.residence', 'lyon']]);
    // ("a vaper" is no job, but a habit: session 29.)
    expect(await slots('formerly a smoker, now a vaper')).toEqual([['user.uses.vaping', 'yes']]);
    expect(await slots('my parents used to live in paris, now in lyon')).toEqual([]);
  });
});

describe("review 40's misses", () => {
  it('reads a partner that was, said after the name or by the speaker who left', async () => {
    for (const [text, value] of [
      ['tom is my ex', 'ended:tom'],
      ['tom was my bf', 'ended:tom'],
      ['Claire was my wife', 'ended:claire'],
      ['Tom is my ex-boyfriend', 'ended:tom'],
      ['my wife left me in january', 'ended:'],
      ['i left my husband in 2019', 'ended:'],
      ['i left my wife Sarah', 'ended:sarah'],
      ['i used to be married to Nina', 'ended:nina'],
      ['my husband Phil and i have split', 'ended:phil'],
      ['lost my husband Ken 5 years ago', 'ended:ken'],
      ['i lost my wife Mo last year', 'ended:mo'],
      ['my husband Phil and i are separated now', 'ended:phil'],
    ] as const) {
      expect(await partner(text), text).toEqual([value]);
    }
    expect(await partner('my husband Phil and i split the bill')).toEqual(['phil']);
    expect(await partner('my husband Phil and i are separated by 200 miles during the week')).toEqual(['phil']);
    expect(await partner('me and my bf Kai are done')).toEqual([]);
    expect(await partner('i lost my wife Mo at ikea')).toEqual([]);
    // A threat is no news, and a break-up being given another go is no ending.
    expect(await partner('my bf tom is an ex now, if he doesnt apologise')).toEqual(['tom']);
    expect(await partner("we broke up but we're giving it another go")).toEqual([]);
    for (const text of ['i left my husband at home', 'left my bf in bed lol', 'my wife left me in charge', 'i used to be married to a banker']) {
      expect(await partner(text), text).toEqual([]);
    }
    expect(await read('Tom was my teacher')).toMatchObject([{ content: "Tom was the user's teacher", slot: 'tom.relation.user', value: 'teacher' }]);
  });

  it('reads a name between commas after the relation, "auntie", and "my girlfriends name is"', async () => {
    expect((await read('my husband, Mike, is a chef')).map((f) => f.content)).toContain("Mike is the user's husband");
    expect((await read('my husband, obviously, is a chef')).filter((f) => f.slot === 'user.partner')).toEqual([]);
    expect((await read('my auntie Sue is a hairdresser')).map((f) => f.content)).toEqual(["Sue is the user's auntie", 'Sue is a hairdresser']);
    expect(await read('my girlfriends name is Beth')).toMatchObject([{ content: "Beth is the user's girlfriend", value: 'beth' }]);
  });
});

describe("review 42's findings: habits", () => {
  it('takes no joke, sarcasm or a day\'s try for a habit dropped', async () => {
    for (const text of ['i quit smoking every monday lol', 'i quit drinking every sunday morning 😂', '"quit smoking" they said, "it\'ll be easy" they said 🙄', "ok i've officially quit sugar (for today)"]) {
      expect((await read(text)).filter((f) => f.slot !== null), text).toEqual([]);
    }
    expect(await read('i quit smoking')).toMatchObject([{ slot: 'user.uses.smoking', value: 'no' }]);
  });

  it('keeps drinks of a kind apart from alcohol, an app left apart from a job, and no "sooo" in a slot', async () => {
    expect(await read('i gave up fizzy drinks a fortnight ago')).toMatchObject([{ slot: 'user.uses.fizzy_drinks', value: 'no' }]);
    expect(await read('i gave up drinks')).toMatchObject([{ slot: 'user.uses.alcohol', value: 'no' }]);
    // "this time last year", "sunday just gone": dated, and not left in the words.
    expect(await read('i quit smoking this time last year')).toMatchObject([{ content: 'User quit smoking', slot: 'user.uses.smoking', value: 'no' }]);
    expect((await read('started keto sunday just gone')).map((f) => f.content)).toEqual(['User started keto']);
    expect(await read('i left twitter when musk bought it')).toMatchObject([{ slot: 'user.uses.twitter', value: 'no' }]);
    expect(await read('i quit tiktok')).toMatchObject([{ slot: 'user.uses.tiktok', value: 'no' }]);
    expect(await read('i left twitter, the job was killing me')).toMatchObject([{ slot: 'user.employer', value: 'ended:twitter' }]);
    expect(await read('deleted tiktok on monday')).toMatchObject([{ slot: 'user.uses.tiktok', value: 'no' }]);
    expect(await read('i deleted my facebook account')).toMatchObject([{ slot: 'user.uses.facebook', value: 'no' }]);
    // A numeric date that ends the words bare is written out as the day.
    expect(await read('i deleted my facebook 29.12.2023')).toMatchObject([{ content: 'User deleted their Facebook on 29 December 2023' }]);
    for (const text of ['i deleted the photos', 'deleted the photos lol', 'i deleted tiktok for a week', 'i never deleted tiktok']) {
      expect((await read(text)).filter((f) => f.slot !== null), text).toEqual([]);
    }
    expect(await read('i love my new gym sooo much')).toMatchObject([{ content: 'User loves their new gym', slot: 'user.opinion.gym' }]);
  });

  it('writes an acronym the name finder knows in capitals', async () => {
    expect(await read('i work at ibm')).toMatchObject([{ content: 'User works at IBM', value: 'ibm' }]);
    expect(await read('i work at the bbc')).toMatchObject([{ content: 'User works at the BBC' }]);
  });
});
