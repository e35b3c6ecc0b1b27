/**
 * First-person statements → facts a person would sign. A clause whose subject is the speaker ("I …") or a
 * named relative ("my brother Tomás …") and whose verb says something lasting becomes one complete clause in
 * the third person: "I switched from VS Code to Zed last week" by the user → "User switched from VS Code to
 * Zed" (from last week); "I love running my own studio" by Dave → "Dave loves running their own studio".
 * Questions, conditionals, plans, modal and pronoun-only statements give nothing: a missed fact costs less
 * than a wrong one. Each fact carries a slot and a normalised value where one is obvious, so contradictions
 * are decided without a model (Berlin → Lisbon).
 */
import { joinTokens, type NamedEntityKind, type Sentence, type TextAnalyzer, type Token } from './analyzer';
import { buildStatement } from './build-statement';
import { forSoftware, unknownPlaceMovedTo } from './software-moves';
import { clauseText, skipOpeners, splitClauses, type Clause } from './clauses';
import { isNameWord } from './first-names';
import { normaliseForParsing } from './parse-words';
import { withoutQuotedSpeech } from './quoted-speech';
import { selfCorrected } from './self-corrections';
import { withThenAndNow } from './then-and-now';
import { namesAThing, relationSlot, relativesNamedInPassing } from './relatives-named';
import { withTimesAsWritten } from './time-words';
import { ONE_OF_RELATIONS } from './lexicon';
import { cleanObject, lowerOf, possessive, slotKey, withoutVocative } from './phrases';
import { relationAt, relativeAt } from './relation-at';
import { intensityWithException, withoutIntensity } from './intensity';
import { NOTHING, type Built, type ClausePosition, type Context, type Speaker, type Statement, type StatementEntity, type Subject } from './statement-types';
import { goneBy, timeMentions, type TimeMention } from './time';
import { stateBegan } from './time-spans';
import { acquires, birthStatement, habitNews, HABIT_NEWS_WITHOUT_SUBJECT, movedTogether, movesHome, withNamedInTheNextSentence } from './life-news';
import { withHabitNews } from './habit-story';
import { copulaAsides, verbGroup } from './verb-group';
import { saysAPlan } from './plans';
import { divorceFinal, dumpedBy, partnerLeft, partnerNoMore } from './partner-change';
import { birthdayStatement, FAVOURITE_WORDS, favouriteStatement, speakerState, STATE_WITHOUT_SUBJECT, subjectState, tellsOfAnEvent, withoutSlots } from './personal-states';
import { takenBack } from './states-over';
import { fragmentsSaid, profileSaid } from './profile-lines';
import { jobOrHomeNews, NEW_JOB, newJobOnly, newsAfterNames, ROLE_AT_FIRM, roleAtFirmAlone } from './job-news';
import { givenName, isPersonName, nameGivenAt, nameIsAt, nameStatement, nicknameStatement, oneSelfNamedTwice } from './names';
import { MAY_BE_OVER_WITH, overWith, coupleStatement, homeIsIn, MAY_DROP_SUBJECT, nameIsMyRelative, startsWithoutSubject, usedTo } from './chat-forms';
import { introducedAs, MAY_INTRODUCE, nameAsked, nameReadAsVerb } from './introductions';
import { addressIs, NEW_HOME_SAID } from './home-news';
import { jobIsAt } from './job-forms';
import { signedClause } from './well-formed';
import { plansOf } from './planned-changes';
import { asTheSentenceMeansThem, takesBack, withoutTagQuestion } from './sentence-scope';
import { beginsWithOtherSubject, isAside, MESSAGE_COUPLE_DOUBT, namesSomeoneElse, othersNewsOrTopic, othersNewsWithoutSubject, saysMy, SENTENCE_COUPLE_DOUBT } from './whose-news';

export type { Speaker, Statement, StatementEntity } from './statement-types';

/** Changes whose present ("I start …", "I'm moving …") is said of a plan, not of what holds now. */
const PLANNED_CHANGES = new Set(['start', 'begin', 'leave', 'move', 'relocate', 'quit', 'join', 'resign', 'lose', 'retire']);

/** "be like", "was like", "goes like": what follows quotes someone. */
const QUOTING_LIKE = new Set(['be', 'was', 'is', 'were', "'s", 'am', 'goes', 'went', 'all']);
/** Words that report another's speech: what follows them is not the speaker's own statement. */
const REPORTING = new Set(['said', 'says', 'goes', 'went', 'told', 'tells', 'asked', 'texted', 'wrote']);

const WORK_TALK = /\b(?:job|work|boss|office|company|employer|resign(?:ed)?|notice|colleagues?|manager|shift|career|(?:re-?)?hired)\b/i;
export { normaliseForParsing } from './parse-words';
export { thirdPerson } from './verb-group';

export function speakerSubject(speaker: Speaker): Subject {
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
    // (Not "the US": a country written in capitals.)
    const country = t.pos === 'PROPN' && t.text.length > 1 && t.text === t.text.toUpperCase();
    if (['i', 'me', 'you', 'your', 'yours', 'we', 'us', 'u', 'ur', 'urs', 'ya', 'yer'].includes(lower) && !country) return null;
    out.push(t);
  }
  return out;
}

/** Messages longer than this are read without the library's name kinds (it reads the whole text each time). */
const NAMED_ENTITIES_MAX_CHARS = 1_000;

/** Statements in one utterance by `speaker`, said at `reference` (epoch ms). */
export function readStatements(
  analyzer: TextAnalyzer,
  raw: string,
  speaker: Speaker,
  reference: number,
  /** Told of each fact left out because it is not a well-formed clause. */
  onDropped?: (content: string, reason: string) => void,
): Statement[] {
  // (A word put right is asked of the name finder as a name: "Tom", "Leeds".)
  const kindOf = (word: string): string | undefined => {
    const name = `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
    return analyzer.namedEntities?.(name).get(word.toLowerCase());
  };
  const normalised = normaliseForParsing(withThenAndNow(selfCorrected(withoutQuotedSpeech(fragmentsSaid(profileSaid(raw), kindOf)), kindOf)));
  // Nothing in a script the English model does not read: no invented facts from other languages. A message
  // without "I", "my", "me", "we" or "our" is read only when it may be news said without its subject ("just moved to Porto").
  // ("name's Callum" is the speaker's name without a "my"; "new job: barista at Costa" the speaker's job.)
  const ownNews = /\b(?:I|my|My|me|Me|we|We|our|Our)\b/.test(normalised) || MAY_DROP_SUBJECT.test(normalised) || /^\W*name['’]s\b/i.test(normalised) || MAY_INTRODUCE.test(normalised) || HABIT_NEWS_WITHOUT_SUBJECT.test(normalised) || STATE_WITHOUT_SUBJECT.test(normalised) || ROLE_AT_FIRM.test(normalised) || MAY_BE_OVER_WITH.test(normalised) || NEW_HOME_SAID.test(normalised);
  if (!ownNews && !NEW_JOB.test(normalised)) return [];
  const text = analyzer.restoreNameCase?.(normalised) ?? normalised;
  // The library's names are read when a rule first asks (most messages never do), and not in a long paste.
  let named: Map<string, NamedEntityKind> | null = null;
  const ctx: Context = {
    speaker,
    reference,
    get named() {
      named ??= (text.length <= NAMED_ENTITIES_MAX_CHARS ? analyzer.namedEntities?.(text) : undefined) ?? new Map<string, NamedEntityKind>();
      return named;
    },
    workTalk: WORK_TALK.test(text),
    isOrganisation: (name) => analyzer.isOrganisation?.(name) ?? false,
    isEverydayWord: (word) => analyzer.isEverydayWord?.(word) ?? false,
    coupleDoubt: MESSAGE_COUPLE_DOUBT.test(text),
    typedInLowerCase: /^[^\p{L}]*\p{Ll}/u.test(raw),
    text,
    newJobOnly: !ownNews,
  };
  const out: Statement[] = [];
  // A long message repeats itself ("I love Ccc." a hundred times): each distinct sentence is read once, its statements repeated.
  const read = new Map<string, SentenceReading>();
  const sentences = analyzer.sentences(text);
  // "i quit my job. jk lol", "i live in Paris... i wish": a sentence that takes back what came before it.
  const takenBack = sentences.findLastIndex((s, i) => takesBack(joinTokens(s.tokens), i, joinTokens(sentences[i - 1]?.tokens ?? [])));
  // "jake went vegan. went freelance too": after someone else's news or name, news said without a subject is theirs.
  let aboutSomeoneElse = false;
  for (const sentence of sentences.slice(takenBack + 1)) {
    const key = `${aboutSomeoneElse ? 1 : 0}${sentenceKey(sentence)}`;
    let reading = read.get(key);
    if (!reading) {
      reading = readSentence(analyzer, sentence, reference, ctx, aboutSomeoneElse);
      read.set(key, reading);
    }
    for (const [content, reason] of reading.dropped) onDropped?.(content, reason);
    out.push(...asTheSentenceMeansThem(reading.statements, joinTokens(sentence.tokens)));
    // A sentence that says nothing ("lol.", "long story.", "bless her.") keeps who the message is about.
    if (othersNewsOrTopic(sentence.tokens, ctx.speaker)) aboutSomeoneElse = true;
    else if (!isAside(sentence.tokens)) aboutSomeoneElse = false;
  }
  // "jamal, but everybody calls me jay", "oluwaseun but pls call me seun", "yuki (people call me yu)": the name said
  // before the nickname is the speaker's name (the nickname is read with its clause).
  const before = NAME_BEFORE_NICKNAME.exec(text)?.[1];
  if (before && takenBack < 0 && !out.some((st) => st.slot?.endsWith('.name')) && introducedName(before, ctx) && isPersonName(analyzer.sentences(before)[0]?.tokens ?? [])) {
    out.unshift({ ...nameStatement(speakerSubject(speaker), before), eventTime: null });
  }
  // "im seeing someone 🙈 his name is jake": the one named next; "quit smoking, started again in may": a habit's news
  // (none in a message taken back: "haven't smoked since june... jk"). "me and my bf tom": a relative named in passing.
  const told = oneSelfNamedTwice(withNamedInTheNextSentence(out, text, speakerSubject(speaker)));
  const stated = takenBack < 0 ? withHabitNews(told, text, speakerSubject(speaker), reference) : told;
  const inPassing = relativesNamedInPassing(sentences.slice(takenBack + 1), ctx, speakerSubject(speaker), stated);
  return [...stated, ...inPassing].map((s) => ({ ...s, content: withTimesAsWritten(s.content, s.eventTime) }));
}

interface SentenceReading {
  statements: Statement[];
  dropped: [content: string, reason: string][];
}

/** Everything reading a sentence looks at: each token's text, tag, lemma and spacing. */
function sentenceKey(sentence: Sentence): string {
  return sentence.tokens.map((t) => `${t.space}\u0001${t.text}\u0001${t.pos}\u0001${t.lemma}`).join('\u0002');
}

function readSentence(analyzer: TextAnalyzer, whole: Sentence, reference: number, ctx: Context, afterSomeoneElse: boolean): SentenceReading {
  const reading: SentenceReading = { statements: [], dropped: [] };
  // "my boyfriend sam wants to go to amsterdam, any ideas?": a statement, then a question about it.
  const sentence = withoutTagQuestion(whole);
  if (sentence.tokens.some((t) => t.text === '?')) return reading;
  const words = sentence.tokens.map(lowerOf);
  // "she goes, i quit my job", "tom said "i lost my job"": someone else's words follow ("as I said, …" are one's own).
  const quoted = sentence.tokens.findIndex(
    (t, i) =>
      // "jake be like i quit my job", "she was like, …"
      (lowerOf(t) === 'like' && QUOTING_LIKE.has(words[i - 1] ?? '') && i < sentence.tokens.length - 1) ||
      (REPORTING.has(lowerOf(t)) &&
      i > 0 &&
      i < sentence.tokens.length - 1 &&
      !['i', 'as', 'like'].includes(words[i - 1] ?? '') &&
      (['"', '“', ':', ','].includes(sentence.tokens[i + 1]?.text ?? '') || ['that', 'like'].includes(words[i + 1] ?? ''))),
  );
  let previous: Subject | null = null;
  // "my mum, bless her, moved to spain", "tom from work — moved to manchester": after someone else is named in a
  // clause of its own, a clause without a subject is their news, not the speaker's.
  let someoneElseNamed = afterSomeoneElse;
  const coupleDoubt = ctx.coupleDoubt || SENTENCE_COUPLE_DOUBT.test(joinTokens(sentence.tokens));
  let otherSubject = false;
  const sentenceText = joinTokens(sentence.tokens);
  for (const clause of splitClauses(sentence)) {
    const clauseStart = sentence.tokens.indexOf(clause.tokens[0] as Token);
    if (quoted >= 0 && clauseStart > quoted) break;
    const { text: ctext, offsets } = clauseText(clause.tokens);
    const times = timeMentions(ctext, reference);
    const position: ClausePosition = { afterSomeoneElse: someoneElseNamed, planned: saysAPlan(sentence.tokens, clauseStart), afterOtherSubject: otherSubject, coupleDoubt };
    const subjectAndRest: { subject: Subject; statements: Built[]; past?: boolean } | null = clause.subordinate ? null : readClause(clause, previous, offsets, times, ctx, position);
    someoneElseNamed ||= namesSomeoneElse(clause.tokens, ctx.speaker);
    // "jake quit his job and moved to leeds": a clause that shares a subject this reader could not read is not the speaker's.
    otherSubject = !subjectAndRest && (clause.sharedSubject ? otherSubject : beginsWithOtherSubject(clause.tokens) || othersNewsWithoutSubject(clause.tokens));
    if (!subjectAndRest) {
      previous = null;
      continue;
    }
    previous = subjectAndRest.subject;
    // Only a past time dates a fact; one ahead (a plan) never does, nor a weekday unless the verb is past.
    const said = times.find((m) => !m.future && (!m.weekday || subjectAndRest.past));
    // "im vegan now, 6 months in", "i'm vegan now, since may": a state said of now is dated by when it began.
    const time = said === undefined || /^(?:now|right now|today|currently)$/i.test(said.text.trim()) ? (stateBegan(sentenceText, reference, ctext) ?? said?.time ?? null) : said.time;
    // "we moved to Vercel for hosting": the tagger makes "for hosting" a clause of its own; it still says a service.
    const forSoftwareNext = forSoftware(sentence.tokens.slice(clauseStart + clause.tokens.length));
    for (const { timeless, ...built } of subjectAndRest.statements) {
      if (forSoftwareNext && unknownPlaceMovedTo(built, ctx)) continue;
      // ("User met nice girl" is signed as "User met a nice girl".)
      const { content, defect } = signedClause(analyzer, built.content);
      const s = { ...built, content };
      if (defect) reading.dropped.push([s.content, defect]);
      else reading.statements.push({ ...s, eventTime: timeless || said?.text.trim().toLowerCase() === s.value ? null : time }); // ("my name is april")
    }
  }
  return reading;
}

function readClause(
  clause: Clause,
  previous: Subject | null,
  offsets: readonly number[],
  times: readonly TimeMention[],
  ctx: Context,
  position: ClausePosition,
): { subject: Subject; statements: Built[]; past?: boolean } | null {
  const tokens = clause.tokens;
  const start = skipOpeners(tokens, offsets, times);
  if (start < 0) return null;
  if (ctx.newJobOnly) return newJobOnly(tokens, start, speakerSubject(ctx.speaker), ctx.text, position.afterSomeoneElse);
  let subject: Subject | null = null;
  let at = start;
  const extra: Built[] = [];
  let oneOfMany = false;
  /** The relation the clause's subject is ("girlfriend" of "my girlfriend (Jess) …"), when it is one. */
  let relationHere: string | null = null;
  const first = tokens[start] as Token;
  const own = speakerSubject(ctx.speaker);
  const asked = nameAsked(tokens, start) ?? (position.afterSomeoneElse ? null : (introducedAs(tokens, start, ctx.text, (name) => introducedName(name, ctx)) ?? nameReadAsVerb(tokens, start)));
  if (asked) return { subject: own, statements: [(asked.nickname ? nicknameStatement : nameStatement)(own, asked.name, 'changed' in asked && asked.changed === true)] };
  const couple = coupleStatement(tokens, start, own, ctx, position.coupleDoubt);
  if (couple) return { subject: own, statements: [couple.statement], past: couple.past };
  const over = position.afterSomeoneElse || position.coupleDoubt ? null : overWith(tokens, start, own, ctx);
  if (over) return { subject: own, statements: [over] };
  // "today was my last day at Sky", "currently working at Tesco": the speaker's job, however the clause begins.
  const jobNews = newsAfterNames(tokens, start, own, ctx) ?? (position.afterSomeoneElse ? null : jobOrHomeNews(tokens, start, own, ctx));
  if (jobNews) return { subject: own, statements: [jobNews], past: true };
  // "junior dev at zalando", "data analyst at delta, atlanta": a line that is only the speaker's role at a firm.
  const role = position.afterSomeoneElse ? null : roleAtFirmAlone(tokens, start, own, ctx.text, (name) => ctx.named.get(name.toLowerCase()) === 'place');
  if (role) return { subject: own, statements: role };
  // "we had a baby girl, Maya", "back on the cigs", "8 months sober": life news, however the clause begins.
  const born = position.afterSomeoneElse ? null : birthStatement(tokens, start, own, ctx.text);
  if (born) return { subject: own, statements: [born], past: true };
  const habit = position.afterSomeoneElse ? null : habitNews(tokens, start, own);
  if (habit) return { subject: own, statements: [habit] };
  // "i'm 34 btw", "diagnosed with adhd last month", "i'm a huge arsenal fan": what the speaker is (personal-states.ts).
  const speakerSays = position.afterSomeoneElse ? null : speakerState(tokens, start, own);
  // ("oh yeah i'm SUCH a morning person 🙄": an eye-roll says the opposite, so nothing.)
  if (speakerSays === NOTHING || (speakerSays && takenBack(speakerSays, ctx.text))) return { subject: own, statements: [] };
  if (speakerSays) return { subject: own, statements: speakerSays, past: tellsOfAnEvent(speakerSays) };
  if (clause.sharedSubject && previous) {
    subject = previous;
    // "my sister moved to leeds and started at tesco": still one of many sisters, so still no slot.
    oneOfMany = previous.unnamed === true && !ONE_OF_RELATIONS.has(previous.text.split(' ').at(-1) ?? '');
  } else if (clause.sharedSubject && position.afterOtherSubject) {
    return null;
  } else if ((!position.afterSomeoneElse || saysMy(tokens)) && startsWithoutSubject(tokens, start)) {
    // "just moved to Porto!!", "omg, just got a job at Stripe": the speaker's own news, said without "I".
    subject = own;
  } else if (lowerOf(first) === 'we' && (movesHome(tokens, start + 1) || acquires(tokens, start + 1))) {
    // "We moved to Denver", "we live in Leeds now", "we got a puppy": the speaker's home and dog too.
    subject = own;
    at = start + 1;
  } else if (lowerOf(first) === 'me' && ['and', 'n', '&'].includes(lowerOf(tokens[start + 1])) && movedTogether(tokens, start) > 0) {
    // "me and my mum moved to leeds", "me n jake live in hackney now": the speaker's home too.
    subject = own;
    at = movedTogether(tokens, start);
  } else if (first.text === 'I') {
    subject = own;
    at = start + 1;
  } else if (lowerOf(first) === 'my' || lowerOf(first) === 'our') {
    // "our" only owns an animal ("our dog is called Biscuit"): not a name, a job or a favourite of the speaker.
    const next = lowerOf(first) === 'my' ? lowerOf(tokens[start + 1]) : '';
    const nameAt = next === 'name' ? start + 1 : next === 'new' && lowerOf(tokens[start + 2]) === 'name' ? start + 2 : -1;
    // "my name is Dana", "my name is now Dana Okafor", "my new name is Dana Okafor" (not "my name was will": no name now).
    if (nameAt > 0 && lowerOf(tokens[nameAt + 1]) === 'was') return { subject: own, statements: [] };
    if (nameAt > 0 && ['is', "'s"].includes(lowerOf(tokens[nameAt + 1]))) {
      const from = nameAt + 2 + (['now', 'officially', 'actually'].includes(lowerOf(tokens[nameAt + 2])) ? 1 : 0);
      const name = givenName(tokens.slice(from));
      if (!name) return null;
      return { subject: own, statements: [nameStatement(own, name, from > nameAt + 2 || next === 'new')] };
    }
    const job = next ? (jobIsAt(tokens, start, own) ?? homeIsIn(tokens, start, own) ?? addressIs(tokens, start, own, ctx.text) ?? birthdayStatement(tokens, start + 1, own, ctx.reference)) : null;
    if (job) return { subject: own, statements: [job] };
    const divorced = divorceFinal(tokens, start, own);
    if (divorced) return { subject: own, past: true, statements: [divorced] };
    if (FAVOURITE_WORDS.has(next)) {
      const favourite = favouriteStatement(tokens, start + 2, own);
      return favourite ? { subject: own, statements: [favourite] } : null;
    }
    const relation = relationAt(tokens, start);
    if (!relation) return null;
    relationHere = relation.relation;
    const whose = ctx.speaker.isUser ? "the user's" : possessive(ctx.speaker.name);
    // ("my sister Paris trip", "my bf Netflix lol": a place or a firm after the relation is no one's name.)
    const relative = ((r) => (r && namesAThing(r, ctx, tokens) ? null : r))(relativeAt(tokens, start));
    const called = relative ? null : (nameGivenAt(tokens, relation.next) ?? nameIsAt(tokens, relation.next, ctx));
    const name = relative?.name ?? called;
    if (name) {
      const alias = ctx.speaker.isUser ? `my ${relation.relation}` : `${possessive(ctx.speaker.name)} ${relation.relation}`;
      const named: StatementEntity = { name, type: relation.pet ? 'concept' : 'person', aliases: [alias] };
      // "my girlfriend was called Jess": one that was ("my dad was called Robert" is still the dad).
      // "my husband James passed away", "my bf tom is my ex now": a partner no more.
      const was = called !== null ? tokens.slice(relation.next, relation.next + 3).some((t) => lowerOf(t) === 'was') : relative !== null && partnerNoMore(tokens.slice(relative.next), { relation: relation.relation, name: relative.name }, ctx.text);
      const said: Built = { timeless: true, content: `${name} ${was ? 'was' : 'is'} ${whose} ${relation.relation}`, type: 'semantic', ...relationSlot({ relation: relation.relation, name }, own, was), entities: [named, ...(own.entity ? [own.entity] : [])] };
      // "My dog is called Biscuit": the name is all the clause says.
      if (called) return { subject: own, statements: [said] };
      subject = { text: name, key: slotKey(name), firstPerson: false, entity: named };
      extra.push(said);
      at = relative?.next ?? relation.next;
    } else {
      // "my sister lives in Lyon": about the relative, unnamed.
      subject = { text: `${possessive(own.text)} ${relation.relation}`, key: `${own.key}.${slotKey(relation.relation)}`, firstPerson: false, entity: own.entity, unnamed: true };
      // "my friend" may be another friend each time: only a one-of relation ("my mum", "my boss") has slots.
      oneOfMany = !ONE_OF_RELATIONS.has(relation.relation.split(' ').at(-1) ?? '');
      // "my wife's 38 btw", "my dad's diabetic": "'s" is "is" before an age or a condition; else it is theirs
      // ("my sister's wedding"), which says nothing of them.
      if (/^['’]s$/.test(tokens[relation.next]?.text ?? '')) {
        const is = subjectState(tokens, relation.next, subject);
        return is && is !== NOTHING ? { subject: own, statements: takenBack(is, ctx.text) ? [] : withoutSlots(is, oneOfMany), past: tellsOfAnEvent(is) } : null;
      }
      at = relation.next;
    }
  } else {
    const dumpedMe = dumpedBy(tokens, start, own, ctx);
    if (dumpedMe) return { subject: own, past: true, statements: [dumpedMe] };
    const named = nameIsMyRelative(tokens, start, ctx);
    if (!named) return null;
    const whose = ctx.speaker.isUser ? "the user's" : possessive(ctx.speaker.name);
    const entity: StatementEntity = { name: named.name, type: 'person', aliases: [] };
    return { subject: own, statements: [{ timeless: true, content: `${named.name} ${named.was ? 'was' : 'is'} ${whose} ${named.relation}`, type: 'semantic', ...relationSlot({ relation: named.relation, name: named.name }, own, named.was), entities: [entity] }] };
  }
  // "my girlfriend dumped me", "my husband left me", "my boyfriend Tom broke up with me": the partner is over.
  const leftMe = relationHere ? partnerLeft(tokens.slice(at), relationHere, subject, own) : null;
  if (leftMe) return { subject: own, past: true, statements: [...extra.filter((b) => b.slot !== leftMe.slot), leftMe] };
  // "my son is 4", "my dad has dementia", "my grandad passed away last week" (personal-states.ts).
  const subjectSays = subjectState(tokens, at, subject);
  if (subjectSays === NOTHING || (subjectSays && takenBack(subjectSays, ctx.text))) return { subject, statements: extra };
  if (subjectSays) return { subject, statements: [...extra, ...withoutSlots(subjectSays, oneOfMany)], past: tellsOfAnEvent(subjectSays) };
  const past = usedTo(tokens, at, subject);
  if (past) return { subject, statements: [...extra, oneOfMany ? { ...past, slot: null, value: null } : past] };
  const verbs = verbGroup(tokens, at, subject.firstPerson);
  if (!verbs) return { subject, statements: extra };
  // "I nearly quit", "we almost moved to Paris": it did not happen.
  if (/\b(?:nearly|almost)\b/.test(verbs.phrase)) return { subject, statements: extra };
  // "I hurt my finger", "I split from Dan": past when a thing (or a partner after "split up with", "split from") follows and
  // no time ahead is said ("I quit my job next month" is a plan), or a time gone by is ("put in my notice yesterday").
  const next = lowerOf(tokens[verbs.verb + 1]);
  const thingFollows = ['DET', 'NOUN', 'PROPN', 'NUM'].includes(tokens[verbs.verb + 1]?.pos ?? '') || ['my', 'our'].includes(next) || (verbs.lemma === 'split' && ['from', 'with'].includes(next));
  const gone = (m: TimeMention): boolean => goneBy(m, PLANNED_CHANGES.has(verbs.lemma) && !(verbs.lemma === 'quit' && (thingFollows || /ing$/.test(next))));
  const saidAgo = times.some((m) => gone(m) && (!m.relative || /\b(?:ago|last|yesterday)\b/i.test(m.text)));
  const group = verbs.samePast && (thingFollows || saidAgo) && !position.planned && times.every(gone) ? { ...verbs, past: true } : verbs;
  // "I start on the 3rd of July", "Tom starts in September": a plan, not a fact yet. ("I quit" is past as often as present.)
  const presentSimple = !group.past && !/\b(?:has|have|had|is|are|was|been)\b/.test(group.phrase);
  const plannedSimple = presentSimple && (times.some((m) => m.ahead) || (PLANNED_CHANGES.has(group.lemma) && ((group.lemma !== 'quit' && times.length > 0) || position.planned)));
  // "I'm moving to Berlin next month", "I'm leaving Globex", "i moved to leeds next month": a change to come is a plan.
  // ("moving to cork in september!!": the speaker's plan, said without "I'm".)
  const progressive = (/\b(?:is|are)\b/.test(group.phrase) || /^\w+ing$/.test(group.phrase)) && /ing$/.test(group.phrase);
  const planned =
    plannedSimple ||
    times.some((m) => m.future && (progressive || (group.past && PLANNED_CHANGES.has(group.lemma) && /\b(?:next|tomorrow|coming)\b/i.test(m.text)))) ||
    (progressive && (times.some((m) => m.ahead) || PLANNED_CHANGES.has(group.lemma)));
  // A plan is not what holds yet; a move or a new job planned is kept as the plan (plans-carried-out.ts).
  if (planned && !(subject.firstPerson && PLANNED_CHANGES.has(group.lemma) && !group.negated)) return { subject, statements: extra };
  const relativeSpans = times.filter((m) => m.relative).map((m) => ({ from: m.index, to: m.index + m.text.length }));
  const from = group.verb + 1 + (group.copula ? copulaAsides(tokens.slice(group.verb + 1)) : 0); // "I'm still a nurse"
  const objectTokens = cleanObject(withoutVocative(tokens.slice(from), ctx.speaker.listeners ?? []), relativeSpans, offsets.slice(from));
  const rewritten = rewriteObject(objectTokens, subject, ctx.speaker);
  if (!rewritten) return { subject, statements: extra };
  const object = group.negated && !intensityWithException(ctx.text) ? withoutIntensity(rewritten) : rewritten;
  // "Kenji runs four days a week": a habit in the present has no start date; "I work at Meta since March" has one.
  const habitual = presentSimple && !group.copula && !times.some((m) => m.since === true);
  // A plan is read as the change done ("I start at Feedzai" as "I started at Feedzai"), to know the home or job it means.
  const built = buildStatement(subject, planned ? { ...group, past: true, samePast: false, phrase: group.lemma } : group, object, ctx, tokens.slice(group.verb + 1)).map((b) => ({
    ...b,
    ...(habitual ? { timeless: true } : {}),
    // (An emoji is how it was said, not part of the fact: "started a new job 🎉 at Brightwave".)
    content: b.content.replace(/\s*\p{Extended_Pictographic}[\u{FE0F}\u{200D}\p{Extended_Pictographic}]*/gu, '').replace(/\s+/g, ' ').replace(/\s+([,.'])/g, '$1').replace(/\s+'s\b/g, "'s").trim().replace(/[.,;:!]+$/, ''),
    entities: subject.entity && !b.entities.some((e) => e.name === subject.entity?.name) ? [subject.entity, ...b.entities] : b.entities,
  }));
  if (planned) return { subject, statements: [...extra, ...plansOf(built, subject, times, ctx.reference, ctx.text)] };
  // "ive moved to leeds on the 1st": a perfect said with a day is that day gone, as a past is.
  return { subject, statements: [...extra, ...withoutSlots(built, oneOfMany)], past: group.past || /\b(?:has|have|'ve|had)\b/.test(group.phrase) };
}

/**
 * A name, then what the speaker is called, apart from it by a comma, a bracket or "but": "jamal, but everybody calls me
 * jay", "yuki (people call me yu)", "hi! Oluwaseun but pls call me Seun" (not "Tom calls me Pri": Tom is who calls).
 */
const NAME_BEFORE_NICKNAME =
  /^\W*(?:(?:hi+|hey+a?|hello+|hiya+|heya+|yo+|sup|evening|morning)\b[\s,!.]*)?(?:(?:i['’]?m|im|i am|it['’]?s|its|this is)\s+)?(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)(?:\s*,\s*(?:but\s+)?|\s*\(\s*|\s+but\s+)(?:(?:pls|please|just|you can|u can)\s+)?(?:(?:everyone|everybody|people|ppl|friends|most people|most ppl|my friends|all my friends)\s+)?(?:call|calls)\s+me\s+\p{L}/u;

/**
 * Whether a name introduced ("Dana here", "it's Dana") is a person's: the name finder's word, a listed first name ("Jack here"),
 * or, typed in lower case, a word no dictionary knows that the case restorer capitalised ("priya here 👋"; not a place, a firm).
 */
function introducedName(name: string, ctx: Context): boolean {
  const kind = ctx.named.get(name.toLowerCase());
  return kind === 'person' || (!name.includes(' ') && isNameWord(name)) || (kind === undefined && ctx.typedInLowerCase === true && !name.includes(' ') && !ctx.isEverydayWord(name));
}
