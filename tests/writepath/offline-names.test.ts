/**
 * Issue 24, "I'm NAME" / "my name is" gives a name fact: the speaker's name and what they go by, typed as chats type them
 * (lower case, an emoji after, a surname no dictionary knows, "it's jo", "dana here"). Found by a blind review (session 26).
 */
import { describe, expect, it } from 'vitest';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';

const USER: Speaker = { name: 'User', isUser: true };
const SAID_AT = Date.parse('2026-11-25T09:00:00Z');

async function named(text: string): Promise<{ slot: string | null; value: string | null; content: string }[]> {
  return readStatements(await winkAnalyzer(), text, USER, SAID_AT)
    .filter((s) => s.slot === 'user.name' || s.slot === 'user.nickname')
    .map((s) => ({ slot: s.slot, value: s.value, content: s.content }));
}

describe('the speaker names themself the way chats do', () => {
  it('gives the name, and the person, from an introduction typed in lower case', async () => {
    const cases: [string, string][] = [
      ["hi i'm priya 👋", 'priya'],
      ["i'm dana whitfield, nice to meet u", 'dana whitfield'],
      ['my name is jo mcallister', 'jo mcallister'],
      ['hey its marcus', 'marcus'],
      ['dana here!', 'dana'],
      ['hi, jo here', 'jo'],
      // A capital typed on purpose in a lower-case message is a name when the name finder takes it for a person's.
      ["i'm Jordan", 'jordan'],
      // A second review's misses: a greeting as chats spell it, "btw" after the name, a greeting on a line of its own.
      ['hiya im tom lol', 'tom'],
      ["i'm ravi btw", 'ravi'],
      ['its liam btw', 'liam'],
      ["hey!\ni'm priya\nnew to leeds", 'priya'],
      ['my names dana', 'dana'],
    ];
    for (const [text, value] of cases) expect(await named(text), text).toMatchObject([{ slot: 'user.name', value }]);
    const read = readStatements(await winkAnalyzer(), "i'm dana whitfield, nice to meet u", USER, SAID_AT);
    expect(read[0]?.entities).toMatchObject([{ name: 'Dana Whitfield', type: 'person' }]);
  });

  it('reads what an introduction goes on to say after commas: an age, a home, a hometown (session 36)', async () => {
    const all = async (text: string) => readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => ({ slot: s.slot, value: s.value }));
    expect(await all("I'm Dana, 34, living in Leeds")).toEqual([
      { slot: 'user.name', value: 'dana' },
      { slot: 'user.age', value: '34' },
      { slot: 'user.residence', value: 'leeds' },
    ]);
    expect(await all("Hi! I'm Dana, 34")).toEqual([{ slot: 'user.name', value: 'dana' }, { slot: 'user.age', value: '34' }]);
    expect(await all('hi im Dana, 34, from Leeds')).toEqual([{ slot: 'user.name', value: 'dana' }, { slot: 'user.age', value: '34' }, { slot: 'user.origin', value: 'leeds' }]);
    expect(await all("I'm 34, living in Leeds")).toEqual([{ slot: 'user.age', value: '34' }, { slot: 'user.residence', value: 'leeds' }]);
    // "… and based in Bristol" goes on as a comma does (session 37).
    expect(await all("I'm Dana Whitfield, 29 and based in Bristol")).toEqual([
      { slot: 'user.name', value: 'dana whitfield' },
      { slot: 'user.age', value: '29' },
      { slot: 'user.residence', value: 'bristol' },
    ]);
    expect(await all("I'm Sam and from Glasgow originally")).toEqual([{ slot: 'user.name', value: 'sam' }, { slot: 'user.origin', value: 'glasgow' }]);
    expect(await all("I'm 29 and living in Bristol")).toEqual([{ slot: 'user.age', value: '29' }, { slot: 'user.residence', value: 'bristol' }]);
    // Not after anything but a name or an age.
    expect(await all("I'm tired and living in chaos")).toEqual([]);
    // Not an age (a count of something), not a place ("from the council" says who they work for).
    expect(await all("I'm tired, 34 hours without sleep")).toEqual([]);
    expect(await all("I'm Dana, from the council")).toEqual([{ slot: 'user.name', value: 'dana' }]);
  });

  it('gives what they go by, asked for in lower case', async () => {
    const cases: [string, string][] = [
      ['call me lizzie', 'lizzie'],
      ['everyone calls me bex', 'bex'],
      ['i go by alex now', 'alex'],
      ['my nickname is bex', 'bex'],
      ['my nickname is Bex', 'bex'],
      ['my mates call me gaz', 'gaz'],
    ];
    for (const [text, value] of cases) expect(await named(text), text).toMatchObject([{ slot: 'user.nickname', value }]);
  });

  it('takes no mood, errand, joke or other person for a name', async () => {
    for (const text of [
      'call me later',
      'call me pls',
      'call me tmrw',
      'call me crazy but i love it',
      'call me when u land',
      'she calls me babe',
      'i go by train',
      "i'm will be there",
      'hey its raining',
      "hey it's me",
      'Im Knackered',
      "i'm Batman",
      "i'm Hungry",
      "i'm King",
      "i'm Tesco",
      "i'm London",
      'call me Tomorrow',
      'everyone calls me Crazy',
      'they used to call me bex',
      'im so done',
      "my sister's name is priya",
      "i'm hungy lol",
      "i'm tird",
      'its raining btw',
      'my names r hard to spell',
    ]) {
      expect(await named(text), text).toEqual([]);
    }
  });
});

describe('a first name that is a dictionary word too (session 28)', () => {
  it('is the speaker\'s name where an introduction says it, typed capitalised or after a greeting', async () => {
    const cases: [string, string][] = [
      ["I'm Max", 'max'],
      ["I'm Max and I live in Leeds", 'max'],
      ["Hi, I'm Robin.", 'robin'],
      ["I'm Lee", 'lee'],
      ["I'm Frank, nice to meet you", 'frank'],
      ["hi i'm lee", 'lee'],
      ["hi i'm max 👋", 'max'],
      ["hi i'm bill, new here", 'bill'],
      ['max here', 'max'],
      ['hey its max', 'max'],
      ['my name is bill', 'bill'],
    ];
    for (const [text, value] of cases) expect(await named(text), text).toMatchObject([{ slot: 'user.name', value }]);
    expect(await named('everyone calls me ray')).toMatchObject([{ slot: 'user.nickname', value: 'ray' }]);
  });

  it('is the name where the words ask for one, though the tagger reads it as a verb (session 28 review)', async () => {
    const cases: [string, string, string][] = [
      ['my name is will', 'user.name', 'will'],
      ['my name is hope', 'user.name', 'hope'],
      ["name's frank", 'user.name', 'frank'],
      ["i'm called hope", 'user.name', 'hope'],
      ['call me will', 'user.nickname', 'will'],
      ['I go by Will', 'user.nickname', 'will'],
      ['Jack here', 'user.name', 'jack'],
      ["Hey it's Lily!", 'user.name', 'lily'],
      ["I'm Will", 'user.name', 'will'],
      ["I'm Drew", 'user.name', 'drew'],
      ["i'm drew", 'user.name', 'drew'],
      ['hey, im drew, your new flatmate', 'user.name', 'drew'],
      ["hey i'm will", 'user.name', 'will'],
      ["Hi, I'm Hope. I'm 25 and I live in Leeds.", 'user.name', 'hope'],
      // A first name with less said around it: the whole message, an emoji, "nice to meet", "new to", "from …".
      ["i'm max 😊", 'user.name', 'max'],
      ["i'm hope, nice to meet u", 'user.name', 'hope'],
      ["i'm lee, new to the group", 'user.name', 'lee'],
      ["hey there, i'm joy", 'user.name', 'joy'],
      ["i'm sarah from the gym", 'user.name', 'sarah'],
      ["I'm Max from next door", 'user.name', 'max'],
    ];
    for (const [text, slot, value] of cases) expect(await named(text), text).toMatchObject([{ slot, value }]);
  });

  it('stays a word where it is one: a mood, a title, a month, a way to travel', async () => {
    for (const text of [
      "I'm frank with you: it sucks",
      "I'm Happy",
      "I'm Free!",
      "I'm Back",
      "I'm Home",
      'hey i\'m free',
      'hi im bored',
      "i'm King",
      "I'm going by car",
      'im going by bus now',
      'call me tuesday',
      // Session 28's review of these: a title or a song in capitals, a verb that goes on, a mood, someone else's.
      "I'm Still Standing",
      "I'm On Fire",
      "I'm Only Human",
      "I'm Vibing",
      "I'm Head Girl",
      'hi im will be there in 5',
      "I'm Hope you're well",
      "i'm Cross",
      "hi max here, max's mum",
      "I'm Max's mum",
      'this is Max, my brother',
      "I'm Nan now!!",
      "i'm hungy",
      "i'm ginger",
      'im arty',
      'im dead 😂',
      "I'm back from holiday",
      "I'm Rich Lol",
    ]) {
      expect(await named(text), text).toEqual([]);
    }
    // A name that was is no name now; a name that is a month is no date.
    expect(await named('my name was will')).toEqual([]);
    expect(readStatements(await winkAnalyzer(), 'my name is april', USER, SAID_AT).map((s) => [s.value, s.eventTime])).toEqual([['april', null]]);
    // "my sister's name is april": a month's name is still the sister's.
    const read = readStatements(await winkAnalyzer(), "my sister's name is april", USER, SAID_AT);
    expect(read.map((s) => s.content)).toEqual(["April is the user's sister"]);
  });
});

describe('an introduction as a chat opens with it (session 41)', () => {
  it('a name no dictionary knows, before what the speaker is called instead, is their name', async () => {
    expect(await named('yuki (people call me yu)')).toEqual([
      { slot: 'user.name', value: 'yuki', content: "User's name is Yuki" },
      { slot: 'user.nickname', value: 'yu', content: 'User goes by Yu' },
    ]);
    expect((await named('oluwaseun but pls call me seun')).map((s) => s.value)).toEqual(['oluwaseun', 'seun']);
    expect((await named('hi! siobhan, everyone calls me shiv')).map((s) => s.value)).toEqual(['siobhan', 'shiv']);
    // Not a mood or an errand before "call me".
    expect(await named('sorry, but pls call me later')).toEqual([]);
    expect(await named('hungry but pls call me back')).toEqual([]);
    // A chat's short forms open a message as a name would; what follows "call me" must read as a name.
    for (const text of ['im omw, pls call me when ur here', 'bby, pls call me back', 'welp, everyone calls me old now', 'ikr, people call me a nerd']) {
      expect((await named(text)).filter((s) => s.slot === 'user.name'), text).toEqual([]);
    }
  });

  it('"NAME here" stands though a friend\'s word about the assistant follows; someone else introduced does not', async () => {
    expect((await named("priya here, my friend said you're good for keeping track of stuff")).map((s) => s.value)).toEqual(['priya']);
    expect(await named('Dana here! is what my sister says')).toEqual([]);
    expect(await named("dana here, my sister said she'd join")).toEqual([]);
    // Someone's "you said" may be anyone's words.
    expect(await named('mike here, you said you would call')).toEqual([]);
  });

  it('a name, a place and a role typed as fragments are the speaker\'s name, home and job', async () => {
    const read = async (text: string) => readStatements(await winkAnalyzer(), text, USER, SAID_AT).map((s) => [s.slot, s.value]);
    expect(await read('marco. berlin. junior dev at zalando')).toEqual([
      ['user.name', 'marco'],
      ['user.residence', 'berlin'],
      ['user.occupation', 'junior dev'],
      ['user.employer', 'zalando'],
    ]);
    expect(await read('ben. austin tx. work at dell')).toEqual([
      ['user.name', 'ben'],
      ['user.residence', 'austin'],
      ['user.employer', 'dell'],
    ]);
    // Without a word of work or age after them, names and places in fragments are as often a list of who and where.
    expect(await read('dana. paris. it was lovely')).toEqual([]);
    expect(await read('ben. austin. sam. all came')).toEqual([]);
    for (const text of ['tom. paris. work trip next week', 'james. leeds. work was awful today', 'sarah. rome. 25']) expect(await read(text), text).toEqual([]);
  });
});
