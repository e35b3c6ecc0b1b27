/**
 * What a person is, said the chat's way, that no verb rule reads: an age ("i'm 34 btw", "turned 30 yesterday", "my
 * son is 4"), a birthday ("my bday is 29.12"), a lasting health condition ("i have type 1 diabetes", "diagnosed with
 * adhd last month", "coeliac so no pasta for me", "allergic to penicillin"), being a fan ("i'm a huge arsenal fan",
 * "obsessed with taylor swift rn"), a night owl or a dog person, and a death ("my grandad passed away last week",
 * "our cat died this morning", "we had to put our dog down"); states that are over are read by states-over.ts. Each
 * reads one clause from where its subject ends and gives its statement (two where a second state follows "and"), NOTHING where the clause is a joke of that shape
 * ("allergic to mondays", a death in a dream), or null for any other shape, which the general rules then read:
 * "i'm 5 minutes away", "i have anxiety about the exam", "my phone died", "i died laughing" and "my brother passed
 * his test" say none of these.
 */
import { indefiniteArticle } from '../../../src-shared/text';
import { slashDateOrder } from '../../../src-shared/date-order';
import { joinTokens, type Token } from './analyzer';
import { isSomeonesOwn, RELATIONS, VAGUE_OBJECTS } from './lexicon';
import { onlyTimeOrFillers, spoken } from './state-words';
import { cleanObject, favouriteValue, lowerOf, possessive, slotKey } from './phrases';
import { normaliseFact } from '../text';
import { NOTHING, type Built, type StateReading, type StatesRead, type Subject } from './statement-types';
import { conditionIn, keyOf } from './health-states';
import { overIn, withWhatEndsToo } from './states-over';
import { NUMBER_IN_WORDS, numberInWords } from '../../../src-shared/number-words';

/**
 * A message without "I" or "my" that may still tell of its speaker by its shape alone (statements.ts reads only
 * such messages): "turned 30 yesterday", "born on 12 march 1990", "diagnosed with adhd", "coeliac so no pasta",
 * "big fan of the office", "obsessed with taylor swift rn".
 */
export const STATE_WITHOUT_SUBJECT = new RegExp(
  String.raw`^\W*(?:just\s+|finally\s+|officially\s+)?(?:turned\s+(?:\d|${NUMBER_IN_WORDS}\b)|born\s+(?:on\s+)?(?:the\s+)?\d|diagnosed\s+with\b|(?:huge|big|massive)\s+fan\s+of\b|obsessed\s+with\b|allergic\s+to\b|(?:coeliac|celiac|asthmatic|diabetic|epileptic|dyslexic|autistic|lactose intolerant|gluten intolerant)\b|(?:no longer|not)\s+(?:(?:a|an)\s+(?:[\p{L}\p{N}'&.-]+\s+){1,3}(?:fan|supporter)\b|(?:a|an)\s+(?:night owl|morning person|early bird|night person|dog person|cat person)\b|allergic\s+to\b|(?:coeliac|celiac|asthmatic|diabetic|epileptic|lactose intolerant|gluten intolerant)\b))`,
  'iu',
);

// ---------------------------------------------------------------------------------------------------------------
// Ages and birthdays

const AGE_UNIT = String.raw`(?:\s*(?:years?|yrs?|yo|y\/o|y\.o\.?)(?:\s+old)?|\s+(?:months?|weeks?)\s+old)`;
/** "34", "34 years old", "34yo", "6 months old", then nothing but fillers ("and already smarter than me" is a new clause). */
const AGE_IS = new RegExp(String.raw`^(?:is|are|am|'s|'m|m)\s+(\d{1,3})(${AGE_UNIT})?(?=$|[\s,.!?;])(.*)$`);
const TURNED = /^(?:just\s+|finally\s+)?turned\s+(\d{1,3})(?=$|[\s,.!?;])(.*)$/;
/** A number that is no age: "i'm 5 minutes away", "i'm 2 drinks in", "im 20 weeks pregnant", "i'm 30 on saturday" (ahead). */
const NOT_AN_AGE_AFTER = /^\s*(?:%|minutes?|mins?|hours?|hrs?|secs?|seconds?|days?|weeks?|months?|drinks?|pints?|miles?|km|k|quid|pounds?|euros?|dollars?|percent|times?|kg|lbs?|stone|cm|ft|feet|in|inches|out|of|for|on|off|down|up|pages?|chapters?|episodes?|points?|grand)\b/;

/** An age said in words, after the verb: "i'm thirty four", "turned forty last month", "my son is seven". */
const AGE_IN_WORDS = new RegExp(String.raw`^((?:is|are|am|'s|'m|m|(?:just\s+|finally\s+)?turned)\s+)(${NUMBER_IN_WORDS})(?=$|[\s,.!?;])`, 'i');

function ageIn(told: string, subject: Subject): Built | null {
  const rest = told.replace(AGE_IN_WORDS, (_whole, verb: string, words: string) => `${verb}${numberInWords(words) ?? words}`);
  const now = AGE_IS.exec(rest);
  const turned = now ? null : TURNED.exec(rest);
  const m = now ?? turned;
  if (!m) return null;
  const years = Number(m[1]);
  const unit = (now ? now[2] : undefined)?.trim() ?? '';
  const tail = (now ? now[3] : turned?.[2]) ?? '';
  if (now && !unit && NOT_AN_AGE_AFTER.test(tail)) return null;
  if (!onlyTimeOrFillers(tail, !now) || (now && /\bagain\b/.test(tail))) return null;
  const months = /^(?:months?|weeks?)/.test(unit);
  // A grown-up speaker says their own age ("i'm 12 and what is this" is a meme); a child's or a pet's may be anything.
  if (years > 120 || (subject.firstPerson && !months && years < 16)) return null;
  const said = months ? `${years} ${unit.replace(/\s+old$/, '')} old` : `${years} years old`;
  const value = months ? `${years} ${/^weeks?/.test(unit) ? 'weeks' : 'months'}` : String(years);
  const content = now ? `${subject.text} is ${said}` : `${subject.text} turned ${years}`;
  return { content, type: 'semantic', slot: `${subject.key}.age`, value, entities: subject.entity ? [subject.entity] : [] };
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const monthNumber = (word: string): number => MONTH_NAMES.findIndex((m) => m.startsWith(word.slice(0, 3)) && word.length >= 3 && m.startsWith(word));
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DAY_MONTH = new RegExp(String.raw`^(?:on\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\b(?:\s+(\d{4}))?`);
const MONTH_DAY = new RegExp(String.raw`^(?:on\s+)?${MONTH}\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?`);
const DOTTED_DAY = /^(?:on\s+)?(?:the\s+)?(\d{1,2})[./](\d{1,2})(?:[./](\d{4}))?(?![\d./])/;

/** A day of the year in `text`: "29.12", "12 march 1990", "march 3rd", "the 3rd of june"; "3/4" the person's way round. */
function dayOfYear(text: string): { month: number; day: number; year: number | null } | null {
  let month = -1;
  let day = 0;
  let year: string | undefined;
  const dm = DAY_MONTH.exec(text);
  const md = dm ? null : MONTH_DAY.exec(text);
  const dotted = dm || md ? null : DOTTED_DAY.exec(text);
  if (dm) [day, month, year] = [Number(dm[1]), monthNumber(dm[2] ?? ''), dm[3]];
  else if (md) [day, month, year] = [Number(md[2]), monthNumber(md[1] ?? ''), md[3]];
  else if (dotted) {
    const [a, b] = [Number(dotted[1]), Number(dotted[2])];
    // Dots are always day first; a slash follows the person's order unless only one reading is a date.
    const dayFirst = dotted[0].includes('.') || a > 12 || (slashDateOrder() === 'day-first' && b <= 12);
    [day, month, year] = dayFirst ? [a, b - 1, dotted[3]] : [b, a - 1, dotted[3]];
  } else return null;
  // (Without a year, 29 February is a birthday; with one, it must have been a day: not 29.02.1991.)
  if (month < 0 || month > 11 || day < 1 || day > new Date(Date.UTC(year === undefined ? 2000 : Number(year), month + 1, 0)).getUTCDate()) return null;
  return { month, day, year: year === undefined ? null : Number(year) };
}

/** "today", "tomorrow", "yesterday" (as chats write them) from the day it was said: "my birthday is tmrw". */
const DAY_SAID = /^(today|2day|tomorrow|tmrw|tmr|tomoz|2moro|yesterday)\b(?!\s+(?:night|morning|evening|afternoon)\b)/;
function daySaidOf(rest: string, reference: number): { month: number; day: number; year: null } | null {
  const said = DAY_SAID.exec(rest)?.[1];
  if (said === undefined) return null;
  const shift = said === 'yesterday' ? -1 : /^(?:today|2day)$/.test(said) ? 0 : 1;
  const d = new Date(reference + shift * 86_400_000);
  return { month: d.getUTCMonth(), day: d.getUTCDate(), year: null };
}

const BIRTHDAY_NOUNS = new Set(['birthday', 'bday', 'b-day', 'birthdate', 'bdays']);

/**
 * "my birthday is 29.12", "my bday's on march 3rd", "my birthday is the 3rd of june": the speaker's birthday, from
 * the word after "my". "my birthday's on the 14th" names no month, and "my birthday is next week" no day: null.
 */
export function birthdayStatement(tokens: readonly Token[], nounAt: number, own: Subject, reference: number): Built | null {
  const noun = tokens[nounAt]?.text.toLowerCase() ?? '';
  if (!BIRTHDAY_NOUNS.has(noun)) return null;
  const rest = spoken(tokens, nounAt + 1).replace(/^(?:'s|is|was|falls|will be)\s+/, '');
  const date = dayOfYear(rest) ?? daySaidOf(rest, reference);
  if (!date) return null;
  const monthName = (MONTH_NAMES[date.month] ?? '').replace(/^./, (c) => c.toUpperCase());
  return {
    timeless: true,
    content: `${possessive(own.text)} birthday is ${date.day} ${monthName}`,
    type: 'semantic',
    slot: `${own.key}.birthday`,
    value: `${String(date.month + 1).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`,
    entities: own.entity ? [own.entity] : [],
  };
}

/** "born on 12 march 1990", "I was born on the 3rd of June", "my son was born on 3 march": a birthday, with its year if said. */
function bornOnStatement(tokens: readonly Token[], start: number, own: Subject): Built | null {
  const m = /^(?:(?:i\s+was|i'?m|im|was|is|'s)\s+)?born\s+(?:on\s+)?(.*)$/.exec(spoken(tokens, start));
  if (!m) return null;
  const date = dayOfYear(m[1] ?? '');
  if (!date) return null;
  const monthName = (MONTH_NAMES[date.month] ?? '').replace(/^./, (c) => c.toUpperCase());
  return {
    // With its year it is a day in history ("born on 12.05.1990" is dated 1990-05-12); without, no year is invented.
    timeless: date.year === null,
    content: `${own.text} was born on ${date.day} ${monthName}${date.year ? ` ${date.year}` : ''}`,
    type: 'semantic',
    slot: `${own.key}.birthday`,
    value: `${String(date.month + 1).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`,
    entities: own.entity ? [own.entity] : [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Favourites

export const FAVOURITE_WORDS: ReadonlySet<string> = new Set(['favourite', 'favorite', 'fave', 'fav']);

/** "my favourite film is paddington 2", from the word after "favourite" (`at`); null without a thing or a value. */
export function favouriteStatement(tokens: readonly Token[], at: number, own: Subject): Built | null {
  if (!tokens[at]) return null;
  const isAt = tokens.findIndex((t, i) => i > at && ['is', 'are'].includes(lowerOf(t)));
  if (isAt < 0) return null;
  const thing = joinTokens(tokens.slice(at, isAt));
  const value = favouriteValue(cleanObject(tokens.slice(isAt + 1), [], []));
  if (!thing || value.length === 0 || value.length > 8 || VAGUE_OBJECTS.has(lowerOf(value[0]))) return null;
  const valueText = joinTokens(value);
  return { content: `${possessive(own.text)} favourite ${thing} is ${valueText}`, type: 'opinion', slot: `${own.key}.favourite.${slotKey(thing)}`, value: normaliseFact(valueText), entities: own.entity ? [own.entity] : [] };
}

// ---------------------------------------------------------------------------------------------------------------
// Fans, night owls and dog people

const FAN_ADJECTIVES = String.raw`(?:(?:huge|big|massive|die-?hard|lifelong|proper|loyal|true|mega|total|crazy|long[- ]suffering|season ticket|such a)\s+)*`;
/** "a huge arsenal fan", "an arsenal supporter": the team or band between, one to three words. */
const X_FAN = new RegExp(String.raw`^(?:(?:am|is|'m|m)\s+)?(?:a|an)\s+${FAN_ADJECTIVES}((?:[\p{L}\p{N}'&.-]+\s+){0,2}[\p{L}\p{N}'&.-]+)\s+(?:fan|supporter)\b(.*)$`, 'u');
/** "big fan of the office", said without "I'm a". */
const FAN_OF = new RegExp(String.raw`^${FAN_ADJECTIVES.replace('*', '+')}fan\s+of\s+((?:[\p{L}\p{N}'&.-]+\s+){0,3}[\p{L}\p{N}'&.-]+?)(?=$|\s*[(,.!?;]|\s+(?:lol|tbh|btw|tho|now|rn|obvs|obviously|haha)\b)`, 'u');
const OBSESSED = /^(?:(?:am|is|'m|m)\s+)?(?:(?:so|totally|completely|lowkey|low key|kinda|a bit|slightly|literally|still|now)\s+)*(obsessed with|addicted to|hooked on)\s+((?:[\p{L}\p{N}'&.-]+\s+){0,3}?[\p{L}\p{N}'&.-]+?)(?=$|\s*[(,.!?;]|\s+(?:rn|atm|lately|now|these days|at the moment|lol|tbh|again|haha|omg)\b)/u;
const KIND_OF_PERSON = /^(?:(?:am|is|'m|m)\s+)?(?:(?:more of|definitely|totally|such|really|now|also|very much|100%|always been)\s+)*(?:a|an)\s+(?:(?:real|total|proper|massive|huge|big)\s+)?(night owl|morning person|early bird|night person|evening person|early riser|dog person|cat person|(?:coffee|tea|beer|wine|gin|cheese|chocolate|pizza|summer|winter) person)\b(.*)$/;
const PERSON_KINDS: Record<string, { slot: string; value: string }> = {
  'night owl': { slot: 'chronotype', value: 'night' },
  'night person': { slot: 'chronotype', value: 'night' },
  'evening person': { slot: 'chronotype', value: 'night' },
  'morning person': { slot: 'chronotype', value: 'morning' },
  'early bird': { slot: 'chronotype', value: 'morning' },
  'early riser': { slot: 'chronotype', value: 'morning' },
  'dog person': { slot: 'pet_person', value: 'dog' },
  'cat person': { slot: 'pet_person', value: 'cat' },
};
/** "I'm a coffee person (now)", "more of a tea person": a liking of the thing named. */
const LIKING_PERSON = /^(coffee|tea|beer|wine|gin|cheese|chocolate|pizza|summer|winter) person$/;
/** What is no team or band: "a huge fan", "a big football fan" is one of football. */
const NOT_FAN_OF = new Set(['huge', 'big', 'massive', 'of', 'the', 'not', 'no', 'my', 'your', 'his', 'her', 'their']);

function fanIn(rest: string, tokens: readonly Token[], subject: Subject): StateReading {
  // A team, a band, a show: the key is its whole name ("breaking bad", "the last of us" → `last_of_us`).
  const key = (thing: string): string | null => {
    const words = thing.split(/\s+/).filter((w, i) => !(i === 0 && w === 'the'));
    return words.length > 0 ? keyOf(words.join(' ')) : null;
  };
  const opinion = (thing: string, content: string): StateReading => {
    // "a fan of my wife's cooking", "of the new boss": someone in their life, or a thing of someone's — no taste of theirs.
    const words = thing.split(/\s+/);
    if (isSomeonesOwn(words)) return NOTHING;
    const k = key(thing);
    return k ? { content, type: 'opinion', slot: `${subject.key}.opinion.${k}`, value: 'like', entities: subject.entity ? [subject.entity] : [] } : null;
  };
  const kind = KIND_OF_PERSON.exec(rest);
  if (kind && onlyTimeOrFillers(kind[2] ?? '')) {
    const liking = LIKING_PERSON.exec(kind[1] ?? '');
    if (liking) return opinion(liking[1] ?? '', `${subject.text} is a ${kind[1]}`);
    const what = PERSON_KINDS[kind[1] ?? ''];
    if (!what) return null;
    return { content: `${subject.text} is ${indefiniteArticle(kind[1] ?? '')} ${kind[1]}`, type: what.slot === 'chronotype' ? 'semantic' : 'opinion', slot: `${subject.key}.${what.slot}`, value: what.value, entities: subject.entity ? [subject.entity] : [] };
  }
  const fan = X_FAN.exec(rest);
  if (fan && !NOT_FAN_OF.has((fan[1] ?? '').split(' ')[0] ?? '') && onlyTimeOrFillers(fan[2] ?? '')) {
    return opinion(fan[1] ?? '', `${subject.text} is a fan of ${displayed(fan[1] ?? '', tokens)}`);
  }
  const of = FAN_OF.exec(rest);
  if (of && !NOT_FAN_OF.has((of[1] ?? '').replace(/^the\s+/, '').split(' ')[0] ?? '')) return opinion(of[1] ?? '', `${subject.text} is a fan of ${displayed(of[1] ?? '', tokens)}`);
  const obsessed = OBSESSED.exec(rest);
  if (obsessed && !['it', 'this', 'that', 'you', 'him', 'her', 'them', 'me', 'my', 'the'].includes((obsessed[2] ?? '').split(' ')[0] ?? '')) {
    return opinion(obsessed[2] ?? '', `${subject.text} is ${obsessed[1]} ${displayed(obsessed[2] ?? '', tokens)}`);
  }
  return null;
}

/** The words as the message typed them (a name restored to capitals keeps them). */
function displayed(lower: string, tokens: readonly Token[]): string {
  return lower
    .split(/\s+/)
    .map((w) => tokens.find((t) => t.text.toLowerCase() === w)?.text ?? w)
    .join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// Deaths

const DIED = /^(?:(?:has|have|had|'s)\s+)?(?:sadly\s+|just\s+|finally\s+|peacefully\s+|suddenly\s+)?(died|passed away|passed on|passed|was put down|got put down|had to be put down|was put to sleep|crossed the rainbow bridge)(?![\p{L}])(.*)$/u;
/** "died laughing", "died on me", "died of embarrassment", "died inside": no death. */
const NOT_A_DEATH = /^\s*(?:laughing|on me|of (?:embarrassment|shame|laughter|boredom|cringe)|inside|a little|lol$)/;
const PUT_DOWN =
  /^(?:(?:we|i)\s+)?(?:had to\s+|have had to\s+|just\s+)?(?:(?:put|have put)\s+(?:our|my)\s+(?:old\s+|poor\s+|lovely\s+|beautiful\s+)?(dog|cat|rabbit|horse|pony|bunny|hamster)\s+(?:[\p{L}]+\s+)?|(?:have|get|had|got)\s+(?:our|my)\s+(?:old\s+|poor\s+|lovely\s+|beautiful\s+)?(dog|cat|rabbit|horse|pony|bunny|hamster)\s+(?:[\p{L}]+\s+)?put\s+)(?:down|to sleep)\b(.*)$/u;
/** "lost my dad 2 years ago", "we lost our nan at christmas": a person of theirs died (a pet "lost" may have run off). */
const LOST = /^(?:(?:we|i)\s+)?(?:just\s+|sadly\s+|recently\s+)?(?:lost|have lost|'ve lost|ve lost)\s+(?:our|my)\s+([\p{L}-]+)(.*)$/u;

function deathIn(rest: string, subject: Subject): StateReading {
  const died = DIED.exec(rest);
  if (!died || NOT_A_DEATH.test(died[2] ?? '')) return null;
  // "my dad passed away in my dream": no one died.
  if (/\bdream(?:t|ed|s)?\b|\bnightmare\b/.test(died[2] ?? '')) return NOTHING;
  const tail = (died[2] ?? '').replace(/\brip\b.*$/, '');
  if (!onlyTimeOrFillers(tail)) return null;
  // In the person's words ("passed away"), where they are a whole clause; "was put down" ends on its particle.
  const verb = died[1] === 'passed away' || died[1] === 'passed on' ? died[1] : died[1] === 'passed' ? 'passed away' : 'died';
  return { content: `${subject.text} ${verb}`, type: 'semantic', slot: null, value: null, entities: subject.entity ? [subject.entity] : [] };
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * A state of the speaker said from the clause's start (`start`), "I" or none: "i'm 34 btw", "turned 30 yesterday",
 * "coeliac so no pasta for me", "diagnosed with adhd last month", "i'm a huge arsenal fan", "big fan of the office",
 * "born on 12 march 1990", "we had to put our dog down last friday". One statement, or two where a second state
 * follows "and" ("i'm 35 and diabetic", "i have asthma and eczema", "allergic to cats and dogs").
 */
export function speakerState(tokens: readonly Token[], start: number, own: Subject): StatesRead {
  const text = spoken(tokens, start);
  const putDown = PUT_DOWN.exec(text);
  if (putDown && onlyTimeOrFillers(putDown[3] ?? '')) {
    return [{ content: `${possessive(own.text)} ${putDown[1] ?? putDown[2]} died`, type: 'semantic', slot: null, value: null, entities: own.entity ? [own.entity] : [] }];
  }
  const lost = LOST.exec(text);
  if (lost && RELATIONS.has(lost[1] ?? '') && !['boss', 'manager', 'colleague', 'coworker', 'co-worker', 'landlord', 'landlady', 'therapist', 'doctor', 'teacher', 'coach', 'mentor', 'ex'].includes(lost[1] ?? '') && onlyTimeOrFillers(lost[2] ?? '')) {
    return [{ content: `${possessive(own.text)} ${lost[1]} died`, type: 'semantic', slot: null, value: null, entities: own.entity ? [own.entity] : [] }];
  }
  const born = bornOnStatement(tokens, start, own);
  if (born) return [born];
  // The rules read what follows a subject ("am 34", "have diabetes", "turned 30"); said without "I", only forms
  // whose shape says who match ("turned 30", "diagnosed with …", "coeliac so …", "big fan of …").
  const rest = text.replace(/^(?:i'm|im|i am)\s+/, 'am ').replace(/^(?:i've|ive|i have)\s+/, 'have ').replace(/^i\s+/, '');
  const heldBy = (said: string): StateReading => conditionIn(said, own) ?? fanIn(said, tokens, own);
  const over = overIn(rest, own, heldBy);
  if (over !== null) return over === NOTHING ? NOTHING : withWhatEndsToo(over, rest, own, heldBy);
  return withWhatFollowsAnd(ageIn(rest, own) ?? conditionIn(rest, own) ?? fanIn(rest, tokens, own), rest, tokens, own);
}

/**
 * A state of a subject the clause has named (`at`: just after it): "my son is 4", "our son leo turned 2 yesterday",
 * "my dad has dementia", "my grandad passed away last week", "our cat died this morning"; and a second after "and"
 * ("my son has autism and adhd").
 */
export function subjectState(tokens: readonly Token[], at: number, subject: Subject): StatesRead {
  if (subject.firstPerson) return null;
  const rest = spoken(tokens, at);
  const heldBy = (said: string): StateReading => conditionIn(said, subject) ?? fanIn(said, tokens, subject);
  const over = overIn(rest, subject, heldBy);
  if (over !== null) return over === NOTHING ? NOTHING : withWhatEndsToo(over, rest, subject, heldBy);
  // "my son was born on 3 march": their birthday, not a birth this March.
  const born = bornOnStatement(tokens, at, subject);
  if (born) return [born];
  const first = deathIn(rest, subject) ?? ageIn(rest, subject) ?? conditionIn(rest, subject);
  return first !== null && first !== NOTHING && first.slot === null && first.content.endsWith('died') ? [first] : withWhatFollowsAnd(first, rest, tokens, subject);
}

/**
 * The first state read, and a second one said after "and": a condition, an allergy or a fan's love, read with the
 * verb that suits it ("35 and diabetic" → is diabetic, "autism and adhd" → has ADHD, "cats and dogs" → allergic to
 * dogs). Nothing is added for anything else after "and" ("i'm 34 and tired").
 */
function withWhatFollowsAnd(first: StateReading, rest: string, tokens: readonly Token[], subject: Subject): StatesRead {
  if (first === null || first === NOTHING) return first;
  const after = /\s(?:and|&|\+)\s+(?:(?:also|a|an)\s+)*(.+)$/.exec(rest.split(/[,.;!?]/)[0] ?? '')?.[1];
  if (!after) return [first];
  const allergy = first.slot?.includes('.allergy.') === true;
  const tries = allergy ? [`is allergic to ${after}`] : [`is ${after}`, `has ${after}`, `is a ${after}`];
  for (const said of tries) {
    const second = conditionIn(said, subject) ?? (allergy ? null : fanIn(said, tokens, subject));
    if (second && second !== NOTHING && second.slot !== first.slot) return [first, second];
  }
  // "i have diabetes and a cat", "has asthma and two kids": what else they have, when it is a pet or children.
  const owned = first.content.startsWith(`${subject.text} has `) ? HAS_TOO.exec(rest.split(/[,.;!?]/)[0] ?? '') : null;
  if (owned && OWNED.has(owned[2] ?? '')) {
    return [first, { content: `${subject.text} has ${owned[1]} ${owned[2]}${owned[4] ? ` ${owned[3]} ${displayed(owned[4], tokens)}` : ''}`, type: 'semantic', slot: null, value: null, entities: subject.entity ? [subject.entity] : [] }];
  }
  return [first];
}

/** After "and": a count and a pet or children, perhaps with a name ("and a dog called rex"), and nothing else. */
const HAS_TOO = /\s(?:and|&|\+)\s+(a|an|one|two|three|four|five|\d)\s+([\p{L}]+)(?:\s+(called|named)\s+([\p{L}]+))?\s*(?:lol|haha|btw|too|as well|x+)?\s*$/u;
const OWNED = new Set(
  'cat cats dog dogs kitten kittens puppy puppies rabbit rabbits hamster hamsters guinea pig pigs tortoise parrot budgie horse kid kids child children son sons daughter daughters baby'.split(' '),
);

/** A state's statement that tells of an event, dated by the clause's time: "turned 30 yesterday", "died last week". */
const EVENT_STATES = / (?:turned|was diagnosed|died|passed away|passed on)\b/;
export const tellsOfAnEvent = (built: readonly Built[]): boolean => built.some((b) => EVENT_STATES.test(b.content));

/**
 * Statements of one of many ("my friend", "my son"): true, but slotless (another friend may be meant next time).
 * A relative's condition or allergy keeps its slot (`user.sister.allergy.cats`): it names the state, so "my sister is no
 * longer allergic to cats" ends "my sister is allergic to cats", and two sisters allergic to cats are one fact said twice.
 */
export const withoutSlots = (built: readonly Built[], oneOfMany: boolean): Built[] =>
  oneOfMany ? built.map((b) => (familyState(b.slot) ? b : { ...b, slot: null, value: null })) : [...built];

/** Family a person may have several of: their conditions are the family's to remember (a friend's stay slotless). */
const FAMILY_OF_MANY = new Set(['son', 'daughter', 'sister', 'brother', 'kid', 'child', 'cousin', 'niece', 'nephew', 'grandson', 'granddaughter', 'aunt', 'uncle', 'stepson', 'stepdaughter', 'stepbrother', 'stepsister']);
/** The relation a slot is of, by its last word: "little_brother", "twin_sister" are a brother and a sister. */
const familyState = (slot: string | null): boolean =>
  slot !== null && /^user\.[^.]+\.(?:health|allergy)\./.test(slot) && FAMILY_OF_MANY.has((slot.split('.')[1] ?? '').split('_').at(-1) ?? '');
