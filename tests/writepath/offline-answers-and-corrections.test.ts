/**
 * What a message means by the one before it (session 30): a short answer to a question put to the speaker ("do you
 * still smoke?" / "nope quit in august"), a correction that says only the right name ("moved to leeds" / "*sheffield"),
 * and a diet said with what it allows ("vegetarian but eat fish"). Each chat is consolidated into a real memory.
 */
import { describe, expect, it } from 'vitest';
import { askedOf } from '../../src-main/writepath/nlp/answers';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { CHAT_SENT, offlineChat, type ChatFact } from '../helpers/offline-chat';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';
import { read } from '../helpers/user-says';

const chat = offlineChat;
type Fact = ChatFact;

const current = (facts: Fact[]): string[] => facts.filter((f) => f.current).map((f) => f.content).sort();
const slotted = (facts: Fact[]): string[] => facts.filter((f) => f.current && f.slot !== null).map((f) => `${f.slot}=${f.value}`).sort();

describe('a short answer to a question put to the speaker', () => {
  it('reads a give-up said without what was given up by the question, dated by its own time', async () => {
    const smoke = await chat('A: Do you still smoke?', 'nope quit in august');
    expect(smoke.filter((f) => f.current)).toMatchObject([{ content: 'User quit smoking in August', slot: 'user.uses.smoking', value: 'no', day: '2026-08-01' }]);
    expect(current(await chat('A: u still at tesco?', 'nah left in june'))).toEqual(['User left Tesco in June']);
    expect(slotted(await chat('A: still vegan?', 'nah gave up in march'))).toEqual(['user.diet=ended:vegan']);
    expect(current(await chat('A: do you still drink coffee?', 'nope gave up in october'))).toEqual(['User gave up drinking coffee in October']);
    expect(slotted(await chat('A: are you still with tom?', 'no, broke up in may'))).toEqual(['user.partner=ended:tom']);
  });

  it('reads a bare yes or no as the statement the question makes', async () => {
    expect(slotted(await chat('A: do you still smoke?', 'nope'))).toEqual(['user.uses.smoking=no']);
    expect(slotted(await chat('A: do you still smoke?', 'yeah sadly'))).toEqual(['user.uses.smoking=yes']);
    expect(slotted(await chat('A: still vegan?', 'not anymore lol'))).toEqual(['user.diet=ended:vegan']);
    expect(slotted(await chat('A: do you drink?', 'no never'))).toEqual(['user.uses.alcohol=no']);
  });

  it('reads a place said alone as the home or the work asked of', async () => {
    expect(slotted(await chat('A: where do you live now?', 'leeds'))).toEqual(['user.residence=leeds']);
    expect(slotted(await chat('A: where do you work?', 'tesco'))).toEqual(['user.employer=tesco']);
  });

  it('learns nothing from an answer that fills no slot, a question back, or an answer to no question', async () => {
    for (const [question, answer] of [
      ['do you want pizza?', 'yeah'],
      ['are you ok?', 'no'],
      ['are you coming tonight?', 'nope'],
      ['where do you live?', 'why?'],
      ['where do you live?', 'dunno'],
      ['how are you?', 'good'],
      ['Tell me about your week.', 'nope quit in august'],
    ] as const) {
      expect(slotted(await chat(`A: ${question}`, answer)), `${question} / ${answer}`).toEqual([]);
    }
  });

  it('reads an imported chat: the one who answers is the one the facts are about', async () => {
    const clock = new ManualClock(CHAT_SENT);
    const { engine } = openTestEngine({ clock });
    engine.saveReviewSettings({ import: 'at_once' });
    const { recordTranscript } = await import('../../src-main/data/import/record-transcript');
    const at = Date.parse('2026-10-10T19:00:00Z');
    const said = (speaker: string, text: string, minute: number) => ({ sessionId: 'imp', role: 'user' as const, content: `${speaker}: ${text}`, eventTime: at + minute * 60_000, attributes: { speaker } });
    await recordTranscript(engine, [said('Priya', 'omg do u still smoke??', 0), said('Tom', 'nah quit in august 💪', 1), said('Priya', 'proud of u', 2)]);
    await consolidateSession(engine, new OfflineExtractor(), 'imp');
    const facts = engine.listNodes({ types: ['semantic'] }).items;
    expect(facts.map((f) => [f.content, f.attributes.slot, f.attributes.value])).toEqual([['Tom quit smoking in August', 'tom.uses.smoking', 'no']]);
  });

  it('reads nothing of the speaker from an answer about someone else, a city for where one works, or two things at once', async () => {
    for (const [question, answer] of [
      ['does tom still live in leeds?', 'no moved to york'],
      ['are your parents still in leeds?', 'nah moved to york'],
      ['is your brother still with amy?', 'no, broke up in may'],
      ['where do you work?', 'leeds'],
      ['where do you work?', 'in london'],
      ['where do you work?', 'leeds city centre'],
      ['do you still smoke and drink?', 'no'],
      ['do you smoke?', "not really, only when i'm drunk"],
      ['are you still at work?', 'yep'],
      ['are you still at the pub?', 'yep'],
      ['are you still in bed?', 'yep'],
      ['do you drink?', 'yep, water'],
      ['do you smoke?', 'yep... joking'],
      ['are you vegetarian?', 'yep, jk'],
      ['do you eat meat?', 'nope, only chicken'],
      ['where do you live?', 'just outside york'],
    ] as const) {
      expect(current(await chat(`A: ${question}`, answer)), `${question} / ${answer}`).toEqual([]);
    }
  });

  it('reads answers as chats give them: emoji, a give-up alone, a name with its fillers, a name asked for', async () => {
    for (const answer of ['nooo quit in august 🎉', '🚭 quit in august', 'quit in august', 'yes quit in august']) {
      expect(current(await chat('A: do you still smoke?', answer)), answer).toEqual(['User quit smoking in August']);
    }
    expect(current(await chat('A: u still @ tesco?', 'nah left in june'))).toEqual(['User left Tesco in June']);
    for (const answer of ['leeds innit', 'Leeds 😊', 'leeds, you?', 'uh leeds']) expect(slotted(await chat('A: where do you live now?', answer)), answer).toEqual(['user.residence=leeds']);
    expect(current(await chat('A: where do you work?', 'Marks & Spencer'))).toEqual(['User works at Marks & Spencer']);
    expect(current(await chat('A: where do you work?', 'tesco x'))).toEqual(['User works at Tesco']);
    expect(slotted(await chat("A: what's your name?", 'jo'))).toEqual(['user.name=jo']);
    expect(slotted(await chat('A: what do you do for work?', 'nurse'))).toEqual(['user.occupation=nurse']);
    expect(slotted(await chat('A: where r u based?', 'manchester'))).toEqual(['user.residence=manchester']);
    expect(slotted(await chat('A: you still in london?', 'yeah'))).toEqual(['user.residence=london']);
    expect(slotted(await chat('A: still at tesco?', 'yep'))).toEqual(['user.employer=tesco']);
    expect(slotted(await chat('A: still smoking?', 'yeah nah'))).toEqual(['user.uses.smoking=no']);
    expect(current(await chat('A: do you drink?', 'not since march'))).toEqual(['User stopped drinking in March']);
    expect(current(await chat('A: you still at target?', 'nope, quit back in june'))).toEqual(['User left Target back in June']);
    for (const answer of ['student', 'in a van 😂']) expect(slotted(await chat('A: what do you do?', answer)), answer).toEqual([]);
    expect(slotted(await chat('A: where do you live?', 'in a van 😂'))).toEqual([]);
  });

  it('takes only a question addressed to one person, short, at the end of its message', () => {
    expect(askedOf('lol random q do u still vape?')).toEqual({ kind: 'do', asked: 'vape', still: true });
    expect(askedOf('u still at tesco?')).toEqual({ kind: 'are', asked: 'at tesco', still: true });
    expect(askedOf('are you vegan these days?')).toEqual({ kind: 'are', asked: 'vegan', still: true });
    expect(askedOf('where r u living now?')).toEqual({ kind: 'where', asked: 'live', still: false });
    expect(askedOf('do you guys still smoke?')).toBeNull();
    expect(askedOf('do you know what time it is?')).toBeNull();
    expect(askedOf('do you still smoke? anyway i quit')).toBeNull();
    expect(askedOf('do you think that the council will ever fix the road outside?')).toBeNull();
  });
});

describe('a correction that says only the right name', () => {
  it('reads the message before with it, citing both', async () => {
    for (const [said, fix, right] of [
      ['just moved to leeds', 'sorry i meant leicester', 'User lives in Leicester'],
      ['moved to leeds', '*sheffield', 'User lives in Sheffield'],
      ['moved to leeds', 'sheffield* lol', 'User lives in Sheffield'],
      ['i live in brighton', 'well hove actually', 'User lives in Hove'],
      ['i work at tesco', '*aldi', 'User works at Aldi'],
      ['i work at tesco', 'sorry i meant Sainsbury\'s', "User works at Sainsbury's"],
      ['moved to leeds', 'no, york', 'User lives in York'],
      ['moved to leeds', 'sorry i meant new york', 'User lives in New York'],
      ["hi i'm jo", '*joe', "User's name is Joe"],
    ] as const) {
      expect(current(await chat(said, fix)), `${said} / ${fix}`).toEqual([right]);
    }
  });

  it('puts right a correction of a correction, a month, a job, a diet, a liking and a pet', async () => {
    for (const [messages, right] of [
      [['i live in york', '*leeds', '*york'], ['User lives in York']],
      [['i live in york', '*leeds', 'no sorry york was right'], ['User lives in York']],
      [['i work at tesco', '*asda', '*aldi'], ['User works at Aldi']],
      [['A: where do you live now?', 'leeds', 'lol no, york'], ['User lives in York']],
      [['i quit smoking in august', '*july'], ['User quit smoking in July']],
      [['A: do you still smoke?', 'nope quit in august', '*july'], ['User quit smoking in July']],
      [["i'm a nurse", '*midwife'], ['User is a midwife']],
      [["i'm vegan", 'sorry vegetarian'], ['User is vegetarian']],
      [["i'm jo", "sorry it's joanna"], ["User's name is Joanna"]],
      [['moved to leeds', 'sheffield I mean'], ['User lives in Sheffield']],
      [['i live in brighton', 'well, hove, actually'], ['User lives in Hove']],
      [['i live in leeds', 'sheffield, not leeds'], ['User lives in Sheffield']],
      [['i live in leeds', 'not leeds, sheffield'], ['User lives in Sheffield']],
      [['i quit smoking in august', '*drinking'], ['User quit drinking in August']],
    ] as const) {
      expect(current(await chat(...messages)), messages.join(' / ')).toEqual(right);
    }
    const july = await chat('i quit smoking in august', '*july');
    expect(july.find((f) => f.current)?.day).toBe('2026-07-01');
    expect(slotted(await chat('i love leeds', '*york'))).toEqual(['user.opinion.york=like']);
    expect(slotted(await chat('my dog is called milo', '*max'))).toEqual(['max.relation.user=dog']);
  });

  it('dates a message by the answer to "when?", and puts a year or a count right', async () => {
    for (const [messages, day] of [
      [['i quit smoking', 'A: when?', 'august'], '2026-08-01'],
      [['i quit smoking', 'A: since when?', '2 months ago'], '2026-09-25'],
      [['i moved to leeds', 'A: when was that?', 'last christmas'], '2025-12-25'],
      [['i moved to leeds in march', '*2024'], '2024-03-01'],
      [['i moved to leeds in 2023', '*2024'], '2024-01-01'],
      [['i quit smoking 2 months ago', '*3'], '2026-08-25'],
    ] as const) {
      const facts = (await chat(...messages)).filter((f) => f.current);
      expect(facts.map((f) => f.day), messages.join(' / ')).toEqual([day]);
    }
    expect((await chat('i got married', 'A: when?', '2019')).filter((f) => f.current).map((f) => f.day)).toEqual(['2019-01-01']);
    // A time ahead: a plan, so nothing is done yet.
    expect(current(await chat('i quit smoking', 'A: when?', 'tomorrow'))).toEqual([]);
    // Not a time: the message keeps the day it was said.
    expect((await chat('i quit smoking', 'A: when?', 'why does it matter')).map((f) => f.day)).toEqual(['2026-11-25']);
  });

  it('keeps a known name from a misspelling of it', async () => {
    for (const [said, typo] of [['i live in leeds', '*leds'], ['i live in leeds', '*leeeds'], ['i work at tesco', '*tesoc']] as const) {
      expect(current(await chat(said, typo)), typo).toEqual([said.startsWith('i live') ? 'User lives in Leeds' : 'User works at Tesco']);
    }
  });

  it('leaves the message before alone for words that are no name, a name of another kind, an action or a number', async () => {
    for (const fix of ['no way', 'no worries', 'sorry wrong chat', 'sorry tom', 'yes actually', 'cool actually', '*their', 'lol', '*facepalm*', '*my brother', '*2', 'i mean near leeds']) {
      expect(current(await chat('moved to leeds', fix)), fix).toEqual(['User lives in Leeds']);
    }
    // Across one short reply that taught nothing, the correction still applies; not across one that says things of its own.
    expect(current(await chat('moved to leeds', 'A: Congratulations!', '*sheffield'))).toEqual(['User lives in Sheffield']);
    expect(current(await chat('moved to leeds', 'A: tom moved to york', '*sheffield'))).toEqual(['User lives in Leeds']);
  });
});

describe('a message taken back', () => {
  it('by "ignore that" (with its reasons, across a reply), "*used to", "*trying to be", "*my sister does"', async () => {
    for (const messages of [
      ['I work at google', 'sorry ignore that, wrong chat'],
      ["i'm vegan", 'A: since when?', 'sorry ignore that'],
      ['i smoke', '*used to'],
      ['i live in leeds', '*my sister does'],
      ["i'm vegan", '*trying to be'],
    ]) {
      expect(current(await chat(...messages)), messages.join(' / ')).toEqual([]);
    }
  });
});

describe('a diet said with what it allows', () => {
  it('keeps the diet: a vegetarian who eats fish is pescatarian, a vegan who eats eggs vegan', async () => {
    const fish = await chat("i'm vegetarian but eat fish");
    expect(slotted(fish)).toEqual(['user.diet=pescatarian']);
    expect(current(fish)).toEqual(['User eats fish', 'User is vegetarian but eats fish']);
    expect(slotted(await chat("i'm vegetarian", "i'm vegetarian but eat fish"))).toEqual(['user.diet=pescatarian']);
    expect(slotted(await chat("i'm vegan but i eat eggs sometimes"))).toEqual(['user.diet=vegan']);
    // Meat is no exception a diet without meat lives with: eating it ends the diet, as said.
    expect(slotted(await chat("i'm vegetarian but i eat chicken at christmas"))).toEqual(['user.uses.chicken=yes']);
  });

  it('keeps the diet when "now" is said of it, in an answer, without "I\'m", and only for the one who eats fish', async () => {
    for (const messages of [["i'm vegan now but i eat fish sometimes"], ["i'm still vegetarian but i eat fish now"], ['A: are you still vegan?', 'yes but i eat fish now'], ['vegetarian but i eat fish'], ["i'm vegetarian", 'but i eat fish']]) {
      expect(slotted(await chat(...messages)), messages.join(' / ')).toEqual(['user.diet=pescatarian']);
    }
    expect(slotted(await chat("i'm vegetarian but eat fish and my partner is vegan"))).toEqual(['user.diet=pescatarian', 'user.partner.diet=vegan']);
  });

  it('still reads a change as a change', async () => {
    expect(slotted(await chat("i'm vegetarian", 'i eat fish again'))).toEqual(['user.uses.fish=yes']);
    expect(slotted(await chat('i was vegetarian but now i eat fish'))).toEqual(['user.uses.fish=yes']);
  });
});

describe('the reader, one message at a time', () => {
  it('reads what one is past an adverb: "I\'m still a nurse", "I\'m actually vegan"', async () => {
    expect((await read("i'm still a nurse")).map((s) => `${s.slot}=${s.value}`)).toEqual(['user.occupation=nurse']);
    expect((await read("i'm actually vegan")).map((s) => `${s.slot}=${s.value}`)).toEqual(['user.diet=vegan']);
    expect(await read("i'm really tired")).toEqual([]);
  });

  it('reads a span without a habit as given up from then, not a day alone or a phone', async () => {
    expect(await read('100 days without a cigarette')).toEqual([{ content: 'User stopped smoking', slot: 'user.uses.smoking', value: 'no', day: '2026-08-17' }]);
    expect(await read("i've gone 3 weeks without a drink")).toEqual([{ content: 'User stopped drinking', slot: 'user.uses.alcohol', value: 'no', day: '2026-11-04' }]);
    expect(await read('100 days without a fag')).toMatchObject([{ slot: 'user.uses.smoking', value: 'no' }]);
    for (const text of ['went 2 days without my phone', 'a day without a cigarette', '2 hours without a cigarette lol', 'i went 3 weeks without a drink last year', '3 weeks without a drink is my record']) {
      expect(await read(text), text).toEqual([]);
    }
  });

  it('reads no alcohol into a drink of something else the message names', async () => {
    for (const text of ['i love coffee, i drink like 4 a day', 'i love smoothies, i drink one every morning']) {
      expect((await read(text)).filter((s) => s.slot === 'user.uses.alcohol'), text).toEqual([]);
    }
    expect(await read('i drink every day')).toMatchObject([{ slot: 'user.uses.alcohol', value: 'yes' }]);
    expect(await read("I don't drink. only water for me")).toMatchObject([{ slot: 'user.uses.alcohol', value: 'no' }]);
  });

  it('reads each item of a list under the speaker\'s own heading, without its marker or the next one\'s number', async () => {
    const bullets = await read('Hi! quick update on me:\n- moved to Bristol in september\n- new job at Dyson, started 1st october\n- got a dog named Pickle\n- still single lol');
    expect(bullets.filter((f) => f.slot !== null).map((f) => `${f.slot}=${f.value}`)).toEqual(expect.arrayContaining(['user.residence=bristol', 'user.employer=dyson']));
    expect(bullets.map((f) => f.content).filter((c) => / - /.test(c))).toEqual([]);
    const numbered = await read("Things about me:\n1. I'm 38\n2. I live in Dundee\n3. I work at NCR as an engineer\n4. I have a son called Finn");
    expect(numbered.map((f) => f.content)).toEqual(expect.arrayContaining(['User lives in Dundee', 'User works at NCR as an engineer', 'User has a son called Finn']));
  });

  it('reads a role "since" a year as the role, and "call me" as no name', async () => {
    expect(await read("I've worked as a paramedic since 2016")).toMatchObject([{ slot: 'user.occupation', value: 'paramedic', day: '2016-01-01' }]);
    expect(slotted(await chat("A: What's your name?", 'call me Bex'))).toEqual(['user.nickname=bex']);
  });

  it('keeps a firm named before a time ago, and a diet given up before its time', async () => {
    expect(await read('left my job at accenture 2 months ago')).toMatchObject([{ slot: 'user.employer', value: 'ended:accenture', day: '2026-09-25' }]);
    expect(await read('i gave up being vegan in march')).toMatchObject([{ slot: 'user.diet', value: 'ended:vegan', day: '2026-03-01' }]);
  });

  it('dates holidays by their day: "since christmas", "easter 2024", "at new year", "labor day", "memorial day weekend"', async () => {
    expect(await read("i've been smoke free since christmas")).toMatchObject([{ day: '2025-12-25' }]);
    expect(await read('i moved to leeds easter 2024')).toMatchObject([{ slot: 'user.residence', day: '2024-03-31' }]);
    expect(await read('i quit smoking at new year')).toMatchObject([{ day: '2026-01-01' }]);
    expect(await read('i quit smoking labor day')).toMatchObject([{ slot: 'user.uses.smoking', day: '2026-09-07' }]);
    expect(await read('i moved to austin memorial day weekend')).toMatchObject([{ slot: 'user.residence', value: 'austin', day: '2026-05-25' }]);
  });

  it('dates "last christmas" by Christmas Day and "at easter" by Easter Sunday', async () => {
    expect(await read('we moved to bristol last christmas')).toMatchObject([{ slot: 'user.residence', day: '2025-12-25' }]);
    expect(await read('quit smoking at easter')).toMatchObject([{ slot: 'user.uses.smoking', day: '2026-04-05' }]);
  });
});
