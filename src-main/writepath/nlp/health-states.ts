/**
 * Lasting health conditions and allergies as chats say them (personal-states.ts reads them after a subject): "i
 * have type 1 diabetes", "diagnosed with adhd last month", "coeliac so no pasta for me", "deaf in one ear", "allergic
 * to penicillin". A passing illness ("covid again", "a cold"), a worry ("anxiety about tomorrow"), a word that only
 * looks like one ("ms teams") and a joke allergy ("allergic to mondays") say none.
 */
import { escapeRegExp } from '../../../src-shared/text';
import { slotKey } from './phrases';
import { NOTHING, type Built, type StateReading, type Subject } from './statement-types';

/** A slot key for a name as typed: "Crohn's disease" → `crohns_disease` (no apostrophe in a key). */
export const keyOf = (name: string): string => slotKey(name.replace(/['’]/g, ''));

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
const CONDITION_ALTERNATION = [...CONDITIONS.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
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
const CONDITION_ENDS = /^(?:$|[\s]*[,.!?;:)(-]|\s+(?:and|but|so|which|tho|though|like|lol|haha|btw|now|too|as well|since|for \w+ years?|again|rn|atm|last|this|in \d{4}|when|after|ffs|fyi|tbh|ngl|x+|just|thanks to)\b)/;
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
  hair dye sun chlorine wool butter oil flour`.split(/\s+/),
);
const isAllergen = (thing: string): boolean => ALLERGENS.has(thing) || /(?:cillin|mycin|cycline)$/.test(thing);
/** Said in jest: "allergic to mondays", "to hard work", "to people lol". */
const JOKE_ALLERGIES = new Set(
  'mondays monday mornings morning people work effort exercise cardio running gym homework school bullshit drama nonsense adulting responsibility responsibilities commitment idiots stupidity you him her them men women kids children chores cleaning'.split(' '),
);

/** Words after "allergic to" that end its object: "penicillin just so u know", "cats lol". */
const AFTER_AN_ALLERGEN = new Set(['just', 'so', 'lol', 'btw', 'and', 'but', 'tho', 'haha', 'fyi', 'too', 'as', 'like', 'apparently', 'now', 'which']);

export function conditionIn(rest: string, subject: Subject): StateReading {
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
    const kept = cut < 0 ? words : words.slice(0, cut);
    // "cats thank god", "eggs according to the test": a known allergen and a word that is none is the allergen alone.
    const allergen = (kept.length === 2 && isAllergen(kept[0] ?? '') && !isAllergen(kept[1] ?? '') ? kept.slice(0, 1) : kept).join(' ');
    if (!allergen) return null;
    // Not a known allergen: a joke is nothing; anything else is left to the general rules ("allergic to chicken").
    if (!isAllergen(allergen) && !isAllergen(words[0] ?? '')) return JOKE_ALLERGIES.has(allergen) || JOKE_ALLERGIES.has(words[0] ?? '') || JOKE_ALLERGIES.has(words.at(-1) ?? '') || /\b(?:lol|lmao|haha)\b|😂|🤣/u.test(rest) ? NOTHING : null;
    return { content: `${subject.text} is allergic to ${allergen}`, type: 'semantic', slot: `${subject.key}.allergy.${slotKey(allergen)}`, value: 'yes', entities };
  }
  return null;
}

/** Whether a word names a lasting condition or an allergen ("asthma", "diabetic", "peanuts"): a state a denial may list. */
export const namesAState = (word: string): boolean => CONDITIONS.has(word) || CONDITION_ADJECTIVES.has(word) || isAllergen(word);
