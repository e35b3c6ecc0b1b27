/**
 * What a person is, said the chat's way, that no verb rule reads: an age ("i'm 34 btw", "turned 30 yesterday", "my
 * son is 4"), a birthday ("my bday is 29.12"), a lasting health condition ("i have type 1 diabetes", "diagnosed with
 * adhd last month", "coeliac so no pasta for me", "allergic to penicillin"), being a fan ("i'm a huge arsenal fan",
 * "obsessed with taylor swift rn"), a night owl or a dog person, and a death ("my grandad passed away last week",
 * "our cat died this morning", "we had to put our dog down"). Each reads one clause from where its subject ends and
 * gives a statement, or null for any other shape: "i'm 5 minutes away", "i have anxiety about the exam", "my phone
 * died", "i died laughing" and "my brother passed his test" say none of these.
 */
import { slashDateOrder } from '../../../src-shared/date-order';
import { joinTokens, type Token } from './analyzer';
import { CALENDAR_WORDS, RELATIONS } from './lexicon';
import { possessive, slotKey } from './phrases';
import type { Built, Subject } from './statement-types';

/** A clause these rules read and found to say nothing (a joke allergy, a death in a dream): no other rule reads it. */
export const NOTHING = 'nothing';
export type StateReading = Built | typeof NOTHING | null;
/** A message that says the opposite of its words: an eye-roll, "/s", "yeah right". */
export const SARCASM = /🙄|😒|(?:^|\s)\/s\b|\byeah,? right\b/iu;

const EMOJI = /\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|[\u{1F3FB}-\u{1F3FF}]/gu;

/** The clause from `at` as plain lower-case words and marks, emoji left out. */
function spoken(tokens: readonly Token[], at: number): string {
  return joinTokens(tokens.slice(at)).replace(EMOJI, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Words a chat ends such news with, which add nothing to it ("lol", "btw", "rip milo" aside). */
const FILLERS = new Set(
  'lol haha hahaha lmao omg btw fyi tho though now already today tonight yesterday finally just sadly ffs fr ngl tbh x xx xxx rn atm lately these days anymore again still officially'.split(' '),
);
/** Words of a time said after the news: "last week", "on sunday", "in 2021", "this morning", "3 days ago". */
const TIME_WORDS = new Set(
  [
    ...'on in at last this next over the a an few couple of ago morning afternoon evening night week weekend month year years months weeks day days fortnight eve earlier recently peacefully suddenly unexpectedly back'.split(' '),
    ...'jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '),
    ...CALENDAR_WORDS,
  ],
);

/**
 * Whether `rest` (after the news) holds only a time, fillers and marks: "last week lol", "in 2021, still miss him".
 * `timeToo` false: fillers only ("im 30 next week" is an age still ahead).
 */
function onlyTimeOrFillers(rest: string, timeToo = true): boolean {
  // A new clause after a comma, a full stop or a dash is its own ("…, still miss him").
  const head = rest.split(/[,.;!?:]|\s[-–—]\s|\band\b|\bbut\b|\bso\b/)[0] ?? '';
  const words = head.match(/[\p{L}\p{N}']+/gu) ?? [];
  if (!timeToo) return words.every((w) => FILLERS.has(w) && w !== 'tonight' && w !== 'yesterday');
  return words.every((w) => FILLERS.has(w) || TIME_WORDS.has(w) || /^\d{1,4}(?:st|nd|rd|th)?$/.test(w));
}

/**
 * A message without "I" or "my" that may still tell of its speaker by its shape alone (statements.ts reads only
 * such messages): "turned 30 yesterday", "born on 12 march 1990", "diagnosed with adhd", "coeliac so no pasta",
 * "big fan of the office", "obsessed with taylor swift rn".
 */
export const STATE_WITHOUT_SUBJECT =
  /^\W*(?:just\s+|finally\s+|officially\s+)?(?:turned\s+\d|born\s+(?:on\s+)?(?:the\s+)?\d|diagnosed\s+with\b|(?:huge|big|massive)\s+fan\s+of\b|obsessed\s+with\b|allergic\s+to\b|(?:coeliac|celiac|asthmatic|diabetic|epileptic|dyslexic|autistic|lactose intolerant|gluten intolerant)\b)/i;

// ---------------------------------------------------------------------------------------------------------------
// Ages and birthdays

const AGE_UNIT = String.raw`(?:\s*(?:years?|yrs?|yo|y\/o|y\.o\.?)(?:\s+old)?|\s+(?:months?|weeks?)\s+old)`;
/** "34", "34 years old", "34yo", "6 months old", then nothing but fillers ("and already smarter than me" is a new clause). */
const AGE_IS = new RegExp(String.raw`^(?:is|are|am|'s|'m|m)\s+(\d{1,3})(${AGE_UNIT})?(?=$|[\s,.!?;])(.*)$`);
const TURNED = /^(?:just\s+|finally\s+)?turned\s+(\d{1,3})(?=$|[\s,.!?;])(.*)$/;
/** A number that is no age: "i'm 5 minutes away", "i'm 2 drinks in", "im 20 weeks pregnant", "i'm 30 on saturday" (ahead). */
const NOT_AN_AGE_AFTER = /^\s*(?:%|minutes?|mins?|hours?|hrs?|secs?|seconds?|days?|weeks?|months?|drinks?|pints?|miles?|km|k|quid|pounds?|euros?|dollars?|percent|times?|kg|lbs?|stone|cm|ft|feet|in|inches|out|of|for|on|off|down|up|pages?|chapters?|episodes?|points?|grand)\b/;

function ageIn(rest: string, subject: Subject): Built | null {
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

const BIRTHDAY_NOUNS = new Set(['birthday', 'bday', 'b-day', 'birthdate', 'bdays']);

/**
 * "my birthday is 29.12", "my bday's on march 3rd", "my birthday is the 3rd of june": the speaker's birthday, from
 * the word after "my". "my birthday's on the 14th" names no month, and "my birthday is next week" no day: null.
 */
export function birthdayStatement(tokens: readonly Token[], nounAt: number, own: Subject): Built | null {
  const noun = tokens[nounAt]?.text.toLowerCase() ?? '';
  if (!BIRTHDAY_NOUNS.has(noun)) return null;
  const rest = spoken(tokens, nounAt + 1).replace(/^(?:'s|is|falls|will be)\s+/, '');
  const date = dayOfYear(rest);
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

/** "born on 12 march 1990", "I was born on the 3rd of June": a birthday with its year. */
function bornOnStatement(tokens: readonly Token[], start: number, own: Subject): Built | null {
  const m = /^(?:(?:i\s+was|i'?m|im)\s+)?born\s+(?:on\s+)?(.*)$/.exec(spoken(tokens, start));
  if (!m) return null;
  const date = dayOfYear(m[1] ?? '');
  if (!date) return null;
  const monthName = (MONTH_NAMES[date.month] ?? '').replace(/^./, (c) => c.toUpperCase());
  return {
    timeless: true,
    content: `${own.text} was born on ${date.day} ${monthName}${date.year ? ` ${date.year}` : ''}`,
    type: 'semantic',
    slot: `${own.key}.birthday`,
    value: `${String(date.month + 1).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`,
    entities: own.entity ? [own.entity] : [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Health

/** A slot key for a name as typed: "Crohn's disease" → `crohns_disease` (no apostrophe in a key). */
const keyOf = (name: string): string => slotKey(name.replace(/['’]/g, ''));

/** Lasting conditions as a chat names them, and how a fact writes them. Passing illness (a cold, covid) is no fact. */
const CONDITIONS = new Map<string, string>(
  Object.entries({
    diabetes: 'diabetes', asthma: 'asthma', adhd: 'ADHD', autism: 'autism', dyslexia: 'dyslexia', dyspraxia: 'dyspraxia',
    epilepsy: 'epilepsy', migraines: 'migraines', migraine: 'migraines', depression: 'depression', anxiety: 'anxiety',
    'social anxiety': 'social anxiety', ocd: 'OCD', ptsd: 'PTSD', 'bipolar disorder': 'bipolar disorder', bipolar: 'bipolar disorder',
    cancer: 'cancer', 'breast cancer': 'breast cancer', 'coeliac disease': 'coeliac disease', 'celiac disease': 'coeliac disease',
    "crohn's": "Crohn's disease", crohns: "Crohn's disease", "crohn's disease": "Crohn's disease", ibs: 'IBS', 'long covid': 'long covid',
    arthritis: 'arthritis', 'rheumatoid arthritis': 'rheumatoid arthritis', fibromyalgia: 'fibromyalgia', endometriosis: 'endometriosis',
    pcos: 'PCOS', dementia: 'dementia', "alzheimer's": "Alzheimer's", alzheimers: "Alzheimer's", ms: 'MS', 'multiple sclerosis': 'multiple sclerosis',
    'chronic fatigue': 'chronic fatigue syndrome', 'chronic fatigue syndrome': 'chronic fatigue syndrome', cfs: 'chronic fatigue syndrome',
    insomnia: 'insomnia', eczema: 'eczema', psoriasis: 'psoriasis', 'hay fever': 'hay fever', hayfever: 'hay fever',
    'high blood pressure': 'high blood pressure', hypertension: 'high blood pressure', tinnitus: 'tinnitus', 'sleep apnea': 'sleep apnoea',
    'sleep apnoea': 'sleep apnoea', lupus: 'lupus', 'an eating disorder': 'an eating disorder', anorexia: 'anorexia', bulimia: 'bulimia',
    'a heart condition': 'a heart condition', 'heart disease': 'heart disease', copd: 'COPD', hiv: 'HIV', hypothyroidism: 'hypothyroidism',
    'an underactive thyroid': 'an underactive thyroid', 'kidney disease': 'kidney disease', sciatica: 'sciatica', scoliosis: 'scoliosis',
    "tourette's": "Tourette's", tourettes: "Tourette's", "parkinson's": "Parkinson's", parkinsons: "Parkinson's", 'cerebral palsy': 'cerebral palsy',
    'cystic fibrosis': 'cystic fibrosis', 'sickle cell': 'sickle cell disease', anaemia: 'anaemia', anemia: 'anaemia', glaucoma: 'glaucoma',
  }),
);
const CONDITION_ALTERNATION = [...CONDITIONS.keys()].sort((a, b) => b.length - a.length).map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const KIND = String.raw`(?:(type\s*(?:1|2|one|two|i|ii))\s+)?`;
const SEVERITY = String.raw`(?:(?:severe|mild|chronic|bad|really bad|terrible|awful|early onset|stage \w+)\s+)?`;
/** "have", "'ve got", "suffer from", "live with": the condition follows and ends the phrase. */
const HAS_CONDITION = new RegExp(String.raw`^(?:have|has|'ve got|ve got|'s got|have got|has got|got|suffer(?:s)? (?:from|with)|live(?:s)? with|(?:am|is|'m|'s) living with)\s+${SEVERITY}${KIND}(${CONDITION_ALTERNATION})(?![\p{L}'])(.*)$`, 'u');
const DIAGNOSED = new RegExp(String.raw`^(?:(?:was|got|'ve been|have been|has been|been|is|'s|am|'m|just got|just been|finally got|finally been)\s+)?(?:just\s+|finally\s+|officially\s+)?diagnosed\s+with\s+${SEVERITY}${KIND}(${CONDITION_ALTERNATION})(?![\p{L}'])(.*)$`, 'u');
/** Said as what one is: "i'm coeliac", "asthmatic so the smoke got me", "deaf in one ear". */
const CONDITION_ADJECTIVES = new Map<string, string>(
  Object.entries({
    diabetic: 'diabetes', asthmatic: 'asthma', coeliac: 'coeliac disease', celiac: 'coeliac disease', epileptic: 'epilepsy',
    dyslexic: 'dyslexia', dyspraxic: 'dyspraxia', autistic: 'autism', anaemic: 'anaemia', anemic: 'anaemia',
    'lactose intolerant': 'lactose intolerance', 'gluten intolerant': 'gluten intolerance', deaf: 'deafness', 'partially deaf': 'partial deafness',
    'hard of hearing': 'hearing loss', 'partially sighted': 'partial sight', 'colour blind': 'colour blindness', 'color blind': 'colour blindness',
    colourblind: 'colour blindness', colorblind: 'colour blindness', bipolar: 'bipolar disorder',
  }),
);
const ADJECTIVE_ALTERNATION = [...CONDITION_ADJECTIVES.keys()].sort((a, b) => b.length - a.length).join('|');
const IS_CONDITION = new RegExp(String.raw`^(?:(?:am|is|are|'m|'s|m)\s+)?(?:also\s+|actually\s+|severely\s+|a\s+)?${KIND}(${ADJECTIVE_ALTERNATION})(?![\p{L}'])((?:\s+in\s+(?:one|my (?:left|right)|both)\s+(?:ear|eye)s?)?)(.*)$`, 'u');
const ALLERGIC = /^(?:(?:am|is|are|'m|'s|m)\s+)?(?:also\s+|very\s+|really\s+|severely\s+|super\s+|deathly\s+|mildly\s+|a bit\s+)?allergic\s+to\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)(.*)$/u;
/** After a condition, what ends the phrase: "…, its helping", "so no pasta", "like every week"; not "about the exam". */
const CONDITION_ENDS = /^(?:$|[\s]*[,.!?;:)(-]|\s+(?:and|but|so|which|tho|though|like|lol|haha|btw|now|too|as well|since|for \w+ years?|again|rn|atm|last|this|in \d{4}|when|after|ffs|fyi|tbh|ngl|x+|just)\b)/;
/** After "diagnosed with …", a time or an age may follow too: "in march", "at 30", "aged 7", "back in 2019". */
const DIAGNOSIS_ENDS = /^\s+(?:in|on|at|aged|age|back|around|about|over|when|before|during|\d)\b/;
/**
 * What one is allergic to, in earnest: foods, animals, pollen and the like, medicines. "allergic to mondays",
 * "to hard work", "to people lol" are jokes, and say nothing.
 */
const ALLERGENS = new Set(
  `nuts peanuts peanut nut tree nuts cashews almonds walnuts hazelnuts pistachios shellfish seafood prawns shrimp crab lobster fish eggs egg milk dairy
  lactose gluten wheat soy soya sesame chicken beef pork lamb corn rice oats mustard celery lupin sulphites sulfites strawberries kiwi kiwis bananas tomatoes garlic onions chocolate
  cats cat dogs dog horses horse rabbits hamsters feathers pollen grass hay dust dust mites mould mold latex bees bee stings wasps wasp stings
  nickel plasters perfume penicillin amoxicillin aspirin ibuprofen codeine morphine sulfa sulpha antibiotics anaesthetic anesthetic iodine
  hair dye sun chlorine wool`.split(/\s+/),
);
const isAllergen = (thing: string): boolean => ALLERGENS.has(thing) || /(?:cillin|mycin|cycline)$/.test(thing);
/** Said in jest: "allergic to mondays", "to hard work", "to people lol". */
const JOKE_ALLERGIES = new Set(
  'mondays monday mornings morning people work effort exercise cardio running gym homework school bullshit drama nonsense adulting responsibility responsibilities commitment idiots stupidity you him her them men women kids children chores cleaning'.split(' '),
);

/** Words after "allergic to" that end its object: "penicillin just so u know", "cats lol". */
const AFTER_AN_ALLERGEN = new Set(['just', 'so', 'lol', 'btw', 'and', 'but', 'tho', 'haha', 'fyi', 'too', 'as', 'like', 'apparently', 'now', 'which']);

function conditionIn(rest: string, subject: Subject): StateReading {
  const entities = subject.entity ? [subject.entity] : [];
  const state = (condition: string, content: string): Built => ({ content, type: 'semantic', slot: `${subject.key}.health.${keyOf(condition)}`, value: 'yes', entities });
  const kindOf = (kind: string | undefined): string => (kind ? `type ${/1|one|^type\s*i$/.test(kind) ? '1' : '2'} ` : '');
  const has = HAS_CONDITION.exec(rest);
  if (has && CONDITION_ENDS.test(has[3] ?? '')) {
    const name = `${kindOf(has[1])}${CONDITIONS.get(has[2] ?? '') ?? ''}`;
    return state(name, `${subject.text} has ${name}`);
  }
  const diagnosed = DIAGNOSED.exec(rest);
  if (diagnosed && (CONDITION_ENDS.test(diagnosed[3] ?? '') || DIAGNOSIS_ENDS.test(diagnosed[3] ?? ''))) {
    const name = `${kindOf(diagnosed[1])}${CONDITIONS.get(diagnosed[2] ?? '') ?? ''}`;
    return state(name, `${subject.text} was diagnosed with ${name}`);
  }
  const is = IS_CONDITION.exec(rest);
  if (is && CONDITION_ENDS.test(is[4] ?? '')) {
    const adjective = is[2] ?? '';
    const condition = `${kindOf(is[1])}${CONDITION_ADJECTIVES.get(adjective) ?? adjective}`;
    return state(condition, `${subject.text} is ${kindOf(is[1])}${adjective}${is[3] ?? ''}`);
  }
  const allergic = ALLERGIC.exec(rest);
  if (allergic) {
    const words = (allergic[1] ?? '').split(/\s+/);
    const cut = words.findIndex((w) => AFTER_AN_ALLERGEN.has(w));
    const allergen = (cut < 0 ? words : words.slice(0, cut)).join(' ');
    if (!allergen) return null;
    // Not a known allergen: a joke is nothing; anything else is left to the general rules ("allergic to chicken").
    if (!isAllergen(allergen) && !isAllergen(words[0] ?? '')) return JOKE_ALLERGIES.has(allergen) || JOKE_ALLERGIES.has(words[0] ?? '') || JOKE_ALLERGIES.has(words.at(-1) ?? '') || /\b(?:lol|lmao|haha)\b|😂|🤣/u.test(rest) ? NOTHING : null;
    return { content: `${subject.text} is allergic to ${allergen}`, type: 'semantic', slot: `${subject.key}.allergy.${slotKey(allergen)}`, value: 'yes', entities };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Fans, night owls and dog people

const FAN_ADJECTIVES = String.raw`(?:(?:huge|big|massive|die-?hard|lifelong|proper|loyal|true|mega|total|crazy|long[- ]suffering|season ticket|such a)\s+)*`;
/** "a huge arsenal fan", "an arsenal supporter": the team or band between, one to three words. */
const X_FAN = new RegExp(String.raw`^(?:(?:am|is|'m|m)\s+)?(?:a|an)\s+${FAN_ADJECTIVES}((?:[\p{L}\p{N}'&.-]+\s+){0,2}[\p{L}\p{N}'&.-]+)\s+(?:fan|supporter)\b(.*)$`, 'u');
/** "big fan of the office", said without "I'm a". */
const FAN_OF = new RegExp(String.raw`^${FAN_ADJECTIVES.replace('*', '+')}fan\s+of\s+((?:[\p{L}\p{N}'&.-]+\s+){0,3}[\p{L}\p{N}'&.-]+?)(?=$|\s*[(,.!?;]|\s+(?:lol|tbh|btw|tho|now|rn|obvs|obviously|haha)\b)`, 'u');
const OBSESSED = /^(?:(?:am|is|'m|m)\s+)?(?:(?:so|totally|completely|lowkey|low key|kinda|a bit|slightly|literally|still|now)\s+)*(obsessed with|addicted to|hooked on)\s+((?:[\p{L}\p{N}'&.-]+\s+){0,3}?[\p{L}\p{N}'&.-]+?)(?=$|\s*[(,.!?;]|\s+(?:rn|atm|lately|now|these days|at the moment|lol|tbh|again|haha|omg)\b)/u;
const KIND_OF_PERSON = /^(?:(?:am|is|'m|m)\s+)?(?:(?:more of|definitely|totally|such|really|now|also|very much|100%|always been)\s+)*(?:a|an)\s+(?:(?:real|total|proper|massive|huge|big)\s+)?(night owl|morning person|early bird|night person|evening person|early riser|dog person|cat person)\b(.*)$/;
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
const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'our', 'their', 'ur']);
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
    if (/['’]s$/.test(words.find((w) => /['’]s$/.test(w)) ?? '') || POSSESSIVES.has(words[0] ?? '') || RELATIONS.has(words.at(-1) ?? '')) return NOTHING;
    const k = key(thing);
    return k ? { content, type: 'opinion', slot: `${subject.key}.opinion.${k}`, value: 'like', entities: subject.entity ? [subject.entity] : [] } : null;
  };
  const kind = KIND_OF_PERSON.exec(rest);
  if (kind && onlyTimeOrFillers(kind[2] ?? '')) {
    const what = PERSON_KINDS[kind[1] ?? ''];
    if (!what) return null;
    return { content: `${subject.text} is ${/^[aeiou]/.test(kind[1] ?? '') ? 'an' : 'a'} ${kind[1]}`, type: what.slot === 'chronotype' ? 'semantic' : 'opinion', slot: `${subject.key}.${what.slot}`, value: what.value, entities: subject.entity ? [subject.entity] : [] };
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
 * "born on 12 march 1990", "we had to put our dog down last friday".
 */
export function speakerState(tokens: readonly Token[], start: number, own: Subject): StateReading {
  const text = spoken(tokens, start);
  const putDown = PUT_DOWN.exec(text);
  if (putDown && onlyTimeOrFillers(putDown[3] ?? '')) {
    return { content: `${possessive(own.text)} ${putDown[1] ?? putDown[2]} died`, type: 'semantic', slot: null, value: null, entities: own.entity ? [own.entity] : [] };
  }
  const lost = LOST.exec(text);
  if (lost && RELATIONS.has(lost[1] ?? '') && !['boss', 'manager', 'colleague', 'coworker', 'co-worker', 'landlord', 'landlady', 'therapist', 'doctor', 'teacher', 'coach', 'mentor', 'ex'].includes(lost[1] ?? '') && onlyTimeOrFillers(lost[2] ?? '')) {
    return { content: `${possessive(own.text)} ${lost[1]} died`, type: 'semantic', slot: null, value: null, entities: own.entity ? [own.entity] : [] };
  }
  const born = bornOnStatement(tokens, start, own);
  if (born) return born;
  // The rules read what follows a subject ("am 34", "have diabetes", "turned 30"); said without "I", only forms
  // whose shape says who match ("turned 30", "diagnosed with …", "coeliac so …", "big fan of …").
  const rest = text.replace(/^(?:i'm|im|i am)\s+/, 'am ').replace(/^(?:i've|ive|i have)\s+/, 'have ').replace(/^i\s+/, '');
  return ageIn(rest, own) ?? conditionIn(rest, own) ?? fanIn(rest, tokens, own);
}

/**
 * A state of a subject the clause has named (`at`: just after it): "my son is 4", "our son leo turned 2 yesterday",
 * "my dad has dementia", "my grandad passed away last week", "our cat died this morning".
 */
export function subjectState(tokens: readonly Token[], at: number, subject: Subject): StateReading {
  if (subject.firstPerson) return null;
  const rest = spoken(tokens, at);
  return deathIn(rest, subject) ?? ageIn(rest, subject) ?? conditionIn(rest, subject);
}
