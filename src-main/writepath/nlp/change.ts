/**
 * Changes of mind and of life, read offline: a new job ("I started working at Ridgeline on Monday"), a
 * departure ("I left Fenwick Labs", "I quit my job", "I no longer work at Acme", "I moved out of Berlin"), a
 * partner found or left ("I'm dating Alex", "I broke up with Sam"), a habit taken up or dropped ("these days I
 * drink coffee", "I don't eat meat any more"). Each lands in the slot it changes (employer, residence, partner,
 * uses.X) — a departure with the value `ended:X` — so consolidation supersedes the matching fact and nothing
 * else (writepath/slot-values.ts).
 */
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { employerAfter, handsInNotice, headWord, isTimePhrase, lowerOf, nameAfter, properRuns, withoutTimeAtEnd } from './phrases';
import { AFTER_HABIT_LIST, CALENDAR_WORDS, HABIT_NAMES, OTHER_DRINKS, HABIT_VERBS, appSlotName, isHabitVerbWord, meatlessDiet, RELATIONS, SOCIAL_APPS, VAGUE_OBJECTS } from './lexicon';
import { endedValue } from '../../../src-shared/slot-values';
import type { Built, Context, StatementEntity, Subject } from './statement-types';
import type { VerbGroup } from './verb-group';
import { denialWithException, habitVerbForms } from './intensity';
import { onlyTimeOrFillers } from './state-words';
import { employerShaped, JOB_WORDS, jobAt, jobRole, startsLater } from './job-forms';
import { gotDivorcedFrom, gotDumped, leftMyPartner, partnerChange, person, type ChangeClause } from './partner-change';

/** Verbs a change is read from; anything else is left to the general rules. */
const CHANGE_VERBS = new Set([
  'start', 'begin', 'leave', 'quit', 'work', 'live', 'move', 'date', 'see', 'break', 'split', 'divorce', 'dump', 'drink', 'eat', 'smoke', 'vape',
  'get', 'land', 'resign', 'retire', 'fire', 'lay', 'give', 'stop', 'marry', 'engage', 'base', 'lose', 'make', 'hand', 'put', 'hire', 'employ',
  'delete', 'uninstall', 'deactivate', 'install', 'download', 'reinstall', 'redownload',
]);
/** "got laid off", "got fired", "got sacked", "got let go": a job ended by the employer. */
const DISMISSED = new Set(['laid', 'fired', 'sacked', 'axed', 'let']);
/** Habits dropped with "stopped …ing" or "quit …ing": drinking, smoking, eating, vaping. */
const HABIT_GERUNDS = new Set(['drinking', 'smoking', 'eating', 'vaping']);
/** After "left work" / "quit work": the working day ended, not the job ("early", "at 5"). */
const LEFT_FOR_THE_DAY = new Set(['early', 'late', 'at', 'on', 'today', 'tonight', 'yesterday', 'before', 'after', 'sharp']);
/** What "I got …" says of a job without saying where: "the job", "a permanent job", "an offer". */
const JOB_NEWS = new Set(['job', 'position', 'role', 'internship', 'placement', 'offer', 'contract', 'promotion']);

/** The slot key of a pastime quit: a noun phrase of one to three words, no adverb ("quit the meeting early"), not "this game". */
function pastimeAt(object: readonly Token[]): string | null {
  const words = withoutTimeAtEnd(object).filter((t) => t.pos !== 'PUNCT'); // ("i quit coffee in may")
  const start = words.findIndex((t) => !(t.pos === 'DET' || lowerOf(t) === 'their'));
  const phrase = words.slice(start);
  if (start < 0 || phrase.length === 0 || phrase.length > 3 || ['this', 'that', 'these', 'those'].includes(lowerOf(words[0]))) return null;
  if (!phrase.every((t) => t.pos === 'NOUN' || t.pos === 'ADJ') || phrase.at(-1)?.pos !== 'NOUN') return null;
  // "i quit my boyfriend lol", "i quit things": a person or nothing in particular is no pastime.
  if (phrase.some((t) => RELATIONS.has(lowerOf(t)) || NOT_PASTIMES.has(lowerOf(t)))) return null;
  return phrase.map((t) => lowerOf(t)).join('_');
}

/** Why or how much a habit is denied, which denies it whole: "for religious reasons", "of any kind", "on principle". */
const REASONS = /^[^,]*?\b(?:for (?:\w+ )?(?:reasons?|health|religion)|of any (?:kind|sort)|on principle|as a rule|by choice|due to|because of)\b[^,]*$/i;
/** Adjectives of how much or how often, which name no drink: "not much", "most nights", "every other day". */
const HOW_MUCH = new Set(['much', 'more', 'less', 'most', 'other', 'few', 'many', 'several', 'occasional']);
/** "every monday", "every day": a time that comes round again; "loads of times", "3 times": done again and again. */
const EVERY_TIME = /\bevery\s+(?:single\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|morning|night|week|weekend|month|year|time|new year)\b|\b(?:loads of|lots of|so many|many|several|a few|a million|a hundred|\d+|two|three|four|five|ten)\s+times\b/i;
const TIME_WORDS = new Set([...CALENDAR_WORDS, 'day', 'days', 'week', 'weeks', 'weekend', 'weekends', 'weekday', 'weekdays', 'night', 'nights', 'morning', 'mornings', 'evening', 'evenings', 'month', 'year', 'time', 'times', 'lot', 'lots', 'bit']);

const NOT_PASTIMES = new Set(['things', 'stuff', 'everything', 'life', 'people', 'men', 'women', 'guys', 'girls']);

/**
 * The things a habit names in a list (clauses.ts keeps it in one clause): "not meat or fish", "coffee nor tea", "red
 * meat or Pepsi", "meat, fish and eggs" — two to eight nouns (a name, or a noun after an adjective) joined by commas and
 * "and", "or" or "nor", and what the last is followed by, which says when or where of each ("every morning"); null
 * otherwise.
 */
function habitList(object: readonly Token[], negated: boolean): { items: Token[][]; tail: Token[] } | null {
  // Each thing is eaten in "meat and fish", none in "not meat or fish" nor "not meat, dairy and eggs"; "not fish and
  // chips" may be the dish alone.
  const dish = negated && !object.some((t) => t.text === ',');
  const joins = negated ? ['or', 'nor', ...(dish ? [] : ['and'])] : ['and'];
  if (object.some((t) => ['and', 'or', 'nor'].includes(lowerOf(t)) && !joins.includes(lowerOf(t)))) return null;
  const items: Token[][] = [[]];
  for (const t of object) {
    if ([',', ...joins].includes(lowerOf(t))) {
      if ((items[items.length - 1] as Token[]).length > 0) items.push([]);
    } else (items[items.length - 1] as Token[]).push(t);
  }
  const noun = (t: Token | undefined): boolean => t?.pos === 'NOUN' || t?.pos === 'PROPN';
  const thing = (item: readonly Token[]): number => (noun(item[0]) ? 1 : item[0]?.pos === 'ADJ' && noun(item[1]) ? 2 : 0);
  const last = items[items.length - 1] as Token[];
  const lastLength = thing(last);
  const tail = last.slice(lastLength);
  // After the last thing, only when, where or how often: "… tea every morning", "… fish at home" (not "… drink beer").
  const opensTail = tail.length === 0 || ['ADP', 'ADV'].includes(tail[0]?.pos ?? '') || AFTER_HABIT_LIST.has(lowerOf(tail[0]));
  if (items.length < 2 || items.length > 8 || lastLength === 0 || !opensTail || tail.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return null;
  const listed = [...items.slice(0, -1), last.slice(0, lastLength)];
  // "cigarettes or vape": a verb of a habit is no thing had.
  if (listed.some((item) => item.some((t) => isHabitVerbWord(t.text)))) return null;
  return listed.every((item) => thing(item) === item.length) ? { items: listed, tail } : null;
}

/** Not "it", "him", "them": a word a reader of the fact alone can follow ("their", "the user's" are fine). */
const namesSomeone = (t: Token): boolean => !(t.pos === 'PRON' && VAGUE_OBJECTS.has(lowerOf(t)));
const organization = (name: string): StatementEntity => ({ name, type: 'organization', aliases: [] });

/** Statements for a change, or null when the clause is not one (the general rules then read it). */
export function readChange(subject: Subject, group: VerbGroup, object: Token[], ctx: Context): Built[] | null {
  if (!CHANGE_VERBS.has(group.lemma) || group.copula) return null;
  // "I never worked at Google", "I didn't live in Leeds": it never was, so nothing ended ("I never smoke" is today's).
  if (group.negated && (group.past || (/\bnever\b/.test(group.phrase) && !HABIT_VERBS.has(group.lemma)))) return null;
  const s = subject.text;
  const objText = joinTokens(object);
  // "I quit my job", "I put in my notice" are done, not habits: not "quits", "puts".
  const phrase = group.phrase.replace(/\b(quit|put)s$/, '$1');
  const said = `${s} ${phrase}${objText ? ` ${objText}` : ''}`;
  const slot = (name: string): string => `${subject.key}.${name}`;
  // What happened, as said, with no slot: "User got promoted", "User got the job", "User stopped going to the gym".
  const news = (): Built[] => [{ content: said, type: 'semantic', slot: null, value: null, entities: [] }];
  const built = (content: string, slotName: string, value: string, entities: StatementEntity[]): Built[] => [{ content, type: 'semantic', slot: slot(slotName), value, entities }];
  const first = lowerOf(object[0]);
  const named = properRuns(object)[0];
  const namedFirst = named && named.start === 0 ? named.text : null;
  const done = group.past || /\b(?:has|have|had)\b/.test(group.phrase);

  const passive = /\b(?:is|are|was|were|been|got|get)\b/.test(group.phrase);
  // A habit dropped ("I gave up coffee", "I stopped drinking alcohol", "I quit smoking") or taken up ("started again").
  const habit = (value: 'yes' | 'no'): Built[] | null => {
    // "I stopped drinking except at weddings": not given up whole.
    if (value === 'no' && denialWithException(ctx.text, [first, headWord(object) ?? ''])) return [];
    // "I gave up being veggie": that diet is over.
    const diet = first === 'being' && withoutTimeAtEnd(object).length === 2 ? meatlessDiet(lowerOf(object[1])) : null;
    if (diet) return value === 'no' ? built(said, 'diet', endedValue(diet), []) : null;
    // "i quit smoking every monday lol": a quit said again and again is a joke, or a cut-down, not a habit dropped.
    if (value === 'no' && EVERY_TIME.test(joinTokens(object))) return [];
    // ("quit vaping end of oct", "stopped smoking 5th of sept": the habit, not the time said after it.)
    const habitSaid = withoutTimeAtEnd(object);
    const head = headWord(habitSaid);
    if (!head || habitSaid.length > 4 || named) return null;
    // "fizzy drinks", "energy drinks": drinks of a kind are no alcohol.
    const kind = HABIT_NAMES.get(head) === 'alcohol' && /^drinks?$/.test(head) && object.length > 1 && object.some((t) => t.pos === 'ADJ' || (t.pos === 'NOUN' && !/^drinks?$/.test(lowerOf(t))));
    const name = kind ? normaliseFact(joinTokens(habitSaid)).replace(/\s+/g, '_') : (HABIT_NAMES.get(head) ?? head);
    return [{ content: said, type: 'semantic', slot: slot(`uses.${name}`), value, entities: [] }];
  };
  const dropped = (): Built[] | null => habit('no');
  // "going to the gym", "playing the cello": a gerund and what it is about, no one named by a pronoun.
  const doneDoing = (): boolean =>
    object[0]?.pos === 'VERB' && /ing$/.test(first) && object.length <= 6 && object.every(namesSomeone);
  // Where the subject now works, after "hired" or "employed" ("by Ridgeline", "at Monzo"); news only, if it starts later.
  // ("hired as a barista at Costa"; not "hired by Dan to fix his roof": a person's one-off job.)
  const hiredBy = (rest: Token[]): Built[] | null => {
    const org = ['by', 'at', 'as'].includes(lowerOf(rest[0])) ? employerAfter(rest, ['by', 'at']) : null;
    if (!org || ctx.named.get(org.toLowerCase()) === 'person' || /^\s*to\b/i.test(joinTokens(rest).split(org)[1] ?? '')) return null;
    return startsLater(ctx.text) ? news() : built(`${s} works at ${org}`, 'employer', normaliseFact(org), [organization(org)]);
  };
  const jobEnded = (preps: string[]): Built[] => {
    const org = employerAfter(first === 'let' ? object.slice(2) : object, preps);
    return built(said, 'employer', endedValue(org ? normaliseFact(org) : ''), org ? [organization(org)] : []);
  };

  const clause: ChangeClause = { subject, group, object, ctx, s, said, first, named, namedFirst, done, passive, built };
  switch (group.lemma) {
    case 'get':
    case 'land': {
      if (group.negated || !done) return null;
      // "I got dumped (by Dan)", "got divorced from Mark": the partner is over.
      if (group.lemma === 'get' && first === 'dumped') return gotDumped(clause);
      if (group.lemma === 'get' && first === 'divorced' && lowerOf(object[1]) === 'from') return gotDivorcedFrom(clause);
      // "I got laid off from Meta", "got let go": the job ended.
      if (group.lemma === 'get' && DISMISSED.has(first) && (first !== 'let' || lowerOf(object[1]) === 'go')) return jobEnded(['from', 'at', 'by']);
      // "I got made redundant (from Arup)".
      if (group.lemma === 'get' && first === 'made' && lowerOf(object[1]) === 'redundant') return jobEnded(['from', 'at', 'by']);
      // "I got hired at Monzo", "got hired by Arup": as "I was hired by".
      if (group.lemma === 'get' && first === 'hired') return hiredBy(object.slice(1));
      // "I got promoted to team lead": the role held now (at the same employer); "I got promoted!!" is news only.
      if (group.lemma === 'get' && first === 'promoted') return promotedTo(clause) ?? news();
      // "I got engaged to Sofia", "got married to Tom": a partner.
      if (group.lemma === 'get' && ['engaged', 'married'].includes(first) && lowerOf(object[1]) === 'to') {
        const partner = nameAfter(object, ['to']);
        return partner ? built(`${s} got ${first} to ${partner}`, 'partner', normaliseFact(partner), [person(partner)]) : null;
      }
      // "I got divorced (in march / last year)": no partner now, whoever it was.
      if (group.lemma === 'get' && first === 'divorced' && subject.firstPerson && (object.length === 1 || isTimePhrase(object.slice(1)))) return built(`${s} got divorced`, 'partner', endedValue(''), []);
      // "I got engaged!!", "got married in June": news, though not to whom (the time is the fact's date).
      if (group.lemma === 'get' && ['engaged', 'married', 'divorced'].includes(first) && (object.length === 1 || (object.length <= 4 && ['in', 'on', 'at'].includes(lowerOf(object[1]))))) {
        return [{ content: `${s} got ${joinTokens(object)}`, type: 'semantic', slot: null, value: null, entities: [] }];
      }
      // "I got a job at Stripe", "landed a new role with Acme": where the subject works now.
      const org = employerAfter(object, ['at', 'with', 'for']);
      // "I GOT THE JOB", "got a permanent job!!!", "got an offer": news, though not yet where.
      if (!org) return object.slice(0, 4).some((t) => JOB_NEWS.has(lowerOf(t))) && object.length <= 5 ? news() : null;
      // "I got a job at Stripe"; not "a job interview at Google", "my friend a job at Tesco", "rejected for a job"; news only, if it starts later.
      const job = jobAt(object, 'get');
      if (!job || job.other) return null;
      return startsLater(ctx.text) ? news() : built(`${s} works at ${org}`, 'employer', normaliseFact(org), [organization(org)]);
    }
    case 'hire':
    case 'employ': {
      // "I was hired by Ridgeline", "I'm employed by the NHS", "hired at Monzo!!" (no "I"): passive only ("I hired a cleaner"
      // is about no job of mine), and not "I was employed at Arup" (a job held once, maybe over).
      const hired = passive || (group.phrase === 'hired' && ['at', 'by', 'as'].includes(first));
      if (group.negated || !hired || (group.lemma === 'employ' && !/\b(?:am|is|are|has been|have been)\b/.test(group.phrase))) return null;
      const job = hiredBy(object);
      return job && !passive && job[0]?.slot === null ? [{ ...job[0], content: `${s} was hired ${objText}` }] : job;
    }
    case 'retire': {
      // "I retired in June", "I've retired (from teaching / from the NHS)": no job now; "retired the old laptop" is no change.
      if (group.negated || !done || !subject.firstPerson) return null;
      if (object.length === 0 || isTimePhrase(object)) return built(said, 'employer', endedValue(''), []);
      return first === 'from' ? jobEnded(['from']) : null;
    }
    case 'resign': {
      if (group.negated || !done) return null;
      if (object.length === 0) return ctx.workTalk ? built(said, 'employer', endedValue(''), []) : null;
      return first === 'from' || first === 'as' ? jobEnded(['from', 'at']) : null;
    }
    case 'make': {
      // "I was made redundant (last week)": the job ended; "I made a cake" is no change.
      if (group.negated || !passive || first !== 'redundant') return null;
      return jobEnded(['from', 'at', 'by']);
    }
    case 'fire':
    case 'lay': {
      // "I was fired from Uber", "I was laid off": passive only ("I fired my accountant" is not about my job).
      if (group.negated || !passive || (group.lemma === 'lay' && first !== 'off')) return null;
      return jobEnded(['from', 'at', 'by']);
    }
    case 'hand':
    case 'put': {
      // "I handed in my notice (at Fenwick Labs)", "put in my resignation" ("put" is its own past): the job is ending.
      const handedIn = done || (group.lemma === 'put' && !/\b(?:will|would|shall|should|could|might|may|must|gonna|going|to)\b/.test(group.phrase));
      if (group.negated || !handedIn || !handsInNotice(object, true)) return null;
      return jobEnded(['at', 'with', 'for']);
    }
    case 'give': {
      // "I gave my notice at Fenwick Labs": as handed in.
      if (!group.negated && done && handsInNotice(object, false)) return jobEnded(['at', 'with', 'for']);
      // "I gave up coffee": the verb group keeps "up" with the verb ("gave up at uni" says where, not what).
      if (group.negated || !group.phrase.endsWith(' up') || !done || ['at', 'after', 'because', 'when', 'by'].includes(first)) return null;
      // "I gave up my job to travel" ends the job; "gave up my flat" is no habit dropped.
      if (['my', 'our', 'their'].includes(first)) return JOB_WORDS.has(lowerOf(object[1])) ? jobEnded(['at', 'with']) : null;
      return dropped();
    }
    case 'stop': {
      if (group.negated || !done) return null;
      // "I've stopped being vegetarian": the diet without meat is over, as "not vegetarian anymore" says.
      const stoppedDiet = first === 'being' && withoutTimeAtEnd(object).length === 2 ? meatlessDiet(lowerOf(object[1])) : null;
      if (stoppedDiet) return built(said, 'diet', endedValue(stoppedDiet), []);
      if (HABIT_GERUNDS.has(first)) return dropped();
      // "I stopped going to the gym", "stopped playing the cello": over, though no slot says what it was
      // ("stopped using Strava" is a tool's slot, read by the general rules).
      return doneDoing() && object[0]?.lemma !== 'use' ? news() : null;
    }
    case 'base': {
      // "I'm based in Toronto": where the subject lives.
      const place = first === 'in' ? nameAfter(object, ['in']) : null;
      if (!place || group.negated || !passive) return null;
      // "based in Leeds for work (but live in York)": where the work is.
      if (/\bfor (?:work|my job|the job|work stuff)\b/i.test(joinTokens(object))) return null;
      return built(`${s} lives in ${place}`, 'residence', normaliseFact(place), [{ name: place, type: 'place', aliases: [] }]);
    }
    case 'start':
    case 'begin': {
      if (group.negated || !done) return null;
      // "…, started in june": started what was said before it — no clause of its own.
      if (isTimePhrase(object)) return [];
      // "I started eating fish again", "began drinking coffee", "started smoking again": a habit taken up.
      if (HABIT_GERUNDS.has(first) && (first !== 'eating' || object.length >= 2)) return habit('yes');
      // "started working at X", "a new job at X", "at X"; not "my summer job at X".
      const jobWord = object.slice(0, 4).some((t) => JOB_WORDS.has(lowerOf(t)));
      // "a new job at a company called Brightwave", "with a company called Brightwave": the firm's name ("working with
      // a guy called Pete" names none).
      const org = employerAfter(object, ['at', 'for']) ?? (jobWord ? employerAfter(object, ['with']) : null);
      if (!org || !(jobWord || first === 'at') || jobAt(object, group.lemma)?.other) return null;
      // A new job is where the subject works now; when it began is the fact's valid time.
      return built(`${s} works at ${org}`, 'employer', normaliseFact(org), [organization(org)]);
    }
    case 'leave':
    case 'quit':
    case 'lose': {
      if (group.negated || (group.lemma === 'lose' && !done)) return null;
      // "quit work early lol", "left work at 5": the day's work, not the job.
      if (first === 'work' && object.length > 1 && LEFT_FOR_THE_DAY.has(lowerOf(object[1]))) return null;
      const job = jobAt(object, group.lemma);
      if (job) {
        const org = employerAfter(object, ['at', 'with', 'for']);
        // "I quit my summer job", "I lost my first job at 16": true, and no change to the job the person has.
        if (job.other) return [{ content: said, type: 'semantic', slot: null, value: null, entities: org ? [organization(org)] : [] }];
        return built(said, 'employer', endedValue(org ? normaliseFact(org) : ''), org ? [organization(org)] : []);
      }
      const partnerLeft = leftMyPartner(clause);
      if (partnerLeft) return partnerLeft;
      // "I lost my keys" is no change; "I lost my job" is, above.
      if (group.lemma === 'lose') return null;
      if (group.lemma === 'quit' && HABIT_GERUNDS.has(first)) return dropped();
      if (group.lemma === 'quit' && doneDoing()) return news();
      // "I quit pottery", "I quit the choir", "quit social media": a pastime dropped, named by its noun phrase.
      const pastime = group.lemma === 'quit' && !named ? pastimeAt(object) : null;
      if (pastime) return [{ content: said, type: 'semantic', slot: slot(`uses.${HABIT_NAMES.get(pastime) ?? appSlotName(pastime)}`), value: 'no', entities: [] }];
      // "I quit" alone is a job only where the message talks about work ("I quit lol this game is too hard").
      if (object.length === 0) return group.lemma === 'quit' && ctx.workTalk ? built(`${s} quit their job`, 'employer', endedValue(''), []) : null;
      // "I left Tesco for Aldi": the old job ended, the new one begun.
      const forNext = named && lowerOf(object[named.end]) === 'for' ? properRuns(object).find((r) => r.start === named.end + 1 && r.end === object.length) : undefined;
      if (namedFirst && forNext && group.lemma === 'leave' && ctx.named.get(namedFirst.toLowerCase()) !== 'place' && ctx.named.get(forNext.text.toLowerCase()) !== 'place') {
        return [...built(`${s} left ${namedFirst}`, 'employer', endedValue(normaliseFact(namedFirst)), [organization(namedFirst)]), ...built(`${s} works at ${forNext.text}`, 'employer', normaliseFact(forNext.text), [organization(forNext.text)])];
      }
      // "I left Barclays", "I left Barclays in March": the name and at most when.
      if (!namedFirst || (named?.end !== object.length && !isTimePhrase(object.slice(named?.end)))) return null;
      const kind = ctx.named.get(namedFirst.toLowerCase());
      if (kind === 'person') return null;
      // "i left twitter when musk bought it", "i quit tiktok": an app no longer used.
      const app = namedFirst.toLowerCase();
      if (SOCIAL_APPS.has(app) && !ctx.workTalk) return built(said, `uses.${appSlotName(app)}`, 'no', []);
      // "I quit TikTok": an app as often as an employer, unless the message talks about work or names a firm ("Fenwick Labs").
      if (group.lemma === 'quit' && kind !== 'place' && !ctx.workTalk && !employerShaped(namedFirst)) return null;
      return kind === 'place'
        ? built(said, 'residence', endedValue(normaliseFact(namedFirst)), [{ name: namedFirst, type: 'place', aliases: [] }])
        : built(said, 'employer', endedValue(normaliseFact(namedFirst)), [organization(namedFirst)]);
    }
    case 'work': {
      if (!group.negated) return null;
      const org = nameAfter(object, ['at', 'for']);
      return org && ['at', 'for'].includes(first) ? built(said, 'employer', endedValue(normaliseFact(org)), [organization(org)]) : null;
    }
    case 'live': {
      if (!group.negated) return null;
      const place = nameAfter(object, ['in']);
      return place && first === 'in' ? built(said, 'residence', endedValue(normaliseFact(place)), [{ name: place, type: 'place', aliases: [] }]) : null;
    }
    case 'move': {
      // "I moved in with Sam", "moved back in with my parents": news of a home shared, not where it is.
      const inWith = object.findIndex((t, i) => lowerOf(t) === 'in' && lowerOf(object[i + 1]) === 'with');
      if (inWith >= 0 && inWith <= 1 && done && !group.negated && object.length - inWith <= 5) {
        const rest = object.slice(inWith + 2);
        if (rest.length === 0 || !rest.every(namesSomeone)) return null;
        const who = properRuns(rest)[0];
        return [{ content: said, type: 'semantic', slot: null, value: null, entities: who && who.start === 0 ? [person(who.text)] : [] }];
      }
      const away = (first === 'out' && lowerOf(object[1]) === 'of') || (first === 'away' && lowerOf(object[1]) === 'from');
      const place = away ? nameAfter(object, ['of', 'from']) : null;
      // "moved out of Jake's (place)": someone's home, not a place of its own ("St John's Wood", "Earl's Court" are places).
      const someones = object.some((t, i) => /^['’]s$/.test(t.text) && (i === object.length - 1 || /^\p{Ll}/u.test(object[i + 1]?.text ?? '')));
      // "moved out of Google": a firm left, by an odd word, is no home.
      const firm = place !== null && (ctx.isOrganisation(place) || ctx.named.get(place.toLowerCase()) === 'organization');
      if (!place || group.negated || someones || firm) return null;
      return built(said, 'residence', endedValue(normaliseFact(place)), [{ name: place, type: 'place', aliases: [] }]);
    }
    case 'delete':
    case 'uninstall':
    case 'deactivate':
    case 'install':
    case 'download':
    case 'reinstall':
    case 'redownload': {
      // "deleted tiktok on monday", "uninstalled insta", each of "instagram and tiktok": an app no longer used (not
      // "deleted the photos"); "reinstalled insta", "redownloaded tiktok": used again.
      const list = object.slice(0, object.findLastIndex((t) => SOCIAL_APPS.has(lowerOf(t))) + 1);
      const apps = list.filter((t) => SOCIAL_APPS.has(lowerOf(t)));
      const rest = object.slice(list.length).filter((t) => !['app', 'apps', 'account', 'accounts'].includes(lowerOf(t)));
      const between = list.every((t) => SOCIAL_APPS.has(lowerOf(t)) || ['my', 'their', 'and', '&', ',', 'both', 'app', 'account', 'the'].includes(lowerOf(t)));
      const opens = SOCIAL_APPS.has(lowerOf(object[0])) || ['my', 'their'].includes(lowerOf(object[0]));
      if (group.negated || !done || apps.length === 0 || !between || !opens || !onlyTimeOrFillers(joinTokens(rest))) return null;
      const value = /(?:install|download)$/.test(group.lemma) && !group.lemma.startsWith('un') ? 'yes' : 'no';
      return apps.flatMap((app) => built(apps.length === 1 ? said : `${s} ${phrase} ${app.text}`, `uses.${appSlotName(lowerOf(app))}`, value, []));
    }
    case 'marry':
    case 'engage':
    case 'date':
    case 'see':
    case 'break':
    case 'split':
    case 'divorce':
    case 'dump':
      return partnerChange(clause);
    default: {
      // Habits: "I drink coffee now", "I don't eat meat any more"; what was eaten once is an event.
      if (group.past) return null;
      // "I don't drink really, only on holidays", "… unless it's a wedding": a habit with an exception is still had.
      if (group.negated && denialWithException(ctx.text, habitVerbForms(group.lemma))) return [];
      // "I'm eating plant based now", "I eat vegan": a diet without meat, not a thing eaten.
      const eatenDiet = group.lemma === 'eat' && !group.negated ? meatlessDiet(objText) : null;
      if (eatenDiet) return built(said, 'diet', eatenDiet, []);
      // "i eat everything now", "I'll eat anything these days": no diet kept, whichever one was.
      const everything = group.lemma === 'eat' && !group.negated && ['everything', 'anything'].includes(first) && onlyTimeOrFillers(joinTokens(object.slice(1)));
      if (everything && subject.firstPerson) return built(said, 'diet', endedValue(''), []);
      const value = group.negated ? 'no' : 'yes';
      // ("i'm not drinking at the moment", "driving so i'm not drinking": denied for now, unless "anymore" or a spell.)
      if (group.negated && /\b(?:am|'m|is|'s|are|'re)\b/.test(group.phrase) && !/\b(?:any ?more|any longer|no longer|these days|nowadays|at all|for good|for (?:a|the|lent|january|\d+))\b/i.test(ctx.text)) return [];
      // "I don't drink coffee after 6pm", "not at home", "not with my parents", "without milk": denied only so, and no
      // habit ends ("for health reasons", "of any kind", "on principle" say why or how much, and it does).
      const qualified = group.negated && object.some((t) => t.pos === 'ADP') && !REASONS.test(objText);
      // One slot per habit however it is named ("I smoke cigarettes" and "I quit smoking").
      const habitFact = (content: string, head: string | null): Built => {
        const slotted = head !== null && !qualified;
        return { content, type: 'semantic', slot: slotted ? slot(`uses.${HABIT_NAMES.get(head) ?? head}`) : null, value: slotted ? value : null, entities: [] };
      };
      // With no thing named ("I smoke", "I drink socially", "I drink every day"), the verb names the habit; "I don't
      // drink much" still drinks, and "I drink herbal", "I don't drink and drive" name no habit of drinking.
      // ("on principle", "with my parents": after a preposition, no thing had.)
      const thing = object[0]?.pos === 'ADP' ? [] : object;
      if (!thing.some((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && !TIME_WORDS.has(lowerOf(t)))) {
        const habit = HABIT_NAMES.get(`${group.lemma.replace(/e$/, '')}ing`);
        const often = objText.replace(/\b(?:every )?now and (?:then|again)\b/gi, 'sometimes');
        const unclear = /\b(?:and|or|but)\b/i.test(often) || object.some((t) => t.pos === 'VERB' || (t.pos === 'ADJ' && !HOW_MUCH.has(lowerOf(t))));
        if (!habit || unclear || (habit === 'alcohol' && !group.negated && OTHER_DRINKS.test(ctx.text))) return null; // "i love coffee, i drink like 4 a day"
        const hedged = group.negated && !object.every((t) => ['ever', 'anymore', 'any', 'more', 'now', 'again'].includes(lowerOf(t))) && !REASONS.test(objText);
        return [habitFact(said, hedged ? null : habit)];
      }
      // "I don't eat meat or fish", "I drink coffee and tea": each thing listed is a habit, stated on its own.
      const listed = habitList(object, group.negated);
      if (listed) {
        const when = listed.tail.length > 0 ? ` ${joinTokens(listed.tail)}` : '';
        return listed.items.map((item) => habitFact(`${s} ${phrase} ${joinTokens(item)}${when}`, headWord(item)));
      }
      const head = headWord(object);
      if (!head || object.length > 4) return null;
      // "I don't eat fish and chips": the dish, maybe not the fish alone, so no habit of fish ends; nor does any list
      // not read above ("weed or drink").
      return [habitFact(said, object.some((t) => ['and', 'or', 'nor'].includes(lowerOf(t))) ? null : head)];
    }
  }
}

/**
 * "got promoted to team lead", "promoted to senior engineer at Monzo": the role now held, an occupation (the employer
 * is unchanged, so none is said). Not "promoted to the first team" (no job noun), nor a role with more after it than when.
 */
function promotedTo({ object, said, subject }: ChangeClause): Built[] | null {
  if (lowerOf(object[1]) !== 'to') return null;
  const start = ['a', 'an'].includes(lowerOf(object[2])) ? 3 : 2;
  // After "promoted to" comes a rank, whatever the tagger makes of it ("to team lead": an infinitive and two verbs).
  const rank = object.map((t, i) => (i >= start && t.pos === 'VERB' ? { ...t, pos: 'NOUN' as const } : t));
  const found = jobRole(rank, start, ['at', 'in', 'on', 'for', 'with', 'after', 'last', 'this', 'yesterday', 'today']);
  if (!found) return null;
  const rest = rank.slice(found.end);
  if (rest.length > 0 && !['at', 'for', 'with'].includes(lowerOf(rest[0])) && !isTimePhrase(rest)) return null;
  const role = normaliseFact(joinTokens(found.role));
  return [{ content: said, type: 'semantic', slot: `${subject.key}.occupation`, value: role, entities: [] }];
}
