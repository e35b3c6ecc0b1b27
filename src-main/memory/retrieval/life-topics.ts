/**
 * The words a life's topics are told in, and the found turns that tell them. A question asks about "jobs",
 * "health", "the car"; a chat tells of them in its own words: "got an offer", "last shift at the warehouse",
 * "crutches", "failed its MOT". Each topic lists the words a question names it by and the words a chat tells it in.
 */
import type { ReadableDB } from '../../storage/db';
import { escapeRegExp, quoteFtsTerm } from '../../../src-shared/text';
import { stemWord } from '../../embeddings/offline';
import { turnTexts } from './turn-texts';
import type { TermStats } from './term-stats';
import { forEachContentWord, type FtsQuery } from './text';

interface LifeTopic {
  /** Question words that name the topic (stemmed forms are matched as written here). */
  asked: readonly string[];
  /** Words a chat tells of it in. */
  told: readonly string[];
  /** Emoji a chat tells it with ("💍", "🩼"): the index keeps no emoji, so they are read from the turns found. */
  emoji?: readonly string[];
  /**
   * Phrases a chat announces an event of the topic in, that share no word with a question about it ("SHE SAID YES" is
   * an engagement), each set called for only by the question words that ask for that event ("engaged", not "fiancé";
   * "born", not "son"). Unlike told words they are looked up in the whole memory, not only among the turns found.
   */
  idioms?: readonly Idioms[];
}

interface Idioms {
  askedBy: readonly string[];
  said: readonly string[];
  /**
   * Idioms that announce the event only as a message's opening words, closed by a stop or an emoji ("HE ASKED 😭😭",
   * "she's here 🥹 7lb 2oz"): said in a sentence ("he asked if we need milk") they are everyday words.
   */
  saidAlone?: readonly string[];
}

const TOPICS: readonly LifeTopic[] = [
  {
    asked: ['job', 'jobs', 'work', 'worked', 'working', 'career', 'employment', 'employed', 'unemployed', 'employer', 'occupation', 'profession', 'workplace'],
    told: ['job', 'shift', 'shifts', 'boss', 'offer', 'interview', 'hired', 'fired', 'quit', 'resigned', 'contract', 'promotion', 'probation', 'promoted', 'raise', 'salary', 'colleague', 'colleagues', 'coworkers', 'office', 'manager', 'redundant', 'redundancy', 'laid', 'internship', 'apprenticeship', 'notice', 'payslip', 'overtime'],
    emoji: ['💼', '👔'],
  },
  {
    asked: ['live', 'lived', 'living', 'move', 'moved', 'moving', 'relocate', 'relocated', 'relocation', 'home', 'flat', 'apartment', 'house', 'city', 'cities', 'address', 'neighbourhood', 'neighborhood'],
    told: ['moving', 'moved', 'flat', 'apartment', 'house', 'rent', 'landlord', 'lease', 'tenancy', 'viewing', 'mortgage', 'boxes', 'packing', 'van', 'deposit', 'flatmate', 'housemate', 'neighbours'],
    emoji: ['🏠', '🏡', '📦', '🔑'],
  },
  {
    asked: ['relationship', 'relationships', 'dating', 'boyfriend', 'girlfriend', 'partner', 'married', 'marriage', 'engaged', 'engagement', 'propose', 'proposed', 'proposal', 'divorce', 'divorced', 'single', 'romance', 'romantic'],
    told: ['date', 'dating', 'boyfriend', 'girlfriend', 'bf', 'gf', 'kissed', 'broke', 'dumped', 'ex', 'proposed', 'ring', 'engaged', 'wedding', 'married', 'fiance', 'fiancé', 'fiancée', 'anniversary', 'tinder', 'hinge', 'bumble', 'crush', 'girlfriend'],
    emoji: ['💍', '💔', '💑', '💏', '👰', '🤵', '💒'],
    idioms: [{ askedBy: ['relationship', 'relationships', 'dating', 'romance'], said: ['broke up', 'ended things', 'called it off', 'split up', 'asked me out'] }],
  },
  {
    // An engagement is told in its own idioms: "HE ASKED 😭", "she said yes!!", "popped the question".
    asked: ['engaged', 'engagement', 'propose', 'proposed', 'proposal', 'fiance', 'fiancé', 'fiancee', 'fiancée'],
    told: ['ring', 'proposed', 'engaged', 'fiance', 'fiancé', 'fiancee', 'fiancée', 'knee'],
    emoji: ['💍'],
    idioms: [{ askedBy: ['engaged', 'engagement', 'propose', 'proposed', 'proposal'], said: ['said yes', 'popped the question', 'on one knee', 'put a ring on'], saidAlone: ['he asked', 'she asked'] }],
  },
  {
    asked: ['health', 'injury', 'injured', 'ill', 'illness', 'sick', 'hurt', 'surgery', 'operation', 'hospital', 'recovery', 'recover', 'recovered', 'recovering', 'diagnosis', 'diagnosed', 'medical', 'condition', 'mobility', 'treatment', 'scan', 'symptoms', 'knee', 'knees', 'ankle', 'wrist', 'shoulder', 'hip', 'elbow', 'spine'],
    told: ['doctor', 'gp', 'hospital', 'surgery', 'operation', 'physio', 'crutches', 'mri', 'scan', 'xray', 'diagnosed', 'pain', 'broke', 'broken', 'torn', 'sprained', 'stitches', 'meds', 'medication', 'pills', 'consultant', 'appointment', 'healing', 'fever', 'flu', 'covid', 'antibiotics', 'nurse', 'ward', 'discharged', 'wheelchair', 'cast', 'rehab', 'ligament', 'meniscus', 'fracture', 'fractured', 'brace', 'keyhole', 'ultrasound', 'biopsy', 'stitches', 'limping'],
    emoji: ['🏥', '🤒', '🤕', '💊', '🩺', '🩼', '🦽', '🚑', '💉', '🤧'],
  },
  {
    asked: ['diet', 'eat', 'eats', 'eating', 'food', 'vegetarian', 'vegan', 'meat'],
    told: ['vegan', 'vegetarian', 'veggie', 'pescatarian', 'meat', 'fish', 'chicken', 'beef', 'dairy', 'plant', 'keto', 'gluten', 'burger', 'bacon'],
    emoji: ['🥩', '🥗', '🌱', '🍖', '🥦', '🍗', '🥓'],
  },
  {
    asked: ['pet', 'pets', 'dog', 'dogs', 'cat', 'cats', 'puppy', 'kitten', 'animal', 'animals'],
    told: ['dog', 'cat', 'puppy', 'pup', 'kitten', 'vet', 'walkies', 'adopted', 'rescue', 'litter', 'barks', 'barking', 'leash', 'kennel', 'breed', 'paws', 'fur', 'treats'],
    emoji: ['🐶', '🐕', '🐱', '🐈', '🐾', '🐩', '🐇', '🐹', '🐰'],
  },
  {
    asked: ['car', 'cars', 'vehicle', 'drive', 'drives', 'driving'],
    told: ['car', 'drive', 'driving', 'mot', 'garage', 'mechanic', 'insurance', 'brakes', 'engine', 'tyres', 'petrol', 'diesel', 'licence', 'license', 'parking', 'vw', 'volkswagen', 'ford', 'fiesta', 'toyota', 'yaris', 'corolla', 'honda', 'bmw', 'audi', 'mercedes', 'tesla', 'nissan', 'kia', 'hyundai', 'renault', 'peugeot', 'fiat', 'volvo', 'vauxhall', 'corsa', 'opel'],
    emoji: ['🚗', '🚙', '🚘'],
  },
  {
    asked: ['study', 'studies', 'studying', 'school', 'university', 'uni', 'college', 'degree', 'course', 'exam', 'exams', 'education', 'student'],
    told: ['exam', 'exams', 'lecture', 'lectures', 'essay', 'dissertation', 'thesis', 'module', 'semester', 'grades', 'grade', 'results', 'graduated', 'graduation', 'tutor', 'class', 'classes', 'homework', 'revision', 'uni', 'campus', 'enrolled', 'accepted'],
    emoji: ['🎓', '📚'],
  },
  {
    asked: ['exercise', 'fitness', 'sport', 'sports', 'workout', 'training', 'gym', 'run', 'running', 'hobby', 'hobbies'],
    told: ['gym', 'run', 'ran', 'running', 'km', '5k', '10k', 'marathon', 'parkrun', 'training', 'workout', 'swim', 'swimming', 'cycling', 'bike', 'yoga', 'pilates', 'climbing', 'football', 'tennis', 'match', 'race', 'class', 'lessons', 'club'],
    emoji: ['🏃', '🚴', '🏋', '🧗', '⚽', '🎾', '🏊', '🧘'],
  },
  {
    asked: ['trip', 'trips', 'travel', 'travelled', 'traveled', 'travelling', 'holiday', 'holidays', 'vacation', 'abroad', 'flight', 'visit', 'visited'],
    told: ['flight', 'flights', 'flew', 'fly', 'airport', 'hotel', 'airbnb', 'hostel', 'booked', 'passport', 'beach', 'trip', 'holiday', 'luggage', 'ferry', 'visa', 'landed'],
    emoji: ['✈', '🛫', '🛬', '🧳', '🏖', '🏝'],
  },
  {
    asked: ['money', 'finances', 'financial', 'savings', 'debt', 'budget', 'afford', 'cost', 'costs', 'expensive', 'price', 'paid', 'pay'],
    told: ['£', '€', 'quid', 'grand', 'savings', 'saved', 'loan', 'debt', 'mortgage', 'rent', 'bills', 'salary', 'paid', 'budget', 'overdraft', 'bank', 'euro', 'euros', 'pounds', 'dollars'],
    emoji: ['💰', '💸', '💶', '💷', '💵'],
  },
  {
    asked: ['baby', 'babies', 'pregnant', 'pregnancy', 'birth', 'child', 'children', 'kids', 'son', 'daughter'],
    told: ['pregnant', 'baby', 'scan', 'due', 'midwife', 'born', 'labour', 'labor', 'birth', 'nursery', 'bump', 'boy', 'girl', 'newborn'],
    emoji: ['👶', '🍼', '🤰', '🤱'],
    idioms: [
      { askedBy: ['born', 'birth'], said: ["it's a girl", "it's a boy", 'waters broke'], saidAlone: ["she's here", "he's here"] },
      { askedBy: ['pregnant', 'pregnancy'], said: ["we're expecting", 'bun in the oven'] },
    ],
  },
  {
    asked: ['died', 'death', 'dead', 'funeral', 'loss', 'grief'],
    told: ['died', 'funeral', 'rip', 'hospice', 'condolences', 'loss'],
    emoji: ['🕯', '⚰', '🥀'],
    idioms: [{ askedBy: ['died', 'death', 'funeral'], said: ['passed away', 'no longer with us'] }],
  },
];

/** The told words one search reads at most: a question naming three topics reads each topic's words whole. */
export const MAX_TOPIC_TERMS = 96;

const ASKED = new Map<string, readonly string[]>();
const IDIOMS = new Map<string, readonly string[]>();
const SAID_ALONE = new Set<string>();
for (const topic of TOPICS) {
  for (const word of topic.asked) {
    ASKED.set(word, [...(ASKED.get(word) ?? []), ...topic.told, ...(topic.emoji ?? [])]);
  }
  for (const idioms of topic.idioms ?? []) {
    for (const word of idioms.askedBy) IDIOMS.set(word, [...(IDIOMS.get(word) ?? []), ...idioms.said, ...(idioms.saidAlone ?? [])]);
    for (const alone of idioms.saidAlone ?? []) SAID_ALONE.add(alone);
  }
}

/**
 * A question with its idioms in plain words: "where did he pop the question?" asks where he proposed, and the
 * full-text search should not look for "question" and "pop".
 */
export function idiomsInPlainWords(query: string): string {
  return query.replace(/(?<![\p{L}\p{N}])(pop(?:s|ped|ping)?)\s+the\s+question(?![\p{L}\p{N}])/giu, (_, pop: string) => PROPOSE[pop.toLowerCase()] ?? 'propose');
}

const PROPOSE: Readonly<Record<string, string>> = { pop: 'propose', pops: 'proposes', popped: 'proposed', popping: 'proposing' };

/** A question's words, lowercase, with its own idioms read as the words they stand for. */
function askedWords(query: string): string[] {
  const plain = idiomsInPlainWords(query)
    .toLowerCase()
    // ("When did he die?" asks of a death; "die Oma" is German for "the".)
    .replace(/\b(did|does|do|will|would|to)\b(.*?)\bdie\b/gu, '$1$2died')
    // ("What date …?", "the first date on the rota" ask for a day; "their first date", "a first date with" for a romance.)
    .replace(/\b(?:(?:my|his|her|their|our|your|a)\s+(?:first|second|third|blind)\s+date|(?:first|second|third|blind)\s+date\s+with)\b/gu, 'dating');
  return plain.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The words a chat tells the topics `query` asks about in, beyond the query's own words; empty when it names none. */
export function topicWords(query: string): string[] {
  const words = askedWords(query);
  const own = new Set(words);
  const told = new Set<string>();
  words.forEach((w, i) => {
    // ("of course" asks about no course.)
    if (w === 'course' && words[i - 1] === 'of') return;
    for (const t of ASKED.get(w) ?? []) if (!own.has(t)) told.add(t);
  });
  return [...told];
}

const NO_WORDS_BEFORE = /^[^\p{L}\p{N}]*$/u;
/** The message ends, or a stop or an emoji closes the idiom: "HE ASKED 😭", "she's here!! 7lb 2oz", not "he asked if". */
const CLOSED_AFTER = /^\s*(?:$|[^\p{L}\p{N}\s])/u;

/**
 * Whether a turn's text says one of `idioms` (curly apostrophes read as straight ones): anywhere, or for an idiom
 * said alone, as the message's opening words closed by a stop or an emoji.
 */
export function idiomMatcher(idioms: readonly string[]): (text: string) => boolean {
  const patterns = idioms.map((idiom) => ({ alone: SAID_ALONE.has(idiom), re: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(idiom)}(?![\\p{L}\\p{N}])`, 'iu') }));
  return (text) => {
    const plain = text.replaceAll('’', "'");
    return patterns.some(({ alone, re }) => {
      const at = re.exec(plain);
      if (!at) return false;
      return !alone || (NO_WORDS_BEFORE.test(plain.slice(0, at.index)) && CLOSED_AFTER.test(plain.slice(at.index + at[0].length)));
    });
  };
}

/** Idioms one search looks for at most (a pasted page naming every event would otherwise search them all). */
const MAX_IDIOMS = 12;

/** The idioms a chat announces the topics `query` asks about in (life-topic `idioms`); empty for most questions. */
export function topicIdioms(query: string): string[] {
  return [...new Set(askedWords(query).flatMap((w) => IDIOMS.get(w) ?? []))].slice(0, MAX_IDIOMS);
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * The full-text query for turns that say one of `idioms` (each a phrase), every match scored: a phrase of two words
 * matches few turns on any memory, and the bound a question's common words get would drop an old engagement for
 * newer turns.
 */
export function idiomQuery(idioms: readonly string[]): FtsQuery | null {
  if (idioms.length === 0) return null;
  return { match: idioms.map(quoteFtsTerm).join(' OR '), rare: null, recentMatches: null };
}

/**
 * Of `candidates` (turns the other strategies found), those that say some of `told`, best first: each told word a
 * turn says (by stem: "shifts" is "shift") counts its inverse document frequency once. Only candidates: scored over
 * the whole index, a long OR of told words cost more than the rest of the search (bench at 100k: p50 9 ms; FTS5's
 * bm25() per candidate row recounts every phrase's documents, 120 ms).
 */
export function topicMatches(
  db: ReadableDB,
  told: readonly string[],
  candidates: readonly string[],
  termStats: Pick<TermStats, 'documentFrequencies' | 'documents'>,
  idioms: readonly string[] = [],
): string[] {
  if ((told.length === 0 && idioms.length === 0) || candidates.length === 0) return [];
  const words = told.filter((t) => WORD.test(t)).slice(0, MAX_TOPIC_TERMS);
  const signs = told.filter((t) => !WORD.test(t));
  const df = termStats.documentFrequencies(words);
  const documents = termStats.documents();
  const weightOf = new Map<string, number>();
  for (const w of words) {
    const stem = stemWord(w);
    weightOf.set(stem, Math.max(weightOf.get(stem) ?? 0, Math.log(1 + documents / (1 + df(w)))));
  }
  // The index counts no emoji: one weighs as a told word does on average.
  const signWeight = weightOf.size > 0 ? [...weightOf.values()].reduce((a, b) => a + b, 0) / weightOf.size : 1;
  // An idiom says the topic outright: it weighs as the rarest told word does.
  const idiomWeight = weightOf.size > 0 ? Math.max(...weightOf.values()) : 1;
  const saysIdiom = idioms.length > 0 ? idiomMatcher(idioms) : null;
  const contentOf = turnTexts(db, candidates);
  // (An idiom said alone is read without the "Name: " a transcript put in front.)
  const spoken = saysIdiom ? turnTexts(db, candidates, true) : new Map<string, string>();
  const scored: { id: string; score: number; at: number }[] = [];
  // (A word is stemmed once per search: the candidates say the same words again and again.)
  const stemOf = new Map<string, string>();
  candidates.forEach((id, at) => {
    const content = contentOf.get(id);
    if (content === undefined) return;
    const said = new Set<string>();
    forEachContentWord(content, (word) => {
      let stem = stemOf.get(word);
      if (stem === undefined) stemOf.set(word, (stem = stemWord(word)));
      if (weightOf.has(stem)) said.add(stem);
    });
    let score = 0;
    for (const stem of said) score += weightOf.get(stem) ?? 0;
    for (const sign of signs) if (content.includes(sign)) score += signWeight;
    if (saysIdiom?.(spoken.get(id) ?? content)) score += idiomWeight;
    if (score > 0) scored.push({ id, score, at });
  });
  // Ties keep the candidates' order.
  return scored.sort((a, b) => b.score - a.score || a.at - b.at).map((s) => s.id);
}
