/** Phrases inside a clause: proper-name runs, head words, objects cleaned of time and fillers, relatives. */
import type { EntityType } from '../../../src-shared/memory-types';
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { ACQUISITIONS, ADDRESS_WORDS, CALENDAR_WORDS, CLAUSE_ENDING_INTERJECTIONS, FIRMS, PARTNERS, PETS, POSSESSIVE_DETERMINERS, RELATIONS, TRAILING_FILLERS } from './lexicon';
import type { Context, StatementEntity } from './statement-types';

export const lowerOf = (t: Token | undefined): string => t?.text.toLowerCase() ?? '';

/** Words of when, as chats say them after the news ("today!!", "finally", "this morning"). */
const NOTICE_WHEN = new Set(['today', 'yesterday', 'tonight', 'finally', 'officially', 'earlier', 'this', 'morning', 'afternoon', 'lol', 'omg']);
/** The job words a notice may be handed to: "to my boss", "to HR". */
const NOTICE_TO = new Set(['boss', 'manager', 'employer', 'hr', 'work', 'company', 'team', 'line']);

/**
 * "(in) my notice", "my notice in", "(in) my two weeks' notice", "(in) my resignation", followed by nothing but where
 * (at / with / for a name, "at work", "to my boss") and when: a job handed back (after handed / gave / put). Not "my
 * notice period", "my resignation letter", "my notice on the flat", "my resignation on hold", "my notice up on the
 * fridge", "my essay". `needsIn`: handed and put say "in"; gave does not.
 */
export function handsInNotice(object: readonly Token[], needsIn: boolean): boolean {
  let i = 0;
  let handedIn = false;
  if (lowerOf(object[i]) === 'in') {
    handedIn = true;
    i++;
  }
  if (!POSSESSIVE_DETERMINERS.has(lowerOf(object[i]))) return false;
  i++;
  // "two weeks' notice", "2 weeks notice", "a month's notice": how long it runs.
  if (['a', 'one', 'two', 'three', 'four', '1', '2', '3', '4'].includes(lowerOf(object[i])) && /^(?:weeks?|months?)$/.test(lowerOf(object[i + 1]))) {
    i += 2;
    while (/^['’]s?$/.test(object[i]?.text ?? '')) i++;
  }
  if (!['notice', 'resignation'].includes(lowerOf(object[i]))) return false;
  i++;
  if (lowerOf(object[i]) === 'in') {
    handedIn = true;
    i++;
  }
  if (needsIn && !handedIn) return false;
  // ("… today!!": what punctuation closes says nothing more.)
  let end = object.length;
  while (end > i && object[end - 1]?.pos === 'PUNCT') end--;
  const rest = object.slice(i, end);
  const when = (tokens: readonly Token[]): boolean => isTimePhrase(tokens) || (tokens.length > 0 && tokens.every((t) => NOTICE_WHEN.has(lowerOf(t))));
  if (rest.length === 0 || when(rest)) return true;
  const prep = lowerOf(rest[0]);
  if (prep === 'to') return POSSESSIVE_DETERMINERS.has(lowerOf(rest[1])) || lowerOf(rest[1]) === 'the' ? NOTICE_TO.has(lowerOf(rest[2])) && (rest.length === 3 || when(rest.slice(3))) : false;
  if (!['at', 'with', 'for'].includes(prep)) return false;
  if (lowerOf(rest[1]) === 'work') return rest.length === 2 || when(rest.slice(2));
  // A name straight after the preposition (or its determiner), and nothing after it but when.
  const run = properRuns(rest)[0];
  const at = rest[1]?.pos === 'DET' ? 2 : 1;
  return run !== undefined && run.start === at && (run.end === rest.length || when(rest.slice(run.end)));
}

/** Proper-name runs: "St James's Hospital", "Bank of America", "VS Code". */
export function properRuns(tokens: readonly Token[]): { start: number; end: number; text: string }[] {
  const runs: { start: number; end: number; text: string }[] = [];
  let i = 0;
  const capitalised = (t: Token): boolean => /^\p{Lu}/u.test(t.text) && t.text !== t.text.toLowerCase();
  // "laid off from Ford": a capitalised word the tagger reads as a verb or an adjective, right after a preposition, is a name.
  // ("from Being a waiter", "from Building sites": a gerund is what was done, not who.)
  const afterPreposition = (at: number): boolean => tokens[at - 1]?.pos === 'ADP' && ['VERB', 'ADJ'].includes(tokens[at]?.pos ?? '') && !/ing$/i.test(tokens[at]?.text ?? '');
  const isName = (t: Token | undefined, at = -1): boolean =>
    !!t && (t.pos === 'PROPN' || (t.pos === 'NOUN' && capitalised(t)) || (at > 0 && capitalised(t) && afterPreposition(at))) && t.text !== 'I' && !CALENDAR_WORDS.has(t.text.toLowerCase().replace(/^(?:mid|early|late)-/, ''));
  while (i < tokens.length) {
    if (!isName(tokens[i], i)) {
      i++;
      continue;
    }
    let end = i + 1;
    for (;;) {
      const t = tokens[end];
      // "Uber Eats", "Pizza Express": inside a name, a capitalised word is part of it whatever its tag (not one that
      // qualifies the noun after it: "Leeds Happy days").
      const continues = t !== undefined && capitalised(t) && ['VERB', 'ADJ'].includes(t.pos) && !/ing$/i.test(t.text) && t.text !== t.text.toUpperCase() && !['NOUN', 'PROPN'].includes(tokens[end + 1]?.pos ?? '');
      // "Home At Last", "Bank Of The West": a capitalised small word between names is part of the name.
      const innerWord = t !== undefined && capitalised(t) && ['ADP', 'DET', 'CCONJ'].includes(t.pos) && t.text.length <= 4;
      if (isName(t) || continues) end++;
      // "Jean-Luc", "Smith-Jones": the tagger cuts a hyphenated name at its hyphen.
      else if (t?.text === '-' && t.space === '' && tokens[end + 1]?.space === '' && capitalised(tokens[end + 1] as Token)) end += 2;
      else if ((t?.text === "'s" || lowerOf(t) === 'of' || t?.text === '&' || innerWord) && isName(tokens[end + 1], end + 1)) end += 2;
      else if (innerWord && tokens[end + 1]?.pos === 'DET' && capitalised(tokens[end + 1] as Token) && isName(tokens[end + 2], end + 2)) end += 3;
      else if (["'s", '’s'].includes(t?.text ?? '') && ['at', 'for', 'from', 'with'].includes(lowerOf(tokens[i - 1])) && !['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(tokens[end + 1]?.pos ?? '')) {
        // "i work at Sainsbury's", "laid off from McDonald's": the possessive is the shop's name, not an owner's.
        end++;
        break;
      } else break;
    }
    runs.push({ start: i, end, text: joinTokens(tokens.slice(i, end)) });
    i = end;
  }
  return runs;
}

export const possessive = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);
export const slotKey = (s: string): string => normaliseFact(s).replace(/\s+/g, '_');

/** Trim time words, fillers and punctuation from the end of an object, and relative time anywhere in it. */
export function cleanObject(tokens: Token[], relativeSpans: readonly { from: number; to: number }[], offsets: readonly number[]): Token[] {
  // A time followed by "'s" owns a noun ("since last year's trip"): it is no time of the fact, and stays.
  const within = (i: number, s: { from: number; to: number }): boolean => (offsets[i] ?? -1) >= s.from && (offsets[i] ?? -1) < s.to;
  const owning = relativeSpans.filter((s) => tokens.some((t, i) => /^['’]s$/.test(t.text) && within(i - 1, s) && !within(i, s)));
  const inSpan = (i: number): boolean => relativeSpans.some((s) => !owning.includes(s) && within(i, s));
  // "vegan (ever) since last year": the "since" goes with the time it opens (the fact keeps its date, not its words).
  // So do "at the" of "at the end of last month" and "in the" of "in the middle of last week".
  const leadsIn = (i: number): boolean => tokens[i]?.pos === 'ADP' && tokens[i + 1]?.pos === 'DET' && !inSpan(i + 1) && inSpan(i + 2);
  const opensSpan = (i: number): boolean =>
    (lowerOf(tokens[i]) === 'since' && inSpan(i + 1)) || (lowerOf(tokens[i]) === 'ever' && lowerOf(tokens[i + 1]) === 'since' && inSpan(i + 2)) || leadsIn(i) || leadsIn(i - 1);
  let kept = tokens.filter((_, i) => !inSpan(i) && !opensSpan(i));
  // ("lmaooo", "lollll": stretched; "passed my probation 😎 permanent contract from …": an emoji ends the thought too.)
  const ends = kept.findIndex((t, i) => i > 0 && (CLAUSE_ENDING_INTERJECTIONS.has(lowerOf(t)) || CLAUSE_ENDING_INTERJECTIONS.has(lowerOf(t).replace(/(\p{L})\1+$/u, '$1')) || (/^\p{Extended_Pictographic}/u.test(t.text) && !['CCONJ', 'ADP'].includes(kept[i + 1]?.pos ?? ''))));
  if (ends > 0) kept = kept.slice(0, ends);
  for (let changed = true; changed; ) {
    changed = false;
    // Punctuation, a dangling "and", and emoji ("I switched to coffee now ☕☕").
    while (kept.length > 0 && (kept[kept.length - 1]?.pos === 'PUNCT' || kept[kept.length - 1]?.pos === 'CCONJ' || !/[\p{L}\p{N}]/u.test(kept[kept.length - 1]?.text ?? ''))) {
      kept = kept.slice(0, -1);
      changed = true;
    }
    const tail = joinTokens(kept).toLowerCase();
    // "the film Babe", "Free at Last", "a band called Finally": a word of address, or "finally" / "at last", written
    // with a capital is part of a name.
    const named = /^\p{Lu}/u.test(kept.at(-1)?.text ?? '') && (ADDRESS_WORDS.has(lowerOf(kept.at(-1))) || ['finally', 'last'].includes(lowerOf(kept.at(-1))));
    for (const filler of named ? [] : TRAILING_FILLERS) {
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

/**
 * The object up to a name said to the listener: "i'm driving 90 mama", "i eat breakfast jonas don't worry". Such a
 * name ends what was said (the clause ends there, or a new one starts: "don't worry") and stands after a noun,
 * number or adverb — or an adjective, for a word of address ("so proud mama"; a listener's name after one is
 * more often a noun it qualifies: "modern art"). It is part of what was said when it heads a noun phrase ("my old
 * mum", "a step dad", "my brother Jonas") or follows a verb, a preposition or "and".
 */
export function withoutVocative(object: readonly Token[], listeners: readonly string[]): Token[] {
  const names = new Set(listeners.flatMap((n) => [n.toLowerCase(), n.toLowerCase().split(' ')[0] ?? '']));
  for (let i = 1; i < object.length; i++) {
    const word = lowerOf(object[i]);
    const addressWord = ADDRESS_WORDS.has(word);
    if (!addressWord && !names.has(word)) continue;
    const before = object[i - 1] as Token;
    const after = object[i + 1];
    const ends = after === undefined || after.pos === 'PUNCT' || ['AUX', 'PRON', 'VERB', 'INTJ', 'PART'].includes(after.pos);
    const leadsIn = ['NOUN', 'NUM', 'ADV', ...(addressWord ? ['ADJ'] : [])].includes(before.pos) && !RELATIONS.has(lowerOf(before));
    if (ends && leadsIn && !headsNounPhrase(object, i)) return object.slice(0, i);
  }
  return [...object];
}

/** Whether the word at `at` ends a noun phrase opened by a determiner or possessive: "my old mum", "a step dad". */
function headsNounPhrase(tokens: readonly Token[], at: number): boolean {
  let i = at - 1;
  while (i >= 0 && ['ADJ', 'NOUN', 'NUM', 'PROPN'].includes((tokens[i] as Token).pos)) i--;
  const opener = tokens[i];
  return opener !== undefined && (opener.pos === 'DET' || POSSESSIVE_DETERMINERS.has(lowerOf(opener)));
}


/** Words of how often, after what one uses or does: no head of a slot ("wine most nights", "coffee on weekdays"). */
const HOW_OFTEN = new Set(['daily', 'weekly', 'nightly', 'everyday', 'day', 'week', 'morning', 'mornings', 'night', 'nights', 'time', 'most', 'weekend', 'weekends', 'weekday', 'weekdays']);

/** The head noun of an object ("a rescue greyhound" → "greyhound"), for slots. */
export function headWord(tokens: readonly Token[]): string | null {
  const name = properRuns(tokens)[0];
  if (name && name.start <= 2) return slotKey(name.text);
  const stop = tokens.findIndex((t, i) => i > 0 && (t.pos === 'ADP' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || t.pos === 'DET'));
  const span = stop > 0 ? tokens.slice(0, stop) : tokens;
  // "a lot of coffee", "loads of tea": the thing, not how much of it.
  if (stop > 0 && lowerOf(tokens[stop]) === 'of' && span.every((t) => QUANTITIES.has(lowerOf(t)))) return headWord(tokens.slice(stop + 1));
  const words = span.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'VERB' || t.pos === 'ADJ');
  // "notion daily", "coffee every day", "wine most fridays": how often is not what ("I love the night" still is);
  // nor how much ("smoking loads", "drinking more" names no thing).
  const content = words.filter((t) => !HOW_OFTEN.has(lowerOf(t)) && !CALENDAR_WORDS.has(lowerOf(t)) && !QUANTITIES.has(lowerOf(t)));
  if (content.length === 0 && words.length > 0 && words.every((t) => QUANTITIES.has(lowerOf(t)))) return null;
  const last = (content.length > 0 ? content : words).at(-1);
  return last ? slotKey(last.pos === 'PROPN' ? joinTokens(span.filter((t) => t.pos === 'PROPN')) : last.lemma) : null;
}

/** How much, said before or instead of a thing had: "a lot of coffee", "loads of tea", "drinking more", "a pack a day". */
const QUANTITIES = new Set(['a', 'lot', 'lots', 'load', 'loads', 'tons', 'heaps', 'bit', 'plenty', 'more', 'less', 'too', 'so', 'way', 'much', 'pack', 'packs', 'packet', 'packets']);

/** Words that grade a thing rather than say which kind it is: "good coffee" is coffee, "spicy food" is not food. */
const GRADING = new Set(
  ('good bad nice great lovely decent proper real strong weak fresh little big small long short new old whole fancy cheap ' +
    'expensive best worst favourite favorite usual own other same first last most more many much some all any every ' +
    'actual absolute total decent awesome amazing terrible horrible awful cute').split(' '),
);
/** Measures and sorts of a thing: "a cup of tea" is about tea. */
const MEASURES = new Set(['cup', 'cups', 'cuppa', 'glass', 'glasses', 'pint', 'pints', 'bottle', 'bowl', 'plate', 'slice', 'piece', 'bit', 'lot', 'lots', 'kind', 'kinds', 'sort', 'sorts', 'type', 'types', 'mug', 'pot']);
/** After a thing liked, "in the morning", "at weekends": when, which leaves it the same thing. */
const WHEN_WORDS = new Set([...HOW_OFTEN, 'evening', 'evenings', 'weekend', 'weekends', 'summer', 'winter', 'spring', 'autumn', 'fall', 'afternoon', 'afternoons', 'holiday', 'holidays', 'work', 'home']);

/**
 * The kind of thing an opinion is about, for its slot: the head noun with the words before it that say which kind
 * ("horror films" → horror_film, "spicy food" → spicy_food, "cold water swimming"), so liking Thai food does not
 * replace disliking spicy food. Null when a phrase after it narrows the thing to a case ("running in the rain" is
 * not running): such an opinion is kept, with no slot to replace another.
 */
export function opinionKey(tokens: readonly Token[]): string | null {
  // "my boyfriend Josh", "my mum": a person loved is no taste.
  if (POSSESSIVE_DETERMINERS.has(lowerOf(tokens[0])) && (RELATIONS.has(lowerOf(tokens[1])) || PARTNERS.has(lowerOf(tokens[1])))) return null;
  const name = properRuns(tokens)[0];
  if (name && name.start <= 2) return slotKey(name.text);
  const stop = tokens.findIndex((t, i) => i > 0 && (t.pos === 'ADP' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || t.pos === 'DET'));
  const span = stop > 0 ? tokens.slice(0, stop) : tokens;
  const rest = stop > 0 ? tokens.slice(stop) : [];
  // "a good cup of tea", "any kind of cheese": the thing is what the measure is of.
  if (lowerOf(rest[0]) === 'of' && MEASURES.has(lowerOf(span.at(-1)))) return opinionKey(rest.slice(1));
  if (rest[0]?.pos === 'ADP' && !['over', 'than', 'to', 'instead'].includes(lowerOf(rest[0]))) {
    const nouns = rest.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN');
    if (nouns.length > 0 && !nouns.every((t) => WHEN_WORDS.has(lowerOf(t)))) return null;
  }
  const content = span.map((t, i) => ({ t, i })).filter(({ t }) => ['NOUN', 'PROPN', 'VERB', 'ADJ'].includes(t.pos) && !HOW_OFTEN.has(lowerOf(t)));
  const head = content.at(-1);
  if (!head) return headWord(tokens);
  if (head.t.pos === 'PROPN') return headWord(tokens);
  const words = [head.t.lemma];
  for (let i = head.i - 1; i >= 0; i--) {
    const t = span[i] as Token;
    if (!(t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'ADJ' && !GRADING.has(lowerOf(t))))) break;
    words.unshift(lowerOf(t));
  }
  return slotKey(words.join(' '));
}

export function typedRuns(tokens: readonly Token[], roleType: EntityType | null, ctx: Context): StatementEntity[] {
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
export function nameAfter(tokens: readonly Token[], preps: readonly string[]): string | null {
  for (const run of properRuns(tokens)) {
    const before = tokens[run.start - 1];
    const beforeDet = tokens[run.start - 2];
    if (preps.includes(lowerOf(before)) || (before?.pos === 'DET' && preps.includes(lowerOf(beforeDet)))) return run.text;
  }
  return null;
}

/**
 * Where someone works, after one of `preps`: a name ("at Ridgeline"), or the name a firm is given ("at a startup
 * called Loopwise", "with a small agency named Brightwave"). Only employer readers ask: "moved to a company called
 * Initech" is no home, "rooms above a shop called Greggs" no address.
 */
export function employerAfter(all: readonly Token[], preps: readonly string[]): string | null {
  // Up to another verb ("quit my job and now spend my days at a place called Dishoom": that place is no employer).
  // (A capitalised word the tagger calls a verb is a name: "laid off from Ford".)
  const verb = all.findIndex((t, i) => i > 0 && t.pos === 'VERB' && !/^\p{Lu}/u.test(t.text) && !['called', 'named'].includes(lowerOf(t)));
  const tokens = verb > 0 ? all.slice(0, verb) : all;
  const named = nameAfter(tokens, preps);
  if (named) return named;
  for (const run of properRuns(tokens)) {
    if (!['called', 'named'].includes(lowerOf(tokens[run.start - 1])) || !FIRMS.has(tokens[run.start - 2]?.lemma ?? '')) continue;
    // The preposition, then only a determiner and a word or two describing the firm ("at a new tech startup").
    for (let i = run.start - 3; i >= Math.max(0, run.start - 6); i--) {
      const t = tokens[i] as Token;
      if (preps.includes(lowerOf(t))) return run.text;
      if (!['DET', 'ADJ', 'NOUN', 'NUM'].includes(t.pos)) break;
    }
  }
  return null;
}


/** An object cut off mid-phrase ("a second", "for all thirty", "a sea"): a fragment, not a fact. */
export function endsUnfinished(object: readonly Token[]): boolean {
  const last = object.at(-1);
  const before = object.at(-2);
  if (!last) return false;
  // "i love my job not": a joke's closing "not" takes it back. ("at Sainsbury's": a name's "'s" ends it well.)
  const namesPossessive = /^['’]s$/.test(last.text) && before?.pos === 'PROPN';
  // "handed my notice in": the particle ends the phrase.
  if (lowerOf(last) === 'in' && ['notice', 'resignation'].includes(lowerOf(before))) return false;
  if ((['DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'AUX'].includes(last.pos) && !namesPossessive) || lowerOf(last) === 'not') return true;
  // ("broke up with her": after "with", "her" is whom.)
  if (last.pos === 'PRON' && ['their', 'his', 'her', 'its', 'our'].includes(lowerOf(last)) && !(lowerOf(last) === 'her' && lowerOf(before) === 'with')) return true;
  return before?.pos === 'DET' && (last.pos === 'NUM' || ['first', 'second', 'third', 'other', 'few', 'little', 'next', 'last', 'same', 'whole', 'new', 'old'].includes(lowerOf(last)));
}

/** "two kids and a cat called Miso" → each noun phrase on its own (only where a new phrase starts). */
export function coordinated(object: Token[]): Token[][] {
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
const COMPARATIVES = new Set(['more', 'less', 'better', 'much', 'lot', 'a', 'way', 'far', 'even', 'so']);

/** Verbs whose own "to" follows them: "going to", "listening to", "talking to". */
const TAKES_TO = new Set(['go', 'move', 'listen', 'talk', 'travel', 'walk', 'drive', 'get', 'come', 'cycle', 'fly', 'speak', 'write', 'commute']);

export function splitComparison(object: Token[], preferred = false): [Token[], Token[]] {
  // "I prefer swimming to running": after "prefer", "to" passes over what follows it too.
  // ("going to the gym", "listening to podcasts": a verb's own "to".)
  const passesOver = (i: number): boolean => !['DET', 'PRON'].includes(object[i + 1]?.pos ?? '') && !TAKES_TO.has(object[i - 1]?.lemma ?? '');
  const at = object.findIndex((t, i) => i > 0 && (['over', 'than', 'instead'].includes(lowerOf(t)) || (preferred && lowerOf(t) === 'to' && passesOver(i))));
  if (at <= 0) return [object, []];
  // "coffee more than tea", "cats a lot more than dogs": the comparative is not part of the thing.
  let end = at;
  while (end > 1 && COMPARATIVES.has(lowerOf(object[end - 1]))) end--;
  return [object.slice(0, end), object.slice(at + 1)];
}

/**
 * The lasting thing an object names (ACQUISITIONS), as the head of its phrase: "a puppy", "our first house";
 * not "a dog bed", "a house party", "a puppy coming next week", "a bike stolen".
 */
export function acquiredThing(tokens: readonly Token[]): Token | null {
  let at = tokens.findIndex((t) => t.pos === 'NOUN');
  // "a rescue dog", "a company car": the kind before the thing.
  // "a labrador puppy", "a tabby kitten": a breed before the animal, the animal the head.
  const kindBefore = !ACQUISITIONS.has(tokens[at]?.lemma ?? '') || (PETS.has(tokens[at]?.lemma ?? '') && PETS.has(tokens[at + 1]?.lemma ?? ''));
  if (at >= 0 && kindBefore && tokens[at + 1]?.pos === 'NOUN' && ACQUISITIONS.has(tokens[at + 1]?.lemma ?? '')) at++;
  const noun = tokens[at];
  if (!noun || at > 3 || !ACQUISITIONS.has(noun.lemma)) return null;
  const after = tokens[at + 1];
  // "a cat called Biscuit" is the cat, named; "a dog bed", "a puppy coming" are not a dog or a puppy got.
  if (after && ['called', 'named'].includes(lowerOf(after))) return noun;
  return after && ['NOUN', 'PROPN', 'VERB'].includes(after.pos) ? null : noun;
}

/** Words a time phrase is made of, beside the calendar's names and numbers ("at the end of last year", "in the summer"). */
/** Months by their short names ("quit smoking jan", "dec 1st"). */
const SHORT_MONTHS = /^(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)$/;
const TIME_PHRASE_WORDS = new Set([
  'in', 'on', 'at', 'during', 'around', 'since', 'back', 'by', 'last', 'this', 'next', 'early', 'late', 'mid', 'the', 'of', 'end',
  'start', 'beginning', 'middle', 'a', 'few', 'couple', 'ago', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct',
  'nov', 'dec', 'nearly', 'almost', 'about', 'over', 'like', 'roughly', 'just', 'and', 'half', 'earlier', 'ish', '-', 'or', 'so', 'well',
]);
/** ("quit smoking ages ago", "yonks ago": a time, not the thing quit.) */
const TIME_NOUNS = new Set(['summer', 'winter', 'spring', 'autumn', 'fall', 'year', 'years', 'month', 'months', 'week', 'weeks', 'weekend', 'ages', 'yonks', 'day', 'days']);

/**
 * Whether `tokens` are only a time ("in March", "last March", "in 2024", "on 4/5/2025", "in the summer", "at the end of
 * last year"): what may follow the thing a change is about ("I left Barclays in March") without being part of it.
 */
export function isTimePhrase(tokens: readonly Token[]): boolean {
  const words = tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length === 0 || words.length > 7) return false;
  // ("last tues", "mid-october", "2yrs ago", "3ish weeks ago": a chat's short and hyphened times too.)
  const calendar = (t: Token): boolean =>
    CALENDAR_WORDS.has(lowerOf(t)) || TIME_NOUNS.has(lowerOf(t)) || SHORT_MONTHS.test(lowerOf(t)) || /^\d[\d/.-]*(?:st|nd|rd|th|ish|yrs?|mths?|wks?)?$/.test(t.text) ||
    /^(?:mon|tues?|weds?|thu|thur|thurs|fri|sat|sun)$/i.test(t.text) || /^(?:mid|early|late)-\p{L}+$/iu.test(t.text);
  return words.some(calendar) && words.every((t) => calendar(t) || TIME_PHRASE_WORDS.has(lowerOf(t)));
}

/** A phrase without the time said at its end: "smoking end of October" is "smoking", "vaping mid September" "vaping". */
export function withoutTimeAtEnd(tokens: readonly Token[]): readonly Token[] {
  const at = tokens.findIndex((_, i) => i > 0 && isTimePhrase(tokens.slice(i)));
  return at > 0 ? tokens.slice(0, at) : tokens;
}

/** Said around a favourite, not part of it: "green now not blue", "still the godfather", "blue obviously". */
const FAVOURITE_ASIDES = new Set(['now', 'still', 'definitely', 'obviously', 'def', 'honestly', 'tbh', 'btw', 'fyi', 'lol', 'haha', 'not', 'but', 'though', 'tho', 'anyway', 'again', 'unironically', 'ironically', 'fr']);

/** The favourite itself: asides before it dropped, the value cut where an aside or a contrast begins. */
export function favouriteValue(value: Token[]): Token[] {
  let start = 0;
  while (start < value.length && FAVOURITE_ASIDES.has(lowerOf(value[start]))) start++;
  const end = value.findIndex((t, i) => i > start && (FAVOURITE_ASIDES.has(lowerOf(t)) || t.pos === 'PUNCT'));
  return value.slice(start, end < 0 ? undefined : end);
}
