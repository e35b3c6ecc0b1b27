/** A statement from subject + verb group + object, by what the verb says (lives in, works at, likes …). */
import type { EntityType } from '../../../src-shared/memory-types';
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { appSlotName, SOCIAL_APPS, DURABLE_ADJECTIVES, IDENTITIES, ORIENTATIONS, MEATLESS, meatlessDiet, NO_ALCOHOL, TAKEN_UP, JUDGEMENTS, FIGURES_OF_SPEECH, NOT_NOW_JOBS, SELF_EMPLOYED, INTRANSITIVE_OK, JOB_SUFFIX, NOT_JOBS, NOT_POSSESSIONS, isSomeonesOwn, VAGUE_OBJECTS, VERB_CLASSES, type VerbClass } from './lexicon';
import { movedToATool } from './software-moves';
import { employerShaped, firmNamed, jobAt, movedToANewJob, startsLater } from './job-forms';
import { acquiredThing, coordinated, employerAfter, endsUnfinished, headWord, isTimePhrase, lowerOf, nameAfter, opinionKey, properRuns, splitComparison, typedRuns } from './phrases';
import type { Built, Context, StatementEntity, Subject } from './statement-types';
import { NEGATIONS, type VerbGroup } from './verb-group';
import { readChange } from './change';
import { copulaState, copulaStatement } from './names';
import { copulaJobOrHome, partnerCalled } from './chat-forms';
import { endedValue } from '../../../src-shared/slot-values';
import { marriedOrEngagedTo } from './partner-change';
import { habitIdentity, habitNotHad } from './habit-story';

/** What "moved" takes as its object and still says a new home: "moved house", "moved flats", "moved here". */
const MOVED_HOMES = new Set(['house', 'flat', 'flats', 'home', 'city', 'cities', 'country', 'countries', 'here', 'there', 'abroad']);

/** Verbs of one event: a fact once it happened, a plan before. */
const EVENTS = new Set(['pass', 'fail', 'break', 'sign', 'meet', 'book', 'injure', 'hurt', 'sprain', 'fracture', 'rescue']);

/** Words between a copula and "into" that leave it an interest: "not really into", "so into", "no longer into". */
/** What one goes off that is no thing once liked: "went off sick", "off script", "off the rails". */
const NOT_GONE_OFF = /^(?:sick|script|track|road|grid|radar|piste|rails|topic|course|plan|duty|shift|work|air|point|tangent|map|books|handle|deep|camera|mic|lead|leash|meds|medication|pill|pills)$/;
const INTO_ASIDES = new Set(['not', 'really', 'so', 'very', 'super', 'properly', 'totally', 'well', 'no', 'longer', 'now', 'big', 'kinda', 'quite', 'still']);
/** "I'm into town later", "into work early": going somewhere, not an interest. */
const INTO_PLACES = new Set(['town', 'work', 'the', 'uni', 'school', 'bed', 'london', 'city', 'office', 'it']);

/** Feelings whose denial says little: "I don't love my job", "I don't hate it". */
const STRONG_FEELINGS = new Set(['love', 'adore', 'hate', 'despise', 'loathe', 'detest']);

/** "single tonight", "single this weekend", "single for the week": a while, not a change of life. */
const FOR_A_WHILE = /\b(?:tonight|today|tomorrow|this (?:weekend|week|evening|morning|christmas|xmas)|for (?:the|a|one) (?:night|evening|weekend|week|day|few days|bit)|(?:until|till) (?!further notice))/i;

/**
 * Places of work and study: a move to one ("to a new office in Leeds", "to the Leeds office", "to Leeds Uni",
 * "to the Manchester team") is no move of home.
 */
/** "moved to Ridgeline Studios flats": a name before a home's noun is the home's, not a firm's. */
const HOME_AFTER_NAME = new Set(['flats', 'flat', 'apartments', 'apartment', 'house', 'houses', 'estate', 'road', 'street', 'lane', 'avenue', 'close', 'court', 'towers']);
const WORKPLACES = new Set(['office', 'offices', 'team', 'branch', 'department', 'dept', 'site', 'campus', 'store', 'shop', 'uni', 'university', 'college', 'school', 'hospital', 'ward', 'clinic', 'depot', 'warehouse', 'factory', 'plant', 'lab', 'hq', 'headquarters', 'desk', 'floor', 'project', 'account', 'squad', 'division', 'unit', 'studio', 'gym', 'club', 'church', 'course', 'class']);

/** Roles at a place that are not work there: "a student at Leeds Uni", "a volunteer at the food bank". */
/** Years of study, said as what one is ("a junior", "a fresher"); "senior" is left out (a senior at a firm). */
const SCHOOL_YEARS = new Set(['junior', 'sophomore', 'freshman', 'fresher', 'undergrad', 'undergraduate', 'postgrad', 'postgraduate']);
const YEAR_ORDINALS = new Set(['first', 'second', 'third', 'fourth', 'final', 'last', '1st', '2nd', '3rd', '4th']);

const STUDIES = new Set([
  'student', 'pupil', 'undergrad', 'undergraduate', 'postgrad', 'postgraduate', 'fresher', 'graduate', 'alumnus', 'volunteer', 'patient',
  'inpatient', 'outpatient', 'resident', 'member', 'regular', 'visitor', 'guest', 'speaker', 'customer', 'client', 'subscriber', 'shareholder',
  'investor', 'backer', 'holder', 'donor', 'juror', 'teenager', 'child', 'kid', 'baby', 'refugee', 'tourist',
]);

/** What a switch of hours names ("to the night shift", "to part time"): no thing used. */
const WORK_HOURS = new Set(['shift', 'shifts', 'part', 'full', 'part-time', 'full-time', 'nights', 'days', 'hours', 'rota', 'contract', 'role', 'roles', 'team', 'teams', 'job', 'jobs', 'career', 'careers', 'sides', 'side']);

/** Nouns that name a part of the place before them: "Leeds city centre", "Wales countryside". */
/** How one works, said between "work" and where ("remotely for Shopify", "part-time at Lidl", "nights at the depot"). */
const WORK_MANNER = new Set(['remotely', 'remote', 'freelance', 'hybrid', 'part', 'full', 'time', 'part-time', 'full-time', '-', 'nights', 'weekends', 'now', 'currently', 'still', 'mostly', 'mainly', 'also', 'permanently', 'temporarily']);

/** Leading words of a "work" object that say how one works, not where: counted only when "at", "for" or "as" follows them. */
function workManner(object: readonly Token[]): number {
  let i = 0;
  while (i < object.length && WORK_MANNER.has(lowerOf(object[i]))) i++;
  return ['at', 'for', 'as'].includes(lowerOf(object[i])) ? i : 0;
}

const PLACE_PARTS = new Set(['city', 'centre', 'center', 'area', 'town', 'village', 'suburbs', 'outskirts', 'countryside', 'region', 'coast', 'borough', 'district']);

/**
 * A statement from subject + verb group + object, by what the verb says. `said`: the object as written, before
 * time words and fillers were trimmed from it ("at Globex anymore"), where they change what a copula means.
 */
export function buildStatement(subject: Subject, group: VerbGroup, object: Token[], ctx: Context, said: readonly Token[] = object): Built[] {
  const s = subject.text;
  const objText = joinTokens(object);
  const first = object[0];
  const firstLower = lowerOf(first);
  const says = (content: string, extra: Partial<Built> = {}): Built => ({ content, type: 'semantic', slot: null, value: null, entities: [], ...extra });
  // "I went vegan", "I'm vegetarian": the diet slot, which "eating meat again" and "eating fish again" end (slot-values.ts).
  const diet = (words: string): Partial<Built> => {
    const name = meatlessDiet(words);
    return name ? { slot: `${subject.key}.diet`, value: name } : {};
  };
  const slot = (name: string): string => `${subject.key}.${name}`;
  // ("I was laid off", "got laid off": a verb's particle is the end of the phrase, not a cut.)
  const particleEnds = lowerOf(object.at(-1)) === 'off' && (object.length === 1 || object.at(-2)?.pos === 'VERB');
  if (object.length > 14 || (endsUnfinished(object) && !particleEnds)) return [];

  // "I'm now a software engineer at Shopify": what the subject is now is what it is.
  if (group.copula && firstLower === 'now' && ['a', 'an'].includes(lowerOf(object[1])) && !group.past) return buildStatement(subject, group, object.slice(1), ctx, said);
  if (group.copula) {
    if (object.length === 0) return [];
    // "I am a big fan of X" / "I am not a fan of X": an opinion. The negation follows the copula ("am not", "was
    // never", "am no longer"), so it is in the object. A past fan ("I was a huge fan of Oasis") says nothing of now;
    // "a fan of not working" is a joke about the thing, not an opinion of it.
    const fan = object.findIndex((t) => lowerOf(t) === 'fan');
    if (fan >= 0 && lowerOf(object[fan + 1]) === 'of' && fan <= 4) {
      const target = object.slice(fan + 2);
      const head = headWord(target);
      const negated = group.negated || object.slice(0, fan).some((t) => NEGATIONS.has(lowerOf(t)));
      if (!head || VAGUE_OBJECTS.has(lowerOf(target[0])) || NEGATIONS.has(lowerOf(target[0])) || (group.past && !negated)) return [];
      if (isSomeonesOwn(joinTokens(target).toLowerCase().split(/\s+/))) return []; // "a fan of my wife's cooking", "of the new boss"
      return [says(`${s} ${group.phrase} ${objText}`, { type: 'opinion', slot: slot(`opinion.${head}`), value: negated ? 'dislike' : 'like', entities: typedRuns(target, 'tool', ctx) })];
    }
    // "I'm into bouldering", "I'm really into running now", "not into running anymore": an opinion (not "into town").
    const into = object.findIndex((t, i) => lowerOf(t) === 'into' && object.slice(0, i).every((w) => INTO_ASIDES.has(lowerOf(w))));
    if (into >= 0 && !group.past) {
      const target = object.slice(into + 1).filter((t) => lowerOf(t) !== 'now');
      const key = target.length > 0 && !INTO_PLACES.has(lowerOf(target[0])) && !VAGUE_OBJECTS.has(lowerOf(target[0])) ? opinionKey(target) : null;
      if (!key) return [];
      const negated = group.negated || object.slice(0, into).some((t) => NEGATIONS.has(lowerOf(t)) || lowerOf(t) === 'no');
      return [says(`${s} ${group.phrase} ${joinTokens(object.filter((t) => lowerOf(t) !== 'now'))}`, { type: 'opinion', slot: slot(`opinion.${key}`), value: negated ? 'dislike' : 'like', entities: typedRuns(target, null, ctx) })];
    }
    // "I'm a vegan now", "she's a vegetarian": the diet, not a job.
    if (!group.negated && !group.past && object.length === 2 && ['a', 'an'].includes(firstLower) && meatlessDiet(lowerOf(object[1]))) {
      return [says(`${s} ${group.phrase} ${objText}`, diet(lowerOf(object[1])))];
    }
    const copulaChange = copulaStatement(subject, group, object, said, ctx) ?? copulaJobOrHome(subject, group, object, said, ctx);
    if (copulaChange) return copulaChange;
    // "I'm not vegetarian anymore", "I'm no longer veggie": that diet is over (`ended:vegetarian`; "a" is no part of it);
    // a diet the message names next ("…, pescatarian now") is a statement of its own.
    const left = copulaState(group, object, said);
    const leftState = ['a', 'an'].includes(lowerOf(left.rest[0])) ? left.rest.slice(1) : left.rest;
    const dropped = lowerOf(leftState[0]);
    const droppedDiet = meatlessDiet(dropped);
    if (left.overForGood && !group.past && leftState.length === 1 && droppedDiet) {
      return [says(`${s} is no longer ${dropped}`, { slot: slot('diet'), value: endedValue(droppedDiet) })];
    }
    const notHad = (left.negated || left.overForGood) && !group.past ? habitNotHad(leftState) : null; // ("I'm not a smoker", "no longer a drinker")
    if (notHad) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot(notHad), value: 'no' })];
    if (group.negated) return [];
    if (firstLower === 'from') {
      const place = nameAfter(object, ['from']);
      return place ? [says(`${s} ${group.phrase} from ${place}`, { slot: slot('origin'), value: normaliseFact(place), entities: [{ name: place, type: 'place', aliases: [] }] })] : [];
    }
    if (firstLower === 'born' || (lowerOf(object[0]) === 'originally' && lowerOf(object[1]) === 'from')) {
      const place = nameAfter(object, ['in', 'from']);
      return place ? [says(`${s} ${group.phrase} ${objText}`, { slot: slot('birthplace'), value: normaliseFact(place), entities: [{ name: place, type: 'place', aliases: [] }] })] : [];
    }
    const wed = marriedOrEngagedTo(subject, group, object, said);
    if (wed) return wed;
    if (first?.pos === 'DET' && ['a', 'an'].includes(firstLower)) {
      if (group.past) return [];
      const stop = object.findIndex((t, i) => i > 0 && (t.pos === 'ADP' || t.pos === 'SCONJ'));
      const role = stop > 0 ? object.slice(1, stop) : object.slice(1);
      const noun = role.at(-1);
      if (!noun || (noun.pos !== 'NOUN' && noun.pos !== 'PROPN')) return [];
      const habit = habitIdentity(role); // ("a non-smoker", "a heavy drinker": a habit, not a job)
      if (habit) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot(habit.slot), value: habit.value })];
      // "a terrible driver", "a hard worker", "a team player": a judgement said before the noun, not a job.
      if ((role.length > 1 && JUDGEMENTS.has(lowerOf(role[0]))) || FIGURES_OF_SPEECH.test(joinTokens(role)) || /aholic$/i.test(noun.text)) return [];
      // "a former teacher", "an aspiring actor": true, but no occupation now.
      const notNow = role.some((t) => NOT_NOW_JOBS.has(lowerOf(t)));
      // "a nurse at heart", "a Christian and a nurse": what one is like, or two things at once — no occupation.
      if (/\bat heart\b/i.test(joinTokens(object)) || role.some((t) => t.pos === 'CCONJ')) return [];
      // "a junior at ucla", "a first year at bristol": a year of study — a student, and no employer.
      if (SCHOOL_YEARS.has(noun.lemma.toLowerCase()) || (noun.lemma === 'year' && role.some((t) => YEAR_ORDINALS.has(lowerOf(t))))) {
        const school = nameAfter(object, ['at', 'in']);
        const where = school ? [{ name: school, type: 'organization' as const, aliases: [] }] : [];
        return [says(school ? `${s} is a student at ${school}` : `${s} ${group.phrase} ${objText}`, { slot: slot('occupation'), value: 'student', entities: where })];
      }
      // ("a Mancunian", "a Londoner": where one is from, capitalised, is no job.)
      const isJob = JOB_SUFFIX.test(noun.text) && !NOT_JOBS.has(noun.lemma.replace(/^ex-/, '')) && !/arian$/i.test(noun.text) && !/^\p{Lu}\p{Ll}/u.test(noun.text);
      // "I'm a fool", "I'm a zombie": only jobs and identities are facts, not figures of speech.
      if (!isJob && !IDENTITIES.has(noun.lemma)) return [];
      const org = employerAfter(object, ['at', 'for', 'with']);
      const place = nameAfter(object, ['in']);
      const entities: StatementEntity[] = [
        ...(org ? [{ name: org, type: 'organization' as const, aliases: [] }] : []),
        ...(place && place !== org ? [{ name: place, type: 'place' as const, aliases: [] }] : []),
      ];
      // "a volunteer at the food bank": true, but no job to replace the one held.
      const holds = isJob && !notNow && noun.lemma !== 'volunteer' && !/^ex-/.test(noun.lemma);
      const occupation = says(`${s} ${group.phrase} ${objText}`, { slot: holds ? slot('occupation') : null, value: holds ? normaliseFact(joinTokens(role.filter((t) => !ORIENTATIONS.has(lowerOf(t))))) : null, entities });
      // "I'm a barista at Costa": the role, and where the subject works.
      const unpaid = role.some((t) => ['volunteer', 'student', 'unpaid', 'honorary', 'guest'].includes(lowerOf(t)));
      const worksAt = holds && org && lowerOf(object[stop]) === 'at' && !STUDIES.has(noun.lemma) && !unpaid ? [says(`${s} works at ${org}`, { slot: slot('employer'), value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }] })] : [];
      // "I'm a freelance frontend developer": a role for no employer, which replaces the one held.
      // (Not a freelance role on the side: "in my spare time", "at weekends", or beside a job somewhere.)
      const sideline = /\b(?:on the side|spare time|side (?:gig|hustle|job)|weekends?|evenings?|part[- ]time)\b|\bwork(?:s|ing)? (?:at|for)\b|\bjob at\b/i.test(ctx.text);
      const ownBoss = holds && !org && role.length > 1 && SELF_EMPLOYED.has(lowerOf(role[0])) && !group.past && !sideline ? [says(`${s} is self-employed`, { slot: slot('employer'), value: 'self-employed' })] : [];
      return [occupation, ...worksAt, ...ownBoss];
    }
    // "I'm divorced now", "I'm separated": no partner, as "single" says; "I'm (currently) unemployed", "I'm retired": no job.
    if (object.length === 1 && ['divorced', 'separated'].includes(firstLower) && !group.past) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot('partner'), value: endedValue('') })];
    const adverbs = object.findIndex((t) => t.pos !== 'ADV');
    const state = adverbs > 0 ? object.slice(adverbs) : object;
    if (['unemployed', 'jobless', 'retired'].includes(lowerOf(state[0])) && state.length === 1) {
      return group.past || group.negated ? [] : [says(`${s} ${group.phrase} ${lowerOf(state[0])}`, { slot: slot('employer'), value: endedValue('') })];
    }
    // "I'm freelance now", "I'm self-employed": working for no employer, which replaces the one held.
    // ("I've been self-employed since March", "freelance for 2 years now": how long, after the state.)
    // ("3 months self-employed and still alive": what follows "and" is another thing said.)
    const joined = state.findIndex((t, i) => i > 1 && t.pos === 'CCONJ');
    const told = joined > 0 ? state.slice(0, joined) : state;
    const howLong = told.findIndex((t, i) => i > 0 && ['since', 'for'].includes(lowerOf(t)));
    const spell = howLong > 0 ? told.slice(howLong).filter((t) => !['now', 'lol', 'haha', 'tbh', 'btw', 'already'].includes(lowerOf(t)) && t.pos !== 'PUNCT') : [];
    const working = howLong > 0 && (isTimePhrase(spell) || isTimePhrase(spell.slice(1))) ? told.slice(0, howLong) : lowerOf(told.at(-1)) === 'now' ? told.slice(0, -1) : told;
    if (SELF_EMPLOYED.has(joinTokens(working).toLowerCase().replace(/\s*-\s*/g, '-')) && !group.past && !group.negated) {
      return [says(`${s} ${group.phrase} ${joinTokens(howLong > 0 && working.length === howLong ? told : working)}`, { slot: slot('employer'), value: 'self-employed' })];
    }
    if (first && DURABLE_ADJECTIVES.has(first.lemma)) {
      // "im vegan now dont laugh": a clause run on, opened by an auxiliary ("then relapsed" goes on); the state is before it.
      const runOn = lowerOf(object[1]) === '-' ? -1 : object.findIndex((t, i) => i > 0 && t.pos === 'AUX');
      const end = runOn > 1 && lowerOf(object[runOn - 1]) === 'now' ? runOn - 1 : runOn;
      if (runOn > 0) return buildStatement(subject, group, object.slice(0, end), ctx, said.slice(0, Math.max(0, said.length - (object.length - end))));
      // ("I've been vegan since 2019", "vegetarian for 3 years now": the diet, and how long it has been kept.)
      // ("I've been vegetarian for 3 years": kept so long; "I'm vegan for a month", "for january" is a try, not a diet.)
      const forLength = lowerOf(object[1]) === 'for' && /\b(?:has|have)\b/.test(group.phrase) && object.slice(2).some((t) => /^(?:years?|yrs?|months?)$/i.test(t.text));
      const isDiet = (object.length === 1 || (forLength ? isTimePhrase(object.slice(2)) : lowerOf(object[1]) !== 'for' && isTimePhrase(object.slice(1)))) && MEATLESS.has(firstLower) && !group.past;
      // "I'm single now": no partner, whoever held the slot; not "single tonight, wife is away".
      const single = object.length === 1 && firstLower === 'single' && !group.past && !FOR_A_WHILE.test(joinTokens([...said]));
      // "single tonight, wife is away": not single at all.
      if (firstLower === 'single' && FOR_A_WHILE.test(joinTokens([...said]))) return [];
      const slotted: Partial<Built> = isDiet ? diet(firstLower) : single ? { slot: slot('partner'), value: endedValue('') } : {};
      return [says(`${s} ${group.phrase} ${objText}`, { entities: typedRuns(object.slice(1), null, ctx), ...slotted })];
    }
    return [];
  }

  const change = object.some((t) => ['it', 'them', 'this', 'that'].includes(lowerOf(t)) && t.pos === 'PRON') ? null : readChange(subject, group, object, ctx);
  if (change) return change;
  const cls: VerbClass | undefined = VERB_CLASSES.get(group.lemma) ?? (group.lemma === 'grow up' ? 'general' : undefined);
  if (!cls) return [];
  if (first && VAGUE_OBJECTS.has(firstLower) && !(first.pos === 'DET' && object.length > 1 && firstLower !== 'that')) return [];
  if (object.some((t) => ['it', 'them', 'him', 'this', 'that'].includes(lowerOf(t)) && t.pos === 'PRON')) return [];
  if (object.length === 0 && !(cls === 'general' && (INTRANSITIVE_OK.has(group.lemma) || group.phrase.includes('been')))) return [];

  switch (cls) {
    case 'residence': {
      // "we moved the wedding to Portugal", "moved my savings to Monzo": something else moved, not the home.
      const moved = ['move', 'relocate'].includes(group.lemma);
      if (moved && first && ['DET', 'PRON', 'NOUN', 'PROPN'].includes(first.pos) && !MOVED_HOMES.has(firstLower)) return [];
      const place = nameAfter(object, ['in', 'to', 'into']);
      if (!place) {
        const from = nameAfter(object, ['from']);
        return from && !group.negated ? [says(`${s} ${group.phrase} ${objText}`, { entities: [{ name: from, type: 'place', aliases: [] }] })] : [];
      }
      if (group.negated) return [];
      if (moved && (movedToATool(place, said, ctx) || (firmNamed(place) && !movedToANewJob(place, ctx.text, false)))) return [];
      const placeWords = place.split(' ');
      const placeAt = object.findIndex((t) => t.text === placeWords[0]);
      const after = object[placeAt + placeWords.length];
      if (moved && ([...object.slice(0, placeAt), after].some((t) => WORKPLACES.has(lowerOf(t))) || placeWords.some((w) => WORKPLACES.has(w.toLowerCase())))) return [];
      // "moved to the Guardian as an editor": a new job, not a home — at a name no one knows as a place, as a job
      // ("moved to Leeds as a teenager", "to Spain as soon as" are homes); so is "new job! moved to Ridgeline" (job-forms.ts).
      const asAt = placeAt + placeWords.length;
      const asRole = moved && lowerOf(after) === 'as' && ['a', 'an'].includes(lowerOf(object[asAt + 1])) ? object.slice(asAt + 2).filter((t) => t.pos !== 'PUNCT') : [];
      const roleNoun = asRole.length > 0 && asRole.length <= 3 ? asRole.at(-1) : undefined;
      const asARole = roleNoun !== undefined && roleNoun.pos === 'NOUN' && !NOT_JOBS.has(roleNoun.lemma) && !STUDIES.has(roleNoun.lemma);
      const knownOrg = ctx.isOrganisation(place) && ctx.named.get(place.toLowerCase()) !== 'place';
      const maybeOrg = ctx.named.get(place.toLowerCase()) !== 'place' && !(place === place.toUpperCase() && place.length <= 3);
      // "to the US", "to the Guardian": the name keeps its article.
      const the = lowerOf(object[placeAt - 1]) === 'the' ? 'the ' : '';
      if ((asARole && (knownOrg || (maybeOrg && JOB_SUFFIX.test(roleNoun.text)))) || (moved && maybeOrg && !HOME_AFTER_NAME.has(lowerOf(after)) && movedToANewJob(place, ctx.text, knownOrg))) {
        return [says(`${s} works at ${the}${place}`, { slot: slot('employer'), value: normaliseFact(place), entities: [{ name: place, type: 'organization', aliases: [] }] })];
      }
      // A move is where the subject lives now; the chain of places is history ("was settled in Porto" is "lived in").
      const lived = (group.lemma === 'live' && group.past && !group.phrase.startsWith('has')) || (group.lemma === 'settle' && /\b(?:was|were)\b/.test(group.phrase));
      // "i live in Jakes hoodie", "moved into Toms room": a name in the possessive (typed without its apostrophe)
      // owns the noun after it; "Leeds city centre", "Wales countryside" are parts of the place.
      if (after?.pos === 'NOUN' && /[^s]s$/i.test(place) && !PLACE_PARTS.has(lowerOf(after)) && ctx.named.get(place.toLowerCase()) !== 'place') return [];
      const content = lived ? `${s} ${group.phrase} ${objText}` : `${s} lives in ${the}${place}`;
      return [says(content, { slot: lived ? null : slot('residence'), value: lived ? null : normaliseFact(place), entities: [{ name: place, type: 'place', aliases: [] }] })];
    }
    case 'work': {
      if (group.negated) return [];
      // "I work remotely for Shopify", "I work part-time as a nurse": how one works, then where or as what.
      const how = workManner(object);
      const asWhat = lowerOf(object[how]);
      if (asWhat === 'as') {
        const stop = object.findIndex((t, i) => i > how + 1 && (t.pos === 'ADP' || t.pos === 'SCONJ' || lowerOf(t) === 'since')); // "as a nurse since 2019"
        const role = object.slice(how + 1, stop > 0 ? stop : undefined).filter((t) => t.pos !== 'DET');
        if (role.length === 0) return [];
        const org = employerAfter(object.slice(how), ['at', 'for']);
        return [says(`${s} ${group.phrase} ${objText}`, { slot: slot('occupation'), value: normaliseFact(joinTokens(role)), entities: org ? [{ name: org, type: 'organization', aliases: [] }] : [] })];
      }
      const org = employerAfter(object.slice(how), ['at', 'for']);
      if (!org || !['at', 'for'].includes(asWhat)) return [];
      // "I worked at IKEA for two years": true, and over (as "lived in"); not where the subject works now.
      const worked = group.past && !/\b(?:has|have|had)\b/.test(group.phrase);
      if (worked) return [says(`${s} ${group.phrase} ${objText}`, { entities: [{ name: org, type: 'organization', aliases: [] }] })];
      // "at deloitte as an audit associate and honestly its grim": the job ends where another thought starts.
      const thought = object.findIndex((t, i) => i > 1 && (t.pos === 'PUNCT' || (t.pos === 'CCONJ' && !['PROPN', 'NOUN'].includes(object[i + 1]?.pos ?? ''))));
      const job = joinTokens((thought > 0 ? object.slice(0, thought) : object).filter((t) => lowerOf(t) !== 'now'));
      return [says(`${s} ${group.phrase} ${job}`, { slot: slot('employer'), value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }, ...typedRuns(object, null, ctx).filter((e) => e.name !== org)] })];
    }
    case 'join': {
      if (group.negated) return [];
      const org = properRuns(object)[0];
      const app = SOCIAL_APPS.has(firstLower) && !ctx.workTalk ? appSlotName(firstLower) : null; // ("joined twitter", "joined tinder lol")
      if (app) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot(`uses.${app}`), value: 'yes' })];
      if (org && org.start <= 1) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot('employer'), value: normaliseFact(org.text), entities: [{ name: org.text, type: 'organization', aliases: [] }] })];
      return [says(`${s} ${group.phrase} ${objText}`)];
    }
    case 'opinion_like':
    case 'opinion_dislike': {
      // "I love to cook" is an opinion; "I like to think so" is not.
      if (firstLower === 'to' && !(object[1]?.pos === 'VERB' && VERB_CLASSES.has(object[1].lemma))) return [];
      const parts = coordinated(object);
      if (parts.length > 1) return parts.flatMap((part) => buildStatement(subject, group, part, ctx, said));
      const [about] = splitComparison(object, group.lemma === 'prefer');
      const thing = firstLower === 'to' ? about.slice(1) : about;
      if (!headWord(thing) || ['this', 'that', 'these', 'those'].includes(lowerOf(thing[0]))) return []; // ("I like this tradition": pointed at)
      // "I don't love my job" is no dislike, nor "I don't hate it" a liking: only "like" flips when denied.
      if (group.negated && STRONG_FEELINGS.has(group.lemma)) return [];
      const likes = (cls === 'opinion_like') !== group.negated;
      // "I hated olives (but now …)", "I loved that film": a feeling of then, no preference of now.
      const key = group.past ? null : opinionKey(thing);
      const entities = typedRuns(about, null, ctx);
      if (!key) return [says(`${s} ${group.phrase} ${objText}`, { type: 'opinion', entities })];
      return [says(`${s} ${group.phrase} ${objText}`, { type: 'opinion', slot: slot(`opinion.${key}`), value: likes ? 'like' : 'dislike', entities })];
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
      const news = [says(`${s} ${group.phrase} ${objText}`)];
      // "switched to Ridgeline Analytics", "switched jobs to Aldi": a firm by its name's shape, or any name after "jobs", is
      // where the subject works now ("switched to Monzo" is as often a bank).
      // ("switched broadband to Virgin Media", "my pension to Vanguard Group": something else switched, not the job.)
      const firm = properRuns(target).find((r) => (r.end === target.length || isTimePhrase(target.slice(r.end))) && (r.start === 0 || (r.start === 1 && target[0]?.pos === 'DET')))?.text;
      const jobSwitched = ['job', 'jobs', 'employer', 'employers', 'company', 'companies'].includes(firstLower);
      if (firm && (jobSwitched || (toAt === 0 && employerShaped(firm)))) {
        if (startsLater(ctx.text)) return news;
        return [says(`${s} works at ${firm}`, { slot: slot('employer'), value: normaliseFact(firm), entities: [{ name: firm, type: 'organization', aliases: [] }] })];
      }
      // "switched to the night shift", "to part time at Tesco": hours of work; "switched jobs to Aldi", "from teaching
      // to nursing": work; "switched to Leeds": a place — no thing used.
      // "switched to plant based", "to a vegan diet", "to veganism": a diet without meat.
      const toDiet = joinTokens(target.filter((t) => t.pos !== 'DET'));
      if (meatlessDiet(toDiet)) return [says(`${s} ${group.phrase} ${objText}`, diet(toDiet))];
      const place = properRuns(target).some((r) => ctx.named.get(r.text.toLowerCase()) === 'place');
      if (target.some((t) => WORK_HOURS.has(lowerOf(t))) || WORK_HOURS.has(firstLower) || target.some((t) => t.pos === 'VERB' || /ing$/i.test(t.text)) || place) return news;
      const entities = [...typedRuns(source, 'tool', ctx), ...typedRuns(target, 'tool', ctx)];
      // "from oat milk to almond", "from oat to soy milk": one word on one side is a kind of the other side's thing.
      const multiword = (side: Token[]) => side.filter((t) => t.pos !== 'DET').length >= 2;
      // (A common word: "from Spotify to Apple Music" are two things.)
      const oneWord = (side: Token[]) => side.filter((t) => t.pos !== 'DET').length === 1 && !side.some((t) => t.pos === 'PROPN' || /^\p{Lu}/u.test(t.text));
      const kindOf = oneWord(target) && multiword(source) ? headWord(source) : oneWord(source) && multiword(target) ? targetHead : null;
      const sourceHead = kindOf ?? headWord(source);
      const value = (side: Token[]) => normaliseFact(joinTokens(side.filter((t) => t.pos !== 'DET' || lowerOf(t) === 'no')));
      if (kindOf && oneWord(target)) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot(`uses.${kindOf}`), value: value(target).endsWith(kindOf) ? value(target) : `${value(target)} ${kindOf}`, entities })];
      // "from oat milk to almond milk", "from light mode to dark mode": one thing, another kind of it.
      if (sourceHead === targetHead) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot(`uses.${targetHead}`), value: value(target), entities })];
      const out = [says(`${s} ${group.phrase} ${objText}`, { slot: slot(`uses.${targetHead}`), value: 'yes', entities })];
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
      if (parts.length > 1) return parts.flatMap((part) => buildStatement(subject, group, part, ctx, said));
      if (!(first.pos === 'DET' || first.pos === 'NUM' || ['two', 'three', 'four', 'five'].includes(firstLower))) return [];
      if (['the', 'this', 'that', 'some', 'any'].includes(firstLower)) return [];
      // "I have a girlfriend called Jo", "I've got a new boyfriend named Theo": the partner, named.
      const partner = partnerCalled(object);
      if (partner) return [says(`${s} ${group.phrase} ${objText}`, { slot: slot('partner'), value: normaliseFact(partner), entities: [{ name: partner, type: 'person', aliases: [] }] })];
      // "I have a new job at Kestrel", "I've got a job with the NHS": where the subject works now, as "I got a job at" says.
      const org = subject.firstPerson ? employerAfter(object, ['at', 'with', 'for']) : null;
      const job = org ? jobAt(object, 'have') : null;
      if (org && job && !job.other && !startsLater(ctx.text)) {
        return [says(`${s} works at ${org}`, { slot: slot('employer'), value: normaliseFact(org), entities: [{ name: org, type: 'organization', aliases: [] }] })];
      }
      const noun = object.find((t) => t.pos === 'NOUN');
      if (!noun || NOT_POSSESSIONS.has(noun.lemma)) return [];
      return [says(`${s} ${group.phrase} ${objText}`, { entities: typedRuns(object, null, ctx) })];
    }
    case 'acquire': {
      // "I got a puppy", "we got a new car", "I got my first tattoo": done, and a thing that lasts.
      if (!group.past || group.negated || !first || !(first.pos === 'DET' || first.pos === 'NUM' || firstLower === 'their')) return [];
      return acquiredThing(object) ? [says(`${s} ${group.phrase} ${objText}`, { entities: typedRuns(object, null, ctx) })] : [];
    }
    case 'went': {
      // "I'm going vegan", "I went vegetarian last year", "I became vegan in March": a lasting state taken up.
      // (wink reads "part-time" as three tokens; "a vegan": "I've become a vegan".)
      const article = ['a', 'an'].includes(firstLower) && group.lemma === 'become' ? 1 : 0;
      const takenUp = [3, 2, 1].map((n) => object.slice(article, article + n)).find((part) => part.length > 0 && TAKEN_UP.has(joinTokens(part).toLowerCase()));
      const rest = takenUp ? object.slice(article + takenUp.length) : [];
      if (!group.negated && takenUp && (rest.length === 0 || isTimePhrase(rest))) {
        const state = joinTokens(takenUp).toLowerCase();
        const done = group.past || /\b(?:has|have)\b/.test(group.phrase);
        const slotted: Partial<Built> = !done
          ? {}
          : MEATLESS.has(state)
            ? diet(state)
            : NO_ALCOHOL.has(state)
              ? { slot: slot('uses.alcohol'), value: 'no' }
              : SELF_EMPLOYED.has(state.replace(/\s*-\s*/g, '-'))
                ? { slot: slot('employer'), value: 'self-employed' }
                : {};
        return [says(`${s} ${group.phrase} ${objText}`, slotted)];
      }
      // "I became a team lead in March", "she's become a nurse": the role held since, as "I'm a team lead" says it.
      const became = group.lemma === 'become' && article === 1 && !group.negated && (group.past || /\b(?:has|have)\b/.test(group.phrase));
      if (became) return buildStatement(subject, { ...group, copula: true, past: false }, object, ctx, said);
      if (group.lemma !== 'go') return [];
      // "I've gone off coffee", "went off sushi": no longer liked (not "went off to uni", "the alarm went off").
      // ("went off sick", "off script", "off road", "off track": no thing liked; "gone off running": an -ing one is.)
      const gone = firstLower === 'off' && !group.negated && (group.past || /\b(?:has|have)\b/.test(group.phrase)) && !NOT_GONE_OFF.test(lowerOf(object[1]));
      const thingEnd = gone ? object.findIndex((t, i) => i > 0 && !(['NOUN', 'PROPN'].includes(t.pos) || (i === 1 && t.pos === 'VERB' && /ing$/i.test(t.text)))) : -1;
      const offThing = gone ? object.slice(1, thingEnd < 0 ? undefined : thingEnd) : [];
      const after = object.slice(1 + offThing.length);
      // ("… completely", "… after that trip", "… last year lol": how much, since when, why.)
      const tailOk = after.length === 0 || isTimePhrase(after) || ['after', 'since', 'completely', 'totally', 'tbh', 'lol', 'now'].includes(lowerOf(after[0]));
      if (offThing.length > 0 && offThing.length <= 3 && tailOk && opinionKey(offThing)) {
        return [says(`${s} ${group.phrase} ${objText}`, { type: 'opinion', slot: slot(`opinion.${opinionKey(offThing) ?? ''}`), value: 'dislike' })];
      }
      if (!group.past || group.negated || firstLower !== 'to' || object.length < 2) return [];
      const place = nameAfter(object, ['to']);
      return [says(`${s} ${group.phrase} ${objText}`, { entities: place && object[1]?.pos === 'PROPN' ? [{ name: place, type: 'place', aliases: [] }] : [] })];
    }
    case 'general': {
      // "I passed my test": an event, so done ("I sign the contract tomorrow" is a plan; not "I passed away lol").
      if (EVENTS.has(group.lemma) && !group.past && !/\b(?:has|have|had)\b/.test(group.phrase)) return [];
      if (group.lemma === 'pass' && subject.firstPerson && ['away', 'out'].includes(firstLower)) return [];
      if (group.lemma === 'fail' && firstLower === 'to') return [];
      const role: EntityType | null = ['visit', 'travel', 'grow up'].includes(group.lemma) ? 'place' : ['graduate', 'study'].includes(group.lemma) && firstLower === 'from' ? 'organization' : null;
      return [says(`${s} ${group.phrase}${objText ? ` ${objText}` : ''}`, { entities: typedRuns(object, role, ctx) })];
    }
  }
}

