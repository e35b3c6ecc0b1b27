import { describe, expect, it } from 'vitest';
import { answerKindLift, asksAmount, asksName, asksPlace, asksReason, givesReason, namesPlace, namesSomeone, saysAmount } from '../../../src-main/memory/retrieval/answer-kinds';
import { lexiconWords } from '../../../src-main/memory/retrieval/verb-forms';
import { announces, answersWhen, asksWhen, saysWhen } from '../../../src-main/memory/retrieval/dated-turns';
import type { RetrievalConfig } from '../../../src-main/memory';
import { openTestEngine } from '../../helpers/temp-engine';

const DAY = 86_400_000;
const T0 = Date.parse('2024-01-10T09:00:00Z');

describe('asksAmount / saysAmount', () => {
  it('recognises questions that ask for an amount', () => {
    for (const q of ['How many dumplings did Jonas eat?', 'how much was the gas bill', 'How old is the dog?', 'How heavy was the baby?', 'what price did they pay', 'Сколько стоит билет?']) {
      expect(asksAmount(q), q).toBe(true);
    }
    for (const q of ['How is Jonas?', 'How many times did Tom visit?', 'how long ago did they move', 'When is the wedding?', 'What did Jonas eat?']) expect(asksAmount(q), q).toBe(false);
  });

  it('recognises turns that say an amount, in digits or words', () => {
    for (const t of ['jonas ate 27 uszka. we counted', '650€ for parts', 'three years old, podenco mix', 'a dozen eggs', 'стоит сто рублей']) expect(saysAmount(t), t).toBe(true);
    for (const t of ['he ate all of them', 'the one i liked', 'просто так', 'someone bought it']) expect(saysAmount(t), t).toBe(false);
  });
});

describe('asksWhen / saysWhen', () => {
  it('recognises questions that ask for a time', () => {
    for (const q of ['When is Ellie’s wedding?', 'what date did they move?', 'Which month did Tom start?', 'how long ago was the trip', 'Когда он переехал?']) expect(asksWhen(q), q).toBe(true);
    for (const q of ['Where does Mia work?', 'What did Jonas give Helga?', 'Whenever you like']) expect(asksWhen(q), q).toBe(false);
  });

  it('recognises turns that name a time, and not the modal "may"', () => {
    for (const t of ['venue booked!! Schloss Hohenried, 17.08.2024', 'Leo proposed. Last weekend, in the rain', 'I start on the 3rd of July', 'moved in March', 'two weeks ago', 'back in 2019', 'see you on Friday', 'early May probably', 'переехал в марте, 3 марта', 'В среду подписали договор', 'Въехала в прошлое воскресенье', 'летом съезжаем', 'adopted a cat yday', 'saw him the other day', 'we got engaged over xmas', 'moved in at easter']) {
      expect(saysWhen(t), t).toBe(true);
    }
    for (const t of ['I may go to the party', 'the wedding was lovely', 'chocolates it is. thx', 'a 4 day week', 'прошлое не вернёшь']) expect(saysWhen(t), t).toBe(false);
  });
});

describe('announces / answersWhen', () => {
  it('reads news told as news, in capitals or with a celebration, as answering "when"', () => {
    for (const t of ["SHE'S HOME 🏡🐕", "I'M A DRIVER NOW 🚗🚗🚗", 'DR REID 🎓', 'rip biscuit 🕊️', 'we got the keys 🔑', 'congrats!! 🎉', 'WE WON']) {
      expect(announces(t), t).toBe(true);
      expect(answersWhen(t), t).toBe(true);
    }
    // A shout of one word, a reaction, a salute, plain talk: no news in that form.
    for (const t of ['OMGGGG', 'LOL', '😭😭', 'last day done 🫡', 'the lady was lovely', 'ok', 'NHS']) expect(announces(t), t).toBe(false);
    expect(answersWhen('moved in March')).toBe(true);
  });
});

/** The scores of the turns holding each needle after a search over `turns` (a chat of one speaker per line). */
async function scores(retrieval: Partial<RetrievalConfig>, query: string, turns: readonly [content: string, session: string][], needles: readonly string[]): Promise<number[]> {
  const { engine } = openTestEngine({ startSlowPath: false, retrieval });
  turns.forEach(([content, sessionId], i) => engine.recordEpisode({ content, sessionId, role: 'user', eventTime: T0 + i * DAY }));
  await engine.drainSlowPath();
  const result = await engine.search({ query, types: ['episodic'], limit: turns.length, now: T0 + 30 * DAY });
  return needles.map((needle) => result.hits.find((h) => h.node.content.includes(needle))?.score ?? 0);
}

/** Wedding chatter and the one turn that names the date. */
const WEDDING: [string, string][] = [
  ['Ellie: the wedding planning is eating my whole life', 'chat'],
  ['Ellie: venue booked!! Schloss Hohenried, 17.08.2024', 'chat'],
  ['Sam: is the wedding going to be big?', 'other'],
  ['Ellie: the wedding binder is huge lol', 'third'],
];
/** Dinner chatter and the one turn that says how many. */
const DINNER: [string, string][] = [
  ['Ania: the dumplings at dinner were amazing', 'chat'],
  ['Ania: jonas ate 27 dumplings. we counted', 'chat'],
  ['Bartek: are there dumplings left?', 'other'],
  ['Ania: mama made the dumplings at dinner', 'third'],
];

/** Driving-lesson chatter and the one turn that names the instructor (in lower case, as a chat types it). */
const LESSONS: [string, string][] = [
  ['Priya: dave made me do hill starts in the car behind the asda', 'chat'],
  ['Priya: stalled 3 times in the car on the hill. a van beeped', 'chat'],
  ['Arjun: the car beep is a rite of passage', 'other'],
  ['Priya: i want to never drive a car again', 'third'],
];

describe('search lifts the turns that give the kind of answer asked for', () => {
  it('a time for "when", and no lift for another question', async () => {
    const [offDated, offChatter] = await scores({ datedTurnLift: 0 }, 'When is the wedding?', WEDDING, ['17.08.2024', 'binder']);
    const [onDated, onChatter] = await scores({ datedTurnLift: 0.7 }, 'When is the wedding?', WEDDING, ['17.08.2024', 'binder']);
    expect(offDated).toBeGreaterThan(0);
    expect(onChatter).toBeCloseTo(offChatter as number, 9);
    expect(onDated).toBeCloseTo((offDated as number) * 1.7, 9);
    const [where] = await scores({ datedTurnLift: 0.7 }, 'Where is the wedding?', WEDDING, ['17.08.2024']);
    expect(where).toBeGreaterThan(0);
    expect(where).toBeCloseTo((await scores({ datedTurnLift: 0 }, 'Where is the wedding?', WEDDING, ['17.08.2024']))[0] as number, 9);
  });

  it('a name for "who", from a chat in lower case, and no lift for another question', async () => {
    const ask = 'Who was teaching Priya to drive?';
    const [offNamed, offChatter] = await scores({ nameTurnLift: 0 }, ask, LESSONS, ['dave', 'stalled']);
    const [onNamed, onChatter] = await scores({ nameTurnLift: 1 }, ask, LESSONS, ['dave', 'stalled']);
    expect(offNamed).toBeGreaterThan(0);
    expect(onChatter).toBeCloseTo(offChatter as number, 9);
    expect(onNamed).toBeCloseTo((offNamed as number) * 2, 9);
    const what = 'What was Priya practising in the car?';
    const [whatOn] = await scores({ nameTurnLift: 1 }, what, LESSONS, ['dave']);
    expect(whatOn).toBeCloseTo((await scores({ nameTurnLift: 0 }, what, LESSONS, ['dave']))[0] as number, 9);
  });

  it('an amount for "how many", and no lift for another question', async () => {
    const ask = 'How many dumplings did Jonas eat at dinner?';
    const [offCounted, offChatter] = await scores({ amountTurnLift: 0 }, ask, DINNER, ['27', 'amazing']);
    const [onCounted, onChatter] = await scores({ amountTurnLift: 0.5 }, ask, DINNER, ['27', 'amazing']);
    expect(offCounted).toBeGreaterThan(0);
    expect(onChatter).toBeCloseTo(offChatter as number, 9);
    expect(onCounted).toBeCloseTo((offCounted as number) * 1.5, 9);
    const [what] = await scores({ amountTurnLift: 0.5 }, 'What did Jonas eat at dinner?', DINNER, ['27']);
    expect(what).toBeGreaterThan(0);
    expect(what).toBeCloseTo((await scores({ amountTurnLift: 0 }, 'What did Jonas eat at dinner?', DINNER, ['27']))[0] as number, 9);
  });
});

describe('asksReason / givesReason', () => {
  it('recognises questions that ask why, and turns that give a reason', () => {
    for (const q of ['Why did Priya and Sam break up?', 'what made her quit', 'the reason he left?', 'Почему он уехал?']) expect(asksReason(q), q).toBe(true);
    for (const q of ['When did Priya move?', 'What did Sam say?']) expect(asksReason(q), q).toBe(false);
    for (const t of ['because the long distance was not working', "cos i'm broke", 'that’s why i left'.replace('’', "'"), 'я уехал, потому что устал']) expect(givesReason(t), t).toBe(true);
    for (const t of ['we broke up', 'the long distance was hard']) expect(givesReason(t), t).toBe(false);
  });
});

describe('asksName / namesSomeone', () => {
  it('recognises questions answered by a name', () => {
    for (const q of ['Who was teaching Priya to drive?', "What's the name of the rescue dog?", 'what is the name of her boss', 'What is the cat called?', 'Whose idea was the trip?', 'Кто ведёт уроки?']) expect(asksName(q), q).toBe(true);
    for (const q of ['Where did Priya learn to drive?', 'What did the dog eat?', 'How was the lesson?']) expect(asksName(q), q).toBe(false);
  });

  it("recognises turns that name someone the question does not, in compromise's first names or as a name given", async () => {
    const { firstNames } = await lexiconWords();
    const asked = new Set(['who', 'was', 'arjun', 's', 'boss']);
    for (const t of ['fiona made me so angry i had to run it off', 'dave made me do hill starts', "she's called marigold 🌼", 'MEET BISCUIT', 'his name is tomasz']) {
      expect(namesSomeone(t, firstNames, asked), t).toBe(true);
    }
    // The question's own names, and words compromise does not take for names ("will", "may", "rose", "frank").
    for (const t of ['arjun said the board deck needs all hands', 'will do, may be late', 'a rose, to be frank', 'the manager cancelled my day off']) {
      expect(namesSomeone(t, firstNames, asked), t).toBe(false);
    }
  });
});

describe('asksPlace / namesPlace', () => {
  it('recognises questions that ask where, and turns that name a place after a word of place', () => {
    for (const q of ['Where did Jonas propose?', 'Which city did Bartek move to?', 'Где живёт Оля?']) expect(asksPlace(q), q).toBe(true);
    for (const q of ['When did Jonas propose?', 'Whereas the others…']) expect(asksPlace(q), q).toBe(false);
    for (const t of ['at a studio in Ottensen', 'at the Landungsbrücken with the fireworks', 'moved to Gniezno', 'Однушка на Васильевском острове', 'работаю в Питере']) expect(namesPlace(t), t).toBe(true);
    for (const t of ['see you on Monday', 'back in May', 'at home lol', 'in the kitchen', 'В среду подписали', 'живу в центре']) expect(namesPlace(t), t).toBe(false);
  });

  it("recognises a place compromise's lexicon knows in lower case, unless the question names it", async () => {
    const { places } = await lexiconWords();
    const asked = new Set(['which', 'leeds', 'neighbourhood', 'did', 'arjun', 'rent', 'in']);
    for (const t of ["i'll miss edinburgh tho", 'landed in porto!!', 'flights from new york are mad', 'glasgow it is']) expect(namesPlace(t, places, asked), t).toBe(true);
    // The question's own place; airport codes and abbreviations that are everyday words ("den", "las", "rd"); no place at all.
    for (const t of ['leeds', 'the den is a mess', 'las chicas', 'rd trip?', 'back home lol']) expect(namesPlace(t, places, asked), t).toBe(false);
    expect(namesPlace("i'll miss edinburgh tho"), 'without the lexicon').toBe(false);
  });

  it('lifts such a turn for a question that asks where', async () => {
    const lexicon = await lexiconWords();
    const lift = answerKindLift('Which city did he move to?', { datedTurnLift: 0, amountTurnLift: 0, reasonTurnLift: 0, placeTurnLift: 0.75, nameTurnLift: 0 }, lexicon);
    expect(lift?.('leeds')).toBe(1.75);
    expect(lift?.('moving day 📦')).toBe(1);
  });
});
