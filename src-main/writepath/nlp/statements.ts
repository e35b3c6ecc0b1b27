/**
 * First-person statements → facts a person would sign. A clause whose subject is the speaker ("I …") or a
 * named relative ("my brother Tomás …") and whose verb says something lasting becomes one complete clause in
 * the third person: "I switched from VS Code to Zed last week" by the user → "User switched from VS Code to
 * Zed" (from last week); "I love running my own studio" by Dave → "Dave loves running their own studio".
 * Questions, conditionals, plans, modal and pronoun-only statements give nothing: a missed fact costs less
 * than a wrong one. Each fact carries a slot and a normalised value where one is obvious, so contradictions
 * are decided without a model (Berlin → Lisbon).
 */
import type { EntityType } from '../../../src-shared/memory-types';
import { normaliseFact } from '../text';
import { joinTokens, type NamedEntityKind, type Sentence, type TextAnalyzer, type Token } from './analyzer';
import {
  CALENDAR_WORDS,
  DROPPED_ADVERBS,
  DURABLE_ADJECTIVES,
  IDENTITIES,
  INTRANSITIVE_OK,
  JOB_SUFFIX,
  MODALS,
  NOT_JOBS,
  NOT_POSSESSIONS,
  OPENERS,
  RELATIONS,
  RELATION_QUALIFIERS,
  TRAILING_FILLERS,
  VAGUE_OBJECTS,
  VERB_CLASSES,
  type VerbClass,
} from './lexicon';
import { timeMentions, type TimeMention } from './time';

/** Who is speaking: the app's user ("User …") or a named participant of a transcript. */
export interface Speaker {
  name: string;
  isUser: boolean;
}

export interface StatementEntity {
  name: string;
  type: EntityType;
  aliases: string[];
}

export interface Statement {
  content: string;
  type: 'semantic' | 'opinion';
  slot: string | null;
  value: string | null;
  /** Entities the fact is about (by name, as in `entities` of the extraction). */
  entities: StatementEntity[];
  /** When it happened, when the clause says so ("last month", "in 2019"); null = when it was said. */
  eventTime: number | null;
}

/** Curly quotes, contractions and a lower-case "i" normalised so the tagger sees plain words. */
export function normaliseForParsing(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\bi(?=\s|'|$)/g, 'I')
    .replace(/\bI'm\b/gi, 'I am')
    .replace(/\bIm\b/g, 'I am')
    .replace(/\bI've\b/gi, 'I have')
    .replace(/\bI'd\b/gi, 'I would')
    .replace(/\bI'll\b/gi, 'I will')
    .replace(/\b(do|does|did|is|was|were|are|have|has|had|would|could|should)n'?t\b/gi, '$1 not')
    .replace(/\bdont\b/gi, 'do not')
    .replace(/\bcan'?t\b/gi, 'can not')
    .replace(/\bcannot\b/gi, 'can not')
    .replace(/\bwon'?t\b/gi, 'will not')
    .replace(/\b(it|that|he|she|there|what|who)'s\b/gi, '$1 is');
}

interface Clause {
  tokens: Token[];
  /** Introduced by "if", "when", "because"…: not an assertion of its own. */
  subordinate: boolean;
  /** "… and works for the UN": the verb shares the previous clause's subject. */
  sharedSubject: boolean;
}

const CLAUSE_PUNCT = new Set([',', ';', ':', '(', ')', '—', '–', '!', '.', '...', '"']);
const SUBORDINATORS = new Set(['because', 'although', 'though', 'whereas', 'unless', 'if', 'whenever', 'when', 'while', 'which', 'who', 'whom', 'whose', 'since', 'until', 'so', 'but', 'or', 'cause', 'cos', 'coz', 'that']);
const SUBJECT_PRONOUNS = new Set(['i', 'he', 'she', 'it', 'we', 'they', 'you', 'this', 'that', 'there', 'my', 'our', 'his', 'her', 'their']);

function splitClauses(sentence: Sentence): Clause[] {
  const clauses: Clause[] = [];
  let current: Token[] = [];
  let subordinate = false;
  let shared = false;
  const push = (): void => {
    if (current.length > 0) clauses.push({ tokens: current, subordinate, sharedSubject: shared });
    current = [];
    subordinate = false;
    shared = false;
  };
  const tokens = sentence.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const lower = t.text.toLowerCase();
    const next = tokens[i + 1];
    if (t.pos === 'PUNCT' && CLAUSE_PUNCT.has(t.text)) {
      push();
      continue;
    }
    // "so", "that", "since", "until", "before", "after" only open a clause where a subject follows ("so I visit
    // her", "since I moved"), not in "so much" or "vegan since 2018".
    const needsSubject = ['so', 'that', 'since', 'until', 'till', 'before', 'after'].includes(lower);
    const opensClause = needsSubject ? next?.pos === 'PRON' : t.pos === 'SCONJ' || SUBORDINATORS.has(lower);
    if (current.length > 0 && opensClause && (t.pos === 'SCONJ' || t.pos === 'CCONJ' || SUBORDINATORS.has(lower))) {
      push();
      subordinate = true;
      continue;
    }
    if (lower === 'and' && current.length > 0 && next) {
      const nextLower = next.text.toLowerCase();
      if (SUBJECT_PRONOUNS.has(nextLower) && next.pos !== 'DET') {
        push();
        continue;
      }
      if (next.pos === 'VERB' || (next.pos === 'AUX' && next.lemma !== 'be')) {
        push();
        shared = true;
        continue;
      }
    }
    current.push(t);
  }
  push();
  return clauses;
}

const lowerOf = (t: Token | undefined): string => t?.text.toLowerCase() ?? '';

/** Proper-name runs: "St James's Hospital", "Bank of America", "VS Code". */
function properRuns(tokens: readonly Token[]): { start: number; end: number; text: string }[] {
  const runs: { start: number; end: number; text: string }[] = [];
  let i = 0;
  const isName = (t: Token | undefined): boolean =>
    !!t && (t.pos === 'PROPN' || (t.pos === 'NOUN' && /^\p{Lu}/u.test(t.text) && t.text !== t.text.toLowerCase())) && t.text !== 'I' && !CALENDAR_WORDS.has(t.text.toLowerCase());
  while (i < tokens.length) {
    if (!isName(tokens[i])) {
      i++;
      continue;
    }
    let end = i + 1;
    for (;;) {
      const t = tokens[end];
      if (isName(t)) end++;
      else if ((t?.text === "'s" || lowerOf(t) === 'of' || t?.text === '&') && isName(tokens[end + 1])) end += 2;
      else break;
    }
    runs.push({ start: i, end, text: joinTokens(tokens.slice(i, end)) });
    i = end;
  }
  return runs;
}

interface Context {
  speaker: Speaker;
  reference: number;
  named: Map<string, NamedEntityKind>;
}

/** Subject of a clause as written in a fact, the key its slots use, and how "my" reads inside it. */
interface Subject {
  text: string;
  key: string;
  /** The speaker themself ("I"): their verbs are turned into the third person. */
  firstPerson: boolean;
  entity: StatementEntity | null;
}

const possessive = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);
const slotKey = (s: string): string => normaliseFact(s).replace(/\s+/g, '_');

function speakerSubject(speaker: Speaker): Subject {
  return {
    text: speaker.isUser ? 'User' : speaker.name,
    key: speaker.isUser ? 'user' : slotKey(speaker.name),
    firstPerson: true,
    entity: speaker.isUser ? null : { name: speaker.name, type: 'person', aliases: [] },
  };
}

/** "my" inside an object: the subject's own ("their") when the speaker is the subject, else the speaker's. */
function rewriteObject(tokens: readonly Token[], subject: Subject, speaker: Speaker): Token[] | null {
  const out: Token[] = [];
  for (const t of tokens) {
    const lower = t.text.toLowerCase();
    if (lower === 'my' || lower === 'mine' || lower === 'our') {
      const own = subject.firstPerson;
      const word = own ? (lower === 'mine' ? 'theirs' : 'their') : speaker.isUser ? "the user's" : possessive(speaker.name);
      out.push({ ...t, text: word });
      continue;
    }
    if (lower === 'myself') {
      out.push({ ...t, text: 'themselves' });
      continue;
    }
    if (['i', 'me', 'you', 'your', 'yours', 'we', 'us'].includes(lower)) return null;
    out.push(t);
  }
  return out;
}

/** Third person of a present-tense verb: "live" → "lives", "have" → "has", "watch" → "watches". */
export function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = { be: 'is', am: 'is', have: 'has', do: 'does', go: 'goes' };
  if (irregular[lower]) return irregular[lower] as string;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

/** Trim time words, fillers and punctuation from the end of an object, and relative time anywhere in it. */
function cleanObject(tokens: Token[], relativeSpans: readonly { from: number; to: number }[], offsets: readonly number[]): Token[] {
  let kept = tokens.filter((_, i) => !relativeSpans.some((s) => (offsets[i] ?? -1) >= s.from && (offsets[i] ?? -1) < s.to));
  for (let changed = true; changed; ) {
    changed = false;
    while (kept.length > 0 && (kept[kept.length - 1]?.pos === 'PUNCT' || kept[kept.length - 1]?.pos === 'CCONJ')) {
      kept = kept.slice(0, -1);
      changed = true;
    }
    const tail = joinTokens(kept).toLowerCase();
    for (const filler of TRAILING_FILLERS) {
      if (tail === filler || tail.endsWith(` ${filler}`)) {
        const n = filler.split(' ').length;
        kept = kept.slice(0, kept.length - n);
        changed = true;
        break;
      }
    }
  }
  return kept;
}

interface VerbGroup {
  /** Index of the main verb (or the copula). */
  verb: number;
  negated: boolean;
  /** The verb group as the fact will say it, e.g. "does not like", "has been climbing", "switched". */
  phrase: string;
  lemma: string;
  copula: boolean;
  past: boolean;
}

const NEGATIONS = new Set(['not', 'never', "n't", 'no']);

/**
 * The verb group after the subject: auxiliaries, negation and adverbs up to the main verb. Returns null for
 * modal, future and hypothetical groups ("I'd love to", "I'm going to", "I used to") — except "can not stand".
 */
function verbGroup(tokens: readonly Token[], from: number, firstPerson: boolean): VerbGroup | null {
  const words: string[] = [];
  let negated = false;
  let hasAux = false;
  let perfect = false;
  let past = false;
  for (let i = from; i < tokens.length && i < from + 7; i++) {
    const t = tokens[i] as Token;
    const lower = t.text.toLowerCase();
    const next = tokens[i + 1];
    if (lower === 'can' && lowerOf(next) === 'not' && tokens[i + 2]?.lemma === 'stand') {
      return { verb: i + 2, negated: false, phrase: "can't stand", lemma: 'hate', copula: false, past: false };
    }
    if (MODALS.has(lower) || lower === 'gonna' || lower === 'wanna') return null;
    if (lower === 'used' && lowerOf(next) === 'to') return null;
    if (lower === 'going' && lowerOf(next) === 'to') return null;
    if (NEGATIONS.has(lower) || (lower === 'no' && lowerOf(next) === 'longer')) {
      negated = true;
      if (lower === 'no') {
        words.push('no longer');
        i++;
      } else words.push(lower === "n't" ? 'not' : lower);
      continue;
    }
    if (t.pos === 'ADV' && !['up', 'out'].includes(lower)) {
      if (!DROPPED_ADVERBS.has(lower)) words.push(lower);
      continue;
    }
    const isAuxWord = ['am', 'is', 'are', 'was', 'were', 'be', 'been', 'have', 'has', 'had', 'do', 'does', 'did'].includes(lower);
    if (isAuxWord) {
      const following = tokens.slice(i + 1).find((x) => !(x.pos === 'ADV' || NEGATIONS.has(x.text.toLowerCase())));
      const nextIsVerb = following !== undefined && (following.pos === 'VERB' || ['been', 'being'].includes(lowerOf(following)));
      if (t.lemma === 'be' && !nextIsVerb) {
        // The copula: "I am a nurse", "I was born in …" is a verb after it, handled above.
        return { verb: i, negated, phrase: [...words, conjugateAux(lower, firstPerson)].join(' '), lemma: 'be', copula: true, past: ['was', 'were'].includes(lower) };
      }
      if (t.lemma === 'have' && !nextIsVerb) {
        return { verb: i, negated, phrase: [...words, conjugateMain(t, firstPerson, hasAux)].join(' '), lemma: 'have', copula: false, past: lower === 'had' };
      }
      if (t.lemma === 'have') perfect = true;
      if (['did', 'was', 'were', 'had'].includes(lower)) past = true;
      hasAux = true;
      words.push(conjugateAux(lower, firstPerson));
      continue;
    }
    const verbLike = t.pos === 'VERB' ? t : mistaggedVerb(t);
    if (verbLike) {
      let phrase = conjugateMain(verbLike, firstPerson, hasAux);
      const particle = tokens[i + 1];
      if (particle && ['up'].includes(lowerOf(particle))) phrase += ` ${particle.text}`;
      const lemma = verbLike.lemma === 'grow' && lowerOf(particle) === 'up' ? 'grow up' : verbLike.lemma;
      if (!past && !perfect && /ed$/.test(lowerOf(t)) && lowerOf(t) !== verbLike.lemma) past = true;
      return { verb: i + (phrase.endsWith(' up') ? 1 : 0), negated, phrase: [...words, phrase].join(' '), lemma, copula: false, past };
    }
    return null;
  }
  return null;
}

/**
 * The tagger sometimes reads a verb right after a name as a noun or adjective ("Ana lives", "Robert retired"):
 * a word in the verb lists with a verb ending is taken as that verb.
 */
function mistaggedVerb(t: Token): Token | null {
  if (t.pos !== 'NOUN' && t.pos !== 'ADJ') return null;
  const lower = t.text.toLowerCase();
  for (const base of [lower.replace(/ies$/, 'y'), lower.replace(/es$/, ''), lower.replace(/s$/, ''), lower.replace(/ed$/, ''), lower.replace(/d$/, '')]) {
    if (base !== lower && VERB_CLASSES.has(base)) return { ...t, lemma: base, pos: 'VERB' };
  }
  return null;
}

function conjugateAux(lower: string, firstPerson: boolean): string {
  if (!firstPerson) return lower;
  return ({ am: 'is', are: 'is', have: 'has', do: 'does', were: 'was' } as Record<string, string>)[lower] ?? lower;
}

function conjugateMain(t: Token, firstPerson: boolean, afterAux: boolean): string {
  const lower = t.text.toLowerCase();
  // Only a bare present form changes: "I live" → "lives"; "moved", "living", "lived" stay.
  if (firstPerson && !afterAux && lower === t.lemma) return thirdPerson(lower);
  return lower;
}

/** The head noun of an object ("a rescue greyhound" → "greyhound"), for slots. */
function headWord(tokens: readonly Token[]): string | null {
  const name = properRuns(tokens)[0];
  if (name && name.start <= 2) return slotKey(name.text);
  const stop = tokens.findIndex((t, i) => i > 0 && (t.pos === 'ADP' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || t.pos === 'DET'));
  const span = stop > 0 ? tokens.slice(0, stop) : tokens;
  const content = span.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'VERB' || t.pos === 'ADJ');
  const last = content.at(-1);
  return last ? slotKey(last.pos === 'PROPN' ? joinTokens(span.filter((t) => t.pos === 'PROPN')) : last.lemma) : null;
}

function typedRuns(tokens: readonly Token[], roleType: EntityType | null, ctx: Context): StatementEntity[] {
  const out: StatementEntity[] = [];
  properRuns(tokens).forEach((run, i) => {
    // "… at a high school in Evanston": a name after "in" or "near" is where something is.
    const where = ['in', 'near'].includes(lowerOf(tokens[run.start - 1])) && roleType !== 'tool' ? ('place' as const) : null;
    const ner = ctx.named.get(run.text.toLowerCase()) ?? where;
    // The verb says what the first name is ("work at X" → organization); others only when the library knows.
    const type: EntityType | null = i === 0 && roleType ? roleType : ner ?? null;
    if (type) out.push({ name: run.text, type, aliases: [] });
  });
  return out;
}

/** After the verb, the first name that follows one of `preps` ("at Spotify", "in Porto"), or null. */
function nameAfter(tokens: readonly Token[], preps: readonly string[]): string | null {
  for (const run of properRuns(tokens)) {
    const before = tokens[run.start - 1];
    const beforeDet = tokens[run.start - 2];
    if (preps.includes(lowerOf(before)) || (before?.pos === 'DET' && preps.includes(lowerOf(beforeDet)))) return run.text;
  }
  return null;
}

interface Built {
  /** "Robert is the user's dad": true of no particular time the clause names. */
  timeless?: boolean;
  content: string;
  type: 'semantic' | 'opinion';
  slot: string | null;
  value: string | null;
  entities: StatementEntity[];
}

/** A statement from subject + verb group + object, by what the verb says. */
function buildStatement(subject: Subject, group: VerbGroup, object: Token[], ctx: Context): Built[] {
  const s = subject.text;
  const objText = joinTokens(object);
  const first = object[0];
  const firstLower = lowerOf(first);
  const says = (content: string, extra: Partial<Built> = {}): Built => ({ content, type: 'semantic', slot: null, value: null, entities: [], ...extra });
  const slot = (name: string): string => `${subject.key}.${name}`;
  if (object.length > 14 || endsUnfinished(object)) return [];

  if (group.copula) {
    if (object.length === 0) return [];
    // "I am a big fan of X" / "I am not a fan of X": an opinion.
    const fan = object.findIndex((t) => lowerOf(t) === 'fan');
    if (fan >= 0 && lowerOf(object[fan + 1]) === 'of' && fan <= 3) {
      const target = object.slice(fan + 2);
      const head = headWord(target);
      if (!head || VAGUE_OBJECTS.has(lowerOf(target[0]))) return [];
      return [says(`${s} ${group.phrase} ${objText}`, { type: 'opinion', slot: slot(`opinion.${head}`), value: group.negated ? 'dislike' : 'like', entities: typedRuns(target, 'tool', ctx) })];
    }
    if (group.negated) return [];
    if (firstLower === 'from') {
      const place = nameAfter(object, ['from']);
      return place ? [says(`${s} ${group.phrase} from ${place}`, { slot: slot('origin'), value: normaliseFact(place), entities: [{ name: place, type: 'place', aliases: [] }] })] : [];
    }
    if (firstLower === 'born' || (lowerOf(object[0]) === 'originally' && lowerOf(object[1]) === 'from')) {
      const place = nameAfter(object, ['in', 'from']);
      return place ? [says(`${s} ${group.phrase} ${objText}`, { slot: slot('birthplace'), value: normaliseFact(place), entities: [{ name: place, type: 'place', aliases: [] }] })] : [];
    }
    if (['married', 'engaged'].includes(firstLower) && lowerOf(object[1]) === 'to') {
      const partner = properRuns(object)[0]?.text;
      return partner ? [says(`${s} ${group.phrase} ${firstLower} to ${partner}`, { slot: slot('spouse'), value: normaliseFact(partner), entities: [{ name: partner, type: 'person', aliases: [] }] })] : [];
    }
    if (first?.pos === 'DET' && ['a', 'an'].includes(firstLower)) {
      if (group.past) return [];
      const stop = object.findIndex((t, i) => i > 0 && (t.pos === 'ADP' || t.pos === 'SCONJ'));
      const role = stop > 0 ? object.slice(1, stop) : object.slice(1);
      const noun = role.at(-1);
      if (!noun || (noun.pos !== 'NOUN' && noun.pos !== 'PROPN')) return [];
      const roleText = joinTokens(role);
      const isJob = JOB_SUFFIX.test(noun.text) && !NOT_JOBS.has(noun.lemma) && !/arian$/i.test(noun.text);
      // "I'm a fool", "I'm a zombie": only jobs and identities are facts, not figures of speech.
      if (!isJob && !IDENTITIES.has(noun.lemma)) return [];
      const org = nameAfter(object, ['at', 'for', 'with']);
      const place = nameAfter(object, ['in']);
      const entities: StatementEntity[] = [
        ...(org ? [{ name: org, type: 'organization' as const, aliases: [] }] : []),
        ...(place && place !== org ? [{ name: place, type: 'place' as const, aliases: [] }] : []),
      ];
      return [says(`${s} ${group.phrase} ${objText}`, { slot: isJob ? slot('occupation') : null, value: isJob ? normaliseFact(roleText) : null, entities })];
    }
    if (first && DURABLE_ADJECTIVES.has(first.lemma)) {
      return [says(`${s} ${group.phrase} ${objText}`, { entities: typedRuns(object.slice(1), null, ctx) })];
    }
    return [];
  }

  const cls: VerbClass | undefined = VERB_CLASSES.get(group.lemma) ?? (group.lemma === 'grow up' ? 'general' : undefined);
  if (!cls) return [];
  if (first && VAGUE_OBJECTS.has(firstLower) && !(first.pos === 'DET' && object.length > 1 && firstLower !== 'that')) return [];
  if (object.some((t) => ['it', 'them', 'him', 'this', 'that'].includes(lowerOf(t)) && t.pos === 'PRON')) return [];
  if (object.length === 0 && !(cls === 'general' && (INTRANSITIVE_OK.has(group.lemma) || group.phrase.includes('been')))) return [];

  switch (cls) {
    case 'residence': {
      const place = nameAfter(object, ['in', 'to', 'into']);
      if (!place) {
        const from = nameAfter(object, ['from']);
        return from && !group.negated ? [says(`${s} ${group.phrase} ${objText}`, { entities: [{ name: from, type: 'place', aliases: [] }] })] : [];
      }
      if (group.negated) return [];
      // A move is where the subject lives now; the chain of places is the fact's history.
      const lived = group.lemma === 'live' && group.past && !group.phrase.startsWith('has');
      const content = lived ? `${s} ${group.phrase} ${objText}` : `${s} lives in ${place}`;
      return [says(content, { slot: lived ? null : slot('residence'), value: lived ? null : normaliseFact(place), entities: [{ name: place, type: 'place', aliases: [] }] })];
    }
    case 'work': {
      if (group.negated) return [];
      if (firstLower === 'as') {
        const stop = object.findIndex((t, i) => i > 1 && t.pos === 'ADP');
        const role = object.slice(1, stop > 0 ? stop : undefined).filter((t) => t.pos !== 'DET');
        if (role.length === 0) return [];
        const org = nameAfter(object, ['at', 'for']);
        return [says(`${s} ${group.phrase} ${objText}`, { slot: slot('occupation'), value: normaliseFact(joinTokens(role)), entities: org ? [{ name: org, type: 'organization', aliases: [] }] : [] })];
      }
      const org = nameAfter(object, ['at', 'for']);
      if (!org || !['at', 'for'].includes(firstLower)) return [];
      return [says(`${s} ${group.phrase} ${objText}`, { slot: slot('employer'), value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }, ...typedRuns(object, null, ctx).filter((e) => e.name !== org)] })];
    }
    case 'join': {
      if (group.negated) return [];
      const org = properRuns(object)[0];
      if (org && org.start <= 1) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot('employer'), value: normaliseFact(org.text), entities: [{ name: org.text, type: 'organization', aliases: [] }] })];
      return [says(`${s} ${group.phrase} ${objText}`)];
    }
    case 'opinion_like':
    case 'opinion_dislike': {
      // "I love to cook" is an opinion; "I like to think so" is not.
      if (firstLower === 'to' && !(object[1]?.pos === 'VERB' && VERB_CLASSES.has(object[1].lemma))) return [];
      const parts = coordinated(object);
      if (parts.length > 1) return parts.flatMap((part) => buildStatement(subject, group, part, ctx));
      const [about] = splitComparison(object);
      const head = headWord(firstLower === 'to' ? about.slice(1) : about);
      if (!head) return [];
      const likes = (cls === 'opinion_like') !== group.negated;
      return [says(`${s} ${group.phrase} ${objText}`, { type: 'opinion', slot: slot(`opinion.${head}`), value: likes ? 'like' : 'dislike', entities: typedRuns(about, null, ctx) })];
    }
    case 'uses': {
      // "I used the bottled juice" is an event, not a tool the subject uses.
      if (group.past) return [];
      const head = headWord(object);
      if (!head) return [];
      return [says(`${s} ${group.phrase} ${objText}`, { slot: slot(`uses.${head}`), value: group.negated ? 'no' : 'yes', entities: typedRuns(object, 'tool', ctx) })];
    }
    case 'switch': {
      if (group.negated) return [];
      const toAt = object.findIndex((t) => lowerOf(t) === 'to');
      const fromAt = object.findIndex((t) => lowerOf(t) === 'from');
      if (toAt < 0) return [];
      const target = object.slice(toAt + 1, fromAt > toAt ? fromAt : undefined);
      const source = fromAt >= 0 ? object.slice(fromAt + 1, fromAt < toAt ? toAt : undefined) : [];
      const targetHead = headWord(target);
      if (!targetHead) return [];
      const out = [says(`${s} ${group.phrase} ${objText}`, { slot: slot(`uses.${targetHead}`), value: 'yes', entities: [...typedRuns(source, 'tool', ctx), ...typedRuns(target, 'tool', ctx)] })];
      const sourceHead = headWord(source);
      if (sourceHead) out.push(says(`${s} no longer uses ${joinTokens(source)}`, { slot: slot(`uses.${sourceHead}`), value: 'no', entities: typedRuns(source, 'tool', ctx) }));
      return out;
    }
    case 'stop': {
      if (group.negated || first?.pos !== 'VERB' || first.lemma !== 'use') return [];
      const tool = object.slice(1);
      const head = headWord(tool);
      return head ? [says(`${s} ${group.phrase} ${objText}`, { slot: slot(`uses.${head}`), value: 'no', entities: typedRuns(tool, 'tool', ctx) })] : [];
    }
    case 'have': {
      // What someone had ("a guy", "a cool week") is rarely a fact about them now.
      if (group.negated || !first || group.past) return [];
      const parts = coordinated(object);
      if (parts.length > 1) return parts.flatMap((part) => buildStatement(subject, group, part, ctx));
      if (!(first.pos === 'DET' || first.pos === 'NUM' || ['two', 'three', 'four', 'five'].includes(firstLower))) return [];
      if (['the', 'this', 'that', 'some', 'any'].includes(firstLower)) return [];
      const noun = object.find((t) => t.pos === 'NOUN');
      if (!noun || NOT_POSSESSIONS.has(noun.lemma)) return [];
      return [says(`${s} ${group.phrase} ${objText}`, { entities: typedRuns(object, null, ctx) })];
    }
    case 'went': {
      if (!group.past || group.negated || firstLower !== 'to' || object.length < 2) return [];
      const place = nameAfter(object, ['to']);
      return [says(`${s} ${group.phrase} ${objText}`, { entities: place && object[1]?.pos === 'PROPN' ? [{ name: place, type: 'place', aliases: [] }] : [] })];
    }
    case 'general': {
      const role: EntityType | null = ['visit', 'travel', 'grow up'].includes(group.lemma) ? 'place' : ['graduate', 'study'].includes(group.lemma) && firstLower === 'from' ? 'organization' : null;
      return [says(`${s} ${group.phrase}${objText ? ` ${objText}` : ''}`, { entities: typedRuns(object, role, ctx) })];
    }
  }
}

/** An object cut off mid-phrase ("a second", "for all thirty", "a sea"): a fragment, not a fact. */
function endsUnfinished(object: readonly Token[]): boolean {
  const last = object.at(-1);
  const before = object.at(-2);
  if (!last) return false;
  if (['DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'AUX'].includes(last.pos)) return true;
  if (last.pos === 'PRON' && ['their', 'his', 'her', 'its', 'our'].includes(lowerOf(last))) return true;
  return before?.pos === 'DET' && (last.pos === 'NUM' || ['first', 'second', 'third', 'other', 'few', 'little', 'next', 'last', 'same', 'whole', 'new', 'old'].includes(lowerOf(last)));
}

/** "two kids and a cat called Miso" → each noun phrase on its own (only where a new phrase starts). */
function coordinated(object: Token[]): Token[][] {
  const parts: Token[][] = [];
  let current: Token[] = [];
  object.forEach((t, i) => {
    const next = object[i + 1];
    if (lowerOf(t) === 'and' && current.length > 0 && next && (next.pos === 'DET' || next.pos === 'NUM')) {
      parts.push(current);
      current = [];
      return;
    }
    current.push(t);
  });
  if (current.length > 0) parts.push(current);
  return parts;
}

/** "tea over coffee": the opinion is about what comes first. */
function splitComparison(object: Token[]): [Token[], Token[]] {
  const at = object.findIndex((t, i) => i > 0 && ['over', 'than', 'instead'].includes(lowerOf(t)));
  return at > 0 ? [object.slice(0, at), object.slice(at + 1)] : [object, []];
}

/** "my (best) friend Ana", "my brother Tomás": the relation and the name, from `at`. */
function relativeAt(tokens: readonly Token[], at: number): { relation: string; name: string; next: number } | null {
  if (lowerOf(tokens[at]) !== 'my') return null;
  let i = at + 1;
  const parts: string[] = [];
  if (RELATION_QUALIFIERS.has(lowerOf(tokens[i])) && RELATIONS.has(lowerOf(tokens[i + 1]))) parts.push(lowerOf(tokens[i++]));
  if (!RELATIONS.has(lowerOf(tokens[i]))) return null;
  parts.push(lowerOf(tokens[i++]));
  const run = properRuns(tokens.slice(i)).find((r) => r.start === 0);
  if (!run || run.text.split(' ').length > 3) return null;
  return { relation: parts.join(' '), name: run.text, next: i + run.end };
}

/** Index of the clause's subject after openers ("Actually,", "Last year"), or -1. */
function skipOpeners(tokens: readonly Token[], offsets: readonly number[], times: readonly TimeMention[]): number {
  let i = 0;
  while (i < tokens.length && i < 8) {
    const t = tokens[i] as Token;
    const lower = t.text.toLowerCase();
    const inTime = times.some((m) => (offsets[i] ?? -1) >= m.index && (offsets[i] ?? -1) < m.index + m.text.length);
    if (inTime || OPENERS.has(lower) || t.pos === 'INTJ' || (t.pos === 'PUNCT' && t.text !== '?')) {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}

function clauseText(tokens: readonly Token[]): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = '';
  tokens.forEach((t, i) => {
    if (i > 0) text += t.space || (t.pos === 'PUNCT' || t.text.startsWith("'") ? '' : ' ');
    offsets.push(text.length);
    text += t.text;
  });
  return { text, offsets };
}

/** Statements in one utterance by `speaker`, said at `reference` (epoch ms). */
export function readStatements(analyzer: TextAnalyzer, raw: string, speaker: Speaker, reference: number): Statement[] {
  const text = normaliseForParsing(raw);
  // Nothing in a script the English model does not read: no invented facts from other languages.
  if (!/\b(?:I|my|My)\b/.test(text)) return [];
  const named = analyzer.namedEntities?.(text) ?? new Map<string, NamedEntityKind>();
  const ctx: Context = { speaker, reference, named };
  const out: Statement[] = [];
  for (const sentence of analyzer.sentences(text)) {
    if (sentence.tokens.some((t) => t.text === '?')) continue;
    let previous: Subject | null = null;
    for (const clause of splitClauses(sentence)) {
      const { text: ctext, offsets } = clauseText(clause.tokens);
      const times = timeMentions(ctext, reference);
      const subjectAndRest: { subject: Subject; statements: Built[] } | null = clause.subordinate ? null : readClause(clause, previous, offsets, times, ctx);
      if (!subjectAndRest) {
        previous = null;
        continue;
      }
      previous = subjectAndRest.subject;
      // Only a past time dates a fact; one ahead (a plan) never does.
      const time = times.find((m) => !m.future)?.time ?? null;
      for (const { timeless, ...s } of subjectAndRest.statements) out.push({ ...s, eventTime: timeless ? null : time });
    }
  }
  return out;
}

function readClause(
  clause: Clause,
  previous: Subject | null,
  offsets: readonly number[],
  times: readonly TimeMention[],
  ctx: Context,
): { subject: Subject; statements: Built[] } | null {
  const tokens = clause.tokens;
  const start = skipOpeners(tokens, offsets, times);
  if (start < 0) return null;
  let subject: Subject | null = null;
  let at = start;
  const extra: Built[] = [];
  const first = tokens[start] as Token;
  if (clause.sharedSubject && previous) {
    subject = previous;
  } else if (first.text === 'I') {
    subject = speakerSubject(ctx.speaker);
    at = start + 1;
  } else if (lowerOf(first) === 'my') {
    const next = lowerOf(tokens[start + 1]);
    const own = speakerSubject(ctx.speaker);
    if (next === 'name' && ['is', 'was'].includes(lowerOf(tokens[start + 2]))) {
      const run = properRuns(tokens.slice(start + 3)).find((r) => r.start === 0);
      if (!run) return null;
      return { subject: own, statements: [{ content: `${possessive(own.text)} name is ${run.text}`, type: 'semantic', slot: `${own.key}.name`, value: normaliseFact(run.text), entities: own.entity ? [own.entity] : [] }] };
    }
    if ((next === 'favourite' || next === 'favorite') && tokens[start + 2]) {
      const isAt = tokens.findIndex((t, i) => i > start + 2 && ['is', 'are'].includes(lowerOf(t)));
      if (isAt < 0) return null;
      const thing = joinTokens(tokens.slice(start + 2, isAt));
      const value = cleanObject(tokens.slice(isAt + 1), [], []);
      if (!thing || value.length === 0 || value.length > 8 || VAGUE_OBJECTS.has(lowerOf(value[0]))) return null;
      const valueText = joinTokens(value);
      return {
        subject: own,
        statements: [{ content: `${possessive(own.text)} favourite ${thing} is ${valueText}`, type: 'opinion', slot: `${own.key}.favourite.${slotKey(thing)}`, value: normaliseFact(valueText), entities: own.entity ? [own.entity] : [] }],
      };
    }
    const relative = relativeAt(tokens, start);
    if (!relative) return null;
    const alias = ctx.speaker.isUser ? `my ${relative.relation}` : `${possessive(ctx.speaker.name)} ${relative.relation}`;
    const person: StatementEntity = { name: relative.name, type: 'person', aliases: [alias] };
    subject = { text: relative.name, key: slotKey(relative.name), firstPerson: false, entity: person };
    const whose = ctx.speaker.isUser ? "the user's" : possessive(ctx.speaker.name);
    extra.push({ timeless: true, content: `${relative.name} is ${whose} ${relative.relation}`, type: 'semantic', slot: `${slotKey(relative.name)}.relation.${slotKey(own.key)}`, value: relative.relation, entities: [person, ...(own.entity ? [own.entity] : [])] });
    at = relative.next;
  } else {
    return null;
  }
  const group = verbGroup(tokens, at, subject.firstPerson);
  if (!group) return { subject, statements: extra };
  // "I start on the 3rd of July", "Tom starts in September": a plan, not a fact yet.
  const presentSimple = !group.past && !/\b(?:has|have|had|is|are|was|been)\b/.test(group.phrase);
  if (presentSimple && (times.some((m) => m.ahead) || (['start', 'begin', 'leave', 'move'].includes(group.lemma) && times.length > 0))) {
    return { subject, statements: extra };
  }
  const relativeSpans = times.filter((m) => m.relative).map((m) => ({ from: m.index, to: m.index + m.text.length }));
  const objectTokens = cleanObject(tokens.slice(group.verb + 1), relativeSpans, offsets.slice(group.verb + 1));
  const object = rewriteObject(objectTokens, subject, ctx.speaker);
  if (!object) return { subject, statements: extra };
  // "Kenji runs four days a week": a habit in the present has no start date in its clause.
  const habitual = presentSimple && !group.copula;
  const built = buildStatement(subject, group, object, ctx).map((b) => ({
    ...b,
    ...(habitual ? { timeless: true } : {}),
    content: b.content.replace(/\s+/g, ' ').replace(/\s+([,.'])/g, '$1').replace(/\s+'s\b/g, "'s").trim().replace(/[.,;:!]+$/, ''),
    entities: subject.entity && !b.entities.some((e) => e.name === subject.entity?.name) ? [subject.entity, ...b.entities] : b.entities,
  }));
  return { subject, statements: [...extra, ...built] };
}
