/**
 * Names in a message typed in lower case ("i moved to lisbon", "i work at hillview academy"): which words to
 * capitalise so the tagger reads them as names, from what the name finder knows and, on a guess, from words no
 * dictionary knows in a place where a place or an employer goes. The analyzer (analyzer.ts) supplies the
 * libraries' readings; the rules are here.
 */
import { escapeRegExp } from '../../../src-shared/text';
import { CHAT_SHORTHAND, FIRM_ONLY_ENDINGS, FIRMS, JOB_SUFFIX, NOT_JOBS, NOT_NAMES, RELATIONS } from './lexicon';
import { isNameWord } from './first-names';

/** A name without what the name finder leaves around it ("porto!!", "(acme)"). */
export const lettersOnly = (name: string): string => name.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** The last word of many an institution's name ("hillview academy", "st james hospital", "leeds university"). */
const INSTITUTION_WORDS = 'academy|agency|bakery|bank|cafe|café|clinic|college|hospital|institute|labs|school|studio|university';

/**
 * Names as a lower-case chat writes them, with the institution word that follows them: the library knows
 * "hillview" or "leeds" but not "hillview academy" or "leeds university"; and "st albans" whole where it finds
 * "st" alone. Only names it knows are extended: "law
 * school" or "the food bank" is no organisation's name. Longest first, so "hillview academy" is capitalised
 * before "hillview" alone could be.
 */
export function withInstitutionWords(text: string, known: readonly string[]): string[] {
  const out = [...known];
  for (const name of known) {
    const clean = lettersOnly(name).toLowerCase();
    // "st albans", "mt pleasant": the library finds the abbreviation alone; the name is it and the next word.
    const whole = /^(?:st|mt|ft)$/.test(clean) ? new RegExp(`(?<![\\p{L}])${clean}\\.? \\p{Ll}{2,}`, 'u').exec(text.toLowerCase()) : null;
    if (whole) out.push(whole[0]);
    const next = new RegExp(`(?<![\\p{L}])${escapeRegExp(clean)} (${INSTITUTION_WORDS})(?![\\p{L}])`, 'u').exec(text.toLowerCase());
    if (next) out.push(`${clean} ${next[1]}`);
  }
  return [...new Set(out)].sort((x, y) => y.length - x.length);
}

/** A word as the tagger read it, and whether its model has ever seen it. */
export interface ModelWord {
  text: string;
  lemma: string;
  known: boolean;
  /** A universal POS tag. */
  pos: string;
}

/**
 * A verb whose place or employer follows, with the words that introduce it: "moved to …", "live in …", "work at
 * …", "am from …", "grew up in …". Not "am at …" ("im now at uni" is where one is today).
 */
const PLACE_VERBS = new Map<string, readonly string[]>([
  ['move', ['to', 'of']],
  ['relocate', ['to']],
  ['live', ['in', 'near']],
  ['settle', ['in']],
  ['base', ['in']],
  ['grow', ['in', 'near']],
  ['bear', ['in']],
  ['be', ['from', 'in']],
  ['work', ['at', 'for']],
  ['intern', ['at']],
  ['start', ['at']],
  ['hire', ['at', 'by']],
  ['employ', ['at', 'by']],
]);
/** Verbs whose object, told in the past, is a job left: "left deloitte", "quit tesco" (a known word is never guessed). */
const LEFT_JOB_VERBS = new Set(['leave', 'quit']);
/** Verbs whose place is an employer: a name after them has no shape to check. */
const EMPLOYER_VERBS = new Set(['work', 'intern', 'start', 'hire', 'employ']);
/** "a job at fieldnote", "my new role with monzo": the noun before the preposition says an employer follows. */
const JOB_NOUNS = new Set(['job', 'role', 'position', 'internship', 'placement', 'apprenticeship', 'contract']);
/** What a new home is called: "our new flat in leith" (home-news.ts reads the home). */
const NEW_HOMES = new Set(['house', 'home', 'flat', 'apartment', 'apt', 'place', 'digs', 'pad', 'kitchen', 'garden', 'neighbourhood', 'neighborhood', 'street', 'bedroom']);
/** A job's end given notice of: "handed in my notice at zalando". */
const NOTICE_NOUNS = new Set(['notice', 'resignation']);
/** A role said before "at" ("dev", "analyst", "nurse"); not "a fan at", "a member at". */
const roleNoun = (w: ModelWord | undefined): boolean => w !== undefined && w.pos === 'NOUN' && JOB_SUFFIX.test(w.text) && !NOT_JOBS.has(w.lemma);
/** Where one studies or is looked after, in words a dictionary may not know: "started at uni" names no firm. */
/** (Also the habits a dictionary may not know: "i quit vaping" names no firm.) */
const NOT_EMPLOYERS = new Set(['uni', 'varsity', 'poly', 'nursery', 'preschool', 'daycare', 'kindy', 'sixthform', 'rehab', 'vaping', 'vape', 'vapes', 'vaped', 'ciggies', 'juuling', 'juul']);
/** How place names end, in English and its neighbours: -minster, -ton, -ford, -bury, -burgh, -dorf, -ice, -ów … */
const PLACE_SHAPE = new RegExp(
  `(?:${'minster ton town ford ham bury borough brough burgh by wick wich field ley leigh mouth stead worth chester cester caster port well dale wood bridge combe hampton thorpe thwaite stow stoke hurst haven cliffe head ness sea sey gate burg berg dorf heim hausen stadt feld hagen ice owice ów owo ewo yn ynia dynia grad sk polis ville ey wark hill heath'.split(' ').join('|')})$`,
  'u',
);

/** What may follow a name at the end of its phrase: "… bedminster now", "… last month", "… lol". */
/** A span back in time right after a name: "2 months ago", "a few weeks ago", "3 yrs ago". */
const AGO_AFTER = /^(?:\d+|a|an|a few|few|a couple of|couple of|couple|two|three|four|five|six)\s+(?:days?|weeks?|months?|years?|yrs?|wks?|mins?|hours?|hrs?)\s+ago\b/;
const AFTER_A_NAME = new Set(['now', 'today', 'yesterday', 'last', 'this', 'next', 'since', 'lol', 'haha', 'btw', 'tbh', 'ngl', 'atm', 'rn', 'tho', 'though', 'too', 'lmao', 'innit', 'these', 'currently', 'mid', 'early', 'late', 'x', 'xx']);

/**
 * Words no dictionary of the model knows, typed in lower case after a verb of place or work and "in", "to", "at",
 * "from" or "near", ending the phrase: "i moved to bedminster", "she works at fenwick now", "im from stroud".
 * Compromise knows the big places and companies; a suburb, a village or a small firm is a word the model has
 * never seen. A typo followed by its noun ("to teh city") is not at a phrase's end, and "listening to
 * audiobooks" is no verb of place.
 */
export function unknownNamesAfterPlaceWords(tokens: readonly ModelWord[]): string[] {
  const out: string[] = [];
  tokens.forEach((t, i) => {
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    if (t.known || !before || !/^\p{Ll}{3,}$/u.test(t.text) || NOT_EMPLOYERS.has(t.text)) return;
    // The verb right before the preposition, or one word before it ("moved back to", "live up in").
    // ("i work as a designer at monzo": the verb before its role.)
    const asARole = tokens[i - 4]?.text.toLowerCase() === 'as' && ['a', 'an'].includes(tokens[i - 3]?.text.toLowerCase() ?? '') ? tokens[i - 5] : undefined;
    const verb = [tokens[i - 2], tokens[i - 3], asARole].find((v) => v !== undefined && (v.pos === 'VERB' || v.pos === 'AUX'));
    // "a job at fieldnote"; "i'm not at deloitte anymore", "im now at monzo": a job said with a copula and a change.
    const change = (w: ModelWord | undefined): boolean => ['now', 'anymore', 'longer'].includes(w?.text.toLowerCase() ?? '');
    const job =
      (['at', 'with'].includes(before.text.toLowerCase()) && JOB_NOUNS.has(tokens[i - 2]?.lemma ?? '')) ||
      // "handed in my notice at zalando", "data analyst at delta", "junior dev at zalando": a notice or a role before "at".
      (before.text.toLowerCase() === 'at' && (NOTICE_NOUNS.has(tokens[i - 2]?.lemma ?? '') || roleNoun(tokens[i - 2]))) ||
      // "got a new job!! at ocado": the place after the news, past its marks.
      (before.text.toLowerCase() === 'at' && tokens[i - 2]?.pos === 'PUNCT' && JOB_NOUNS.has(tokens.slice(0, i - 1).findLast((w) => w.pos !== 'PUNCT')?.lemma ?? '')) ||
      // "a company called brightwave"
      (['called', 'named'].includes(before.text.toLowerCase()) && FIRMS.has(tokens[i - 2]?.lemma ?? '')) ||
      (before.text.toLowerCase() === 'at' &&
        tokens.slice(Math.max(0, i - 5), i - 1).some((t) => t.lemma === 'be') &&
        (change(after) || change(tokens[i - 2]) || (after?.text === 'any' && tokens[i + 2]?.text === 'more'))) ||
      // "left deloitte in october, now at pwc": a job left, and the one now, said without "I am".
      (before.text.toLowerCase() === 'at' && change(tokens[i - 2]) && [undefined, ',', '.', ';', '-', '—'].includes(tokens[i - 3]?.text)) ||
      (LEFT_JOB_VERBS.has(before.lemma) && before.pos === 'VERB' && (before.lemma === 'quit' || before.text.toLowerCase() !== before.lemma) && !PLACE_SHAPE.test(t.text));
    // "my new flat in leith", "new digs in hackney": a new home's place.
    const newHome = before.text.toLowerCase() === 'in' && NEW_HOMES.has(tokens[i - 2]?.text.toLowerCase() ?? '') && tokens[i - 3]?.text.toLowerCase() === 'new';
    if (newHome) {
      if (!after || ['PUNCT', 'AUX', 'VERB', 'CCONJ', 'ADP'].includes(after.pos) || /\p{Extended_Pictographic}/u.test(after.text) || AFTER_A_NAME.has(after.text.toLowerCase())) out.push(t.text);
      return;
    }
    if (!job && (!verb || !PLACE_VERBS.get(verb.lemma)?.includes(before.text.toLowerCase()))) return;
    // Where one lives has a place's shape ("bedminster", "clifton", "gdynia"); "fortnite", "monzo", "trackies",
    // "bristl" do not, so a typo or an app does not replace a home. An employer's name has no shape to check: "i work
    // at deloitte" names a firm no list knows far more often than it misspells one.
    if (!job && !EMPLOYER_VERBS.has(verb?.lemma ?? '') && !PLACE_SHAPE.test(t.text)) return;
    // "newcastle-under-lyme" is one name, of which "newcastle" alone is another town.
    const hyphen = after?.text === '-' || after?.text === '–';
    // ("left my job at accenture 2 months ago": a time said after the name.)
    const agoNext = AGO_AFTER.test(tokens.slice(i + 1, i + 7).map((w) => w.text.toLowerCase()).join(' '));
    const ends = !hyphen && (!after || ['PUNCT', 'CCONJ', 'ADP', 'SCONJ', 'ADV', 'SYM'].includes(after.pos) || /\p{Extended_Pictographic}/u.test(after.text) || AFTER_A_NAME.has(after.text.toLowerCase()) || /^(?:mid|early|late)-/i.test(after.text) || agoNext);
    if (ends) out.push(t.text);
  });
  return out;
}

/**
 * The second word of a firm's name that only a firm's trade is: "cox automotive", "delta airlines", "rolls motors". Not
 * words a kind of place or thing also ends in ("food bank", "car insurance", "investment bank", "support group").
 */
const FIRM_TRADES = new Set('automotive airlines airways motors pharmaceuticals logistics telecoms telecom'.split(' '));

/**
 * A firm named by an everyday word and its trade, typed in lower case right where only an employer goes: after a role,
 * a job noun, a notice or "work", and "at" ("senior data analyst at cox automotive", "i work at delta airlines"). A single
 * everyday word there is left alone: "delta" or "stripe" is as often "library", "pool" or "football" (a kind of place,
 * which no dictionary here tells from a firm).
 */
export function everydayWordFirmsAtWork(tokens: readonly ModelWord[]): string[] {
  const out: string[] = [];
  tokens.forEach((t, i) => {
    const before = tokens[i - 1];
    const trade = tokens[i + 1];
    if (!t.known || !before || before.text.toLowerCase() !== 'at' || !/^\p{Ll}{3,}$/u.test(t.text) || t.pos === 'ADJ' || !trade || !FIRM_TRADES.has(trade.text)) return;
    const head = tokens[i - 2];
    const working = head !== undefined && head.lemma === 'work' && head.pos === 'VERB';
    if (!working && !roleNoun(head) && !JOB_NOUNS.has(head?.lemma ?? '') && !NOTICE_NOUNS.has(head?.lemma ?? '')) return;
    const next = tokens[i + 2];
    const ends = !next || ['PUNCT', 'CCONJ', 'SCONJ', 'SYM'].includes(next.pos) || /\p{Extended_Pictographic}/u.test(next.text) || AFTER_A_NAME.has(next.text.toLowerCase());
    if (ends) out.push(`${t.text} ${trade.text}`);
  });
  return out;
}

/** The last word of a name only a firm has ("fenwick labs", "ridgeline analytics", "acme ltd"). */
const FIRM_SUFFIX = [...FIRM_ONLY_ENDINGS].join('|');
/** Words that make such a phrase a thing, not a name: "computer labs", "accounting software", "my solutions". */
const NOT_FIRM_WORDS = new Set(
  'the a an my our their his her your this that these those some any new old computer research science chemistry physics biology language software data it tech accounting open source security business home school uni university college hospital medical dental lab other different'.split(' '),
);
const FIRM_AFTER_JOB_WORD = new RegExp(
  `(?<=\\b(?:at|for|from|with|joined|join|joining|quit|quitting|left|leave|leaving|to)\\s+)((?:[\\p{Ll}][\\p{Ll}&'-]*\\s+){1,2})(${FIRM_SUFFIX})(?![\\p{L}])`,
  'gu',
);

/**
 * A firm's name typed in lower case, by its last word, where an employer goes: "quit fenwick labs", "started at
 * ridgeline analytics", "joined acme ltd" ("at the labs", "with computer labs", "to accounting software" are things).
 */
export function firmNamesBySuffix(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(FIRM_AFTER_JOB_WORD)) {
    const words = (m[1] ?? '').trim().split(/\s+/);
    if (words.some((w) => NOT_FIRM_WORDS.has(w))) continue;
    out.push(`${words.join(' ')} ${m[2] ?? ''}`);
  }
  return out;
}

/**
 * Where a first name follows or precedes in a chat about partners and family: "dating jake", "engaged to jake",
 * "broke up with tom", "jake and i", "me and priya", "zoe's my girlfriend", "my brother tom", "called leo". Only there is a word the
 * name finder calls a first name taken as a name in a lower-case message: "will", "mark" or "may" elsewhere are
 * words.
 */
const PERSON_CUE_BEFORE = new RegExp(
  String.raw`(?:call me|calls me|go by|goes by|going by|nickname is|nickname's|dating|seeing|engaged to|married to|married|divorced from|divorced|dumped by|dumped|ditched|with|w\/?|called|named|i am|i'm|im|name's|names|name is|me and|me n|my (?:(?:best|older|younger|little|big|baby|twin|new)\s+)?(?:(?:step|half)-?)?(?:${[...RELATIONS, 'bf', 'gf', 'hubby', 'bro', 'sis', 'mate', 'dog', 'cat', 'puppy', 'kitten'].join('|')})(?:-in-law)?(?:\s+(?:is|was|'s))?)(?:\s+|\s*\(\s*)$`,
);
/** What the speaker is called instead, said right after a name: ", but everybody calls me", " (people call me", " but pls call me". */
const CALLED_INSTEAD = String.raw`(?:\s*,\s*(?:but\s+)?|\s*\(\s*|\s+but\s+)(?:(?:pls|please|just|you can|u can)\s+)?(?:(?:everyone|everybody|people|ppl|friends|most people|most ppl|my friends|all my friends)\s+)?calls?\s+me`;
const PERSON_CUE_AFTER = new RegExp(String.raw`^(?:${CALLED_INSTEAD}\b|\s*(?:\(\s*|,\s*)my\s+(?:bf|gf|boyfriend|girlfriend|husband|hubby|wife|partner|fianc[eé]e?|ex|brother|sister|bro|sis|son|daughter|mum|mom|dad|cousin|friend|best friend)\s*[),]|\s+(?:and|n|&)\s+(?:i|me)\b|\s+(?:just\s+|finally\s+)?(?:dumped|ditched|broke up with|split up with|left)\s+me\b|(?:\s+is|\s+was|['’]s)\s+(?:officially\s+|now\s+|finally\s+)?my\s+(?:new\s+)?(?:bf|gf|boyfriend|girlfriend|husband|hubby|wife|partner|fianc[eé]e?|brother|sister|son|daughter|ex)\b)`);

/** An introduction's opening before a name: "hey its marcus", "hi, it's jo", "this is kate btw" (from the message's start). */
const INTRODUCTION_BEFORE = /^\W*(?:(?:hi+|hey+a?|hello+|hiya+|heya+|yo+)\b[\s,!.]*)?(?:it'?s|it is|this is)\s+$/;
/** A name that opens the message, said to be here: "dana here!", "hi, jo here". */
const HERE_AFTER_OPENING = /^\W*(?:(?:hi+|hey+a?|hello+|hiya+|heya+)\b[\s,!.]*)?$/;

export function firstNamesAtPersonCues(text: string, firstNames: readonly string[]): string[] {
  const lower = text.toLowerCase();
  const opening = (at: number, after: string): boolean => INTRODUCTION_BEFORE.test(lower.slice(0, at)) || (HERE_AFTER_OPENING.test(lower.slice(0, at)) && /^\s+here\b/.test(after));
  return firstNames.filter((raw) => {
    // ("zoe's my girlfriend": the tagger's name keeps its "'s".)
    const name = lettersOnly(raw.replace(/['’]s$/i, '')).toLowerCase();
    if (!/^\p{Ll}{2,}$/u.test(name)) return false;
    for (const m of lower.matchAll(new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, 'gu'))) {
      const at = m.index ?? 0;
      const after = lower.slice(at + name.length, at + name.length + 40);
      if (PERSON_CUE_BEFORE.test(lower.slice(Math.max(0, at - 30), at)) || PERSON_CUE_AFTER.test(after) || opening(at, after)) return true;
    }
    return false;
  });
}

/** Lower-case messages longer than this are left as they are (the name finder reads the whole text). */
const RESTORE_CASE_MAX_CHARS = 1_000;

/** A capital typed as a name would be: not "I", nor a month or a day, which phones and people capitalise in lower-case chats ("i moved to leeds in March"). */
const TYPED_CAPITAL = /\b(?!I\b|(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)\p{Lu}/u;

/**
 * `text` with each known name capitalised, when the text has no capitalised word but "I" and sentence starts (a
 * chat typed in lower case). `knownNames` lists the names the library finds, possibly with trailing punctuation ("porto!!");
 * `isAcronym`, whether it knows a lower-case name as an acronym ("ibm"), written in capitals.
 */
export function restoreNameCase(text: string, knownNames: (text: string) => string[], isAcronym: (name: string) => boolean = () => false): string {
  // A phone capitalises each sentence's first letter; any other capital means names were typed as names (not the
  // "I" and the month "May" that normaliseForParsing capitalised: "i left google in may").
  const withoutSentenceStarts = text.replace(/(^|[.!?]\s+)\p{Lu}/gu, '$1x');
  if (text.length > RESTORE_CASE_MAX_CHARS || TYPED_CAPITAL.test(withoutSentenceStarts)) return text;
  let out = text;
  for (const found of knownNames(text)) {
    const name = lettersOnly(found);
    if (name.length < 2 || !/^[\p{Ll}][\p{Ll} '&.-]*$/u.test(name)) continue;
    // "my mum n dad": the name finder's company of family words, not a name.
    if (name.split(/\s+/).some((w) => RELATIONS.has(w) || /^\p{L}$/u.test(w))) continue;
    // "nhs", "pwc", "hsbc": letters without a vowel are an acronym, and so is one the name finder knows ("ibm", "bbc").
    const capitalised = /^[b-df-hj-np-tv-xz]{2,5}$/.test(name) || isAcronym(name) ? name.toUpperCase() : name.replace(/(^|[\s-])(\p{Ll})/gu, (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`);
    out = out.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'gu'), capitalised);
  }
  return out;
}

/** What chats call people without naming them ("me and wifey got married", "me and the lads"): no first name. */
const CHAT_PEOPLE_WORDS = new Set(
  'wifey hubs hubby bae babe boo missus misses lads bruv bro fam mates bestie bff bf gf sis hun hunny babes fiance fiancee ex bestfriend bezzie bezzy fella'.split(' '),
);

/** Words of a couple's news after the couple: "broke up", "split up", "got engaged", "are married". */
const COUPLE_NEWS = new Set(['broke', 'split', 'engaged', 'married', 'divorced']);

/**
 * Words no dictionary knows where a couple is named with its news: "me and priya split up", "priya and i broke up".
 * A first name the name finder does not know ("priya", "oisin") is only ever read there.
 */
export function unknownNamesInCouples(tokens: readonly ModelWord[]): string[] {
  const out: string[] = [];
  const lower = tokens.map((t) => t.text.toLowerCase());
  const and = (i: number): boolean => ['and', 'n', '&'].includes(lower[i] ?? '');
  tokens.forEach((t, i) => {
    if (t.known || !/^\p{Ll}{3,}$/u.test(t.text) || CHAT_PEOPLE_WORDS.has(t.text)) return;
    const meFirst = lower[i - 2] === 'me' && and(i - 1);
    const meLast = and(i + 1) && ['i', 'me'].includes(lower[i + 2] ?? '');
    const news = lower.slice(i + (meLast ? 3 : 1), i + (meLast ? 3 : 1) + 4).some((w) => COUPLE_NEWS.has(w));
    if ((meFirst || meLast) && news) out.push(t.text);
  });
  return out;
}

/** Listed first names that, said alone after "i'm", describe the speaker more often: "i'm ginger", "im arty". */
const DESCRIBES_A_PERSON = new Set(['ginger', 'arty', 'sandy', 'rusty', 'goldie', 'blondie', 'sunny', 'dusty', 'bubbles', 'cookie', 'precious']);

/** Who a greeting is to, before an introduction: "hey there", "hi all", "hello everyone". */
const GREETED = new Set(['there', 'all', 'everyone', 'everybody', 'guys', 'folks', 'yall', "y'all", 'team', 'peeps']);

/** Hellos a chat opens an introduction with: "hi", "heyy", "hiya". */
const GREETING = /^(?:hi+|hey+a?|hello+|hiya+|heya+|yo+|morning|evening|hiii+|helloo+)$/;

/**
 * The name in an introduction typed in lower case: "heyy im priya btw", "hi i'm oisin", "hey!\ni'm priya\nnew to leeds",
 * "i'm ravi btw", "hey, kev here", "priya here 👋", "hey its priya". A word no dictionary knows, right after a greeting and
 * "I am" (normalised from "im") or "it's", or before "btw", or before "here" at the message's start, is the speaker's
 * first name; so is a dictionary word that is a first name too (`firstNameToo`: "hi i'm max", "hey, robin here"), or a
 * listed first name the tagger reads as a verb ("hey im drew", "hi i'm will": "I am" takes no such verb).
 */
export function unknownNameAfterGreeting(tokens: readonly ModelWord[], firstNameToo: (word: string) => boolean = () => false): string[] {
  const words = tokens.filter((t) => t.text.trim() !== '');
  const lower = words.map((t) => t.text.toLowerCase());
  let i = GREETING.test(lower[0] ?? '') ? 1 : 0;
  const greeted = i === 1;
  // ("hey there, i'm joy", "hi all! im lee".)
  while ([',', '!', '.'].includes(lower[i] ?? '') || (greeted && GREETED.has(lower[i] ?? ''))) i++;
  const nameLike = (t: ModelWord | undefined): t is ModelWord =>
    t !== undefined && (!t.known || firstNameToo(t.text) || (['VERB', 'AUX'].includes(t.pos) && isNameWord(t.text))) && /^\p{Ll}{3,}$/u.test(t.text) && !/(\p{L})\1\1/u.test(t.text) && !CHAT_PEOPLE_WORDS.has(t.text) && !NOT_NAMES.has(t.text);
  // "kev here", "hey, kev here", "priya here 👋 how r u".
  const first = words[i];
  if (nameLike(first) && lower[i + 1] === 'here') return [first.text];
  // "hey its priya", "its priya btw", "hi it's oisin 👋".
  const itIs = lower[i] === 'its' ? 1 : lower[i] === 'it' && ["'s", '’s', 'is'].includes(lower[i + 1] ?? '') ? 2 : 0;
  if (!itIs && (lower[i] !== 'i' || !['am', "'m", 'm'].includes(lower[i + 1] ?? ''))) return [];
  const at = i + (itIs || 2);
  const name = words[at];
  const after = words[at + 1];
  // "hey im hungryyy": a word stretched for feeling is no name.
  if (!nameLike(name)) return [];
  // Without a greeting, only an introduction says "btw" after it ("i'm hungy lol" is a typo); a first name needs less:
  // the whole message ("i'm max 😊"), or "nice to meet", "new to", "new here" after it ("i'm lee, new to the group").
  if (!greeted) {
    const known = name.known && lower[at - 2] === 'i' && !DESCRIBES_A_PERSON.has(name.text);
    const rest = words.slice(at + 1).filter((t) => t.pos !== 'PUNCT' && !/^\p{Extended_Pictographic}/u.test(t.text)).map((t) => t.text.toLowerCase());
    const introduces = rest.length === 0 || /^(?:nice to meet|new to|new here|pleased to meet|good to meet)\b/.test(rest.join(' '));
    return lower[at + 1] === 'btw' || (known && introduces) ? [name.text] : [];
  }
  // ("hi i'm priya 👋": an emoji ends the phrase as a mark does; "hey!\ni'm priya\nnew to leeds" a line's end.)
  const lineEnds = tokens[tokens.indexOf(name) + 1]?.text.includes('\n') === true;
  return !after || lineEnds || after.pos === 'PUNCT' || after.pos === 'SYM' || /\p{Extended_Pictographic}/u.test(after.text) || AFTER_A_NAME.has(after.text.toLowerCase()) || ['here', 'and'].includes(after.text.toLowerCase()) ? [name.text] : [];
}

/** The name the speaker is called instead, after their own (CALLED_INSTEAD). */
const NICKNAME_AFTER = new RegExp(String.raw`^${CALLED_INSTEAD}\s+(\p{L}+)`, 'u');
/** A chat's interjections and short forms that open a message as a name would: "omw, pls call me when ur here". */
const NOT_A_NAME_OPENING = new Set([
  ...CHAT_SHORTHAND,
  ...'omw otw bby bb soz sry ofc welp ugh ughh omfg lmao ok okay okk kk yeah yea yep nope nah hmm hm oops sorry thanks thx ty hey hi hiya yo sup babe hun'.split(' '),
]);

/**
 * A name no dictionary knows that opens the message (after a greeting, "i'm" or "it's"), followed by what the speaker
 * is called instead: "yuki (people call me yu)", "oluwaseun but pls call me seun", "hi! siobhan, everyone calls me
 * shiv". The name a nickname is given for is the speaker's own (statements.ts reads it so once it is capitalised). What
 * follows "call me" must read as a name too (`nameLike`): "omw, pls call me when ur here" names no one.
 */
export function unknownNameBeforeNickname(tokens: readonly ModelWord[], text: string, nameLike: (word: string) => boolean): string[] {
  const words = tokens.filter((t) => t.text.trim() !== '');
  const lower = words.map((t) => t.text.toLowerCase());
  let i = GREETING.test(lower[0] ?? '') ? 1 : 0;
  while ([',', '!', '.'].includes(lower[i] ?? '')) i++;
  if (lower[i] === 'its' || lower[i] === 'im') i++;
  else if ((lower[i] === 'it' && ["'s", '’s', 'is'].includes(lower[i + 1] ?? '')) || (lower[i] === 'i' && ['am', "'m", 'm'].includes(lower[i + 1] ?? ''))) i += 2;
  const name = words[i];
  if (!name || name.known || !/^\p{Ll}{3,}$/u.test(name.text) || /(\p{L})\1\1/u.test(name.text) || CHAT_PEOPLE_WORDS.has(name.text) || NOT_NAMES.has(name.text) || NOT_A_NAME_OPENING.has(name.text)) return [];
  const at = text.toLowerCase().indexOf(name.text);
  const called = at < 0 ? null : NICKNAME_AFTER.exec(text.toLowerCase().slice(at + name.text.length));
  const nickname = called?.[1] ?? '';
  return called && nickname.length >= 2 && !NOT_CALLED.has(nickname) && !NOT_A_NAME_OPENING.has(nickname) && nameLike(nickname) ? [name.text] : [];
}

/**
 * A name no dictionary knows, given after "name is" / "name's" in lower case, or asked for ("call me lizzie", "everyone
 * calls me bex", "i go by sasha", "my nickname is bex"): "her name is priya", "my name is emma clarke" (up to two
 * words, ending the phrase; a word the name finder knows may be one of them).
 */
export function unknownNamesAfterNameIs(tokens: readonly ModelWord[], known: ReadonlySet<string>, firstNameToo: (word: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const lower = tokens.map((t) => t.text.toLowerCase());
  const cueEnd = (i: number): number => {
    const [w, next] = [lower[i], lower[i + 1] ?? ''];
    if ((w === 'name' || w === 'nickname') && ['is', "'s", 'was'].includes(next)) return i + 2;
    if ((w === 'call' || w === 'calls') && next === 'me') return i + 2;
    // ("i'm called hope", "im called dawn".)
    if (w === 'called' && ['am', "'m", 'm', 'im'].includes(lower[i - 1] ?? '')) return i + 1;
    if (['go', 'goes', 'going'].includes(w ?? '') && next === 'by') return i + 2;
    return -1;
  };
  lower.forEach((_, i) => {
    const start = cueEnd(i);
    if (start < 0) return;
    // A first name that is a word too is read after "name is" and "call me", whatever the tagger makes of it ("my name
    // is will", "call me hope"); not after "go by" ("i'm going by car").
    const goBy = ['go', 'goes', 'going'].includes(lower[i] ?? '');
    // ("pls call me coco from now on": after "call me" a nickname may be any noun; "call me crazy", "call me back" are not nouns.)
    const callMe = lower[i + 1] === 'me' && ['call', 'calls'].includes(lower[i] ?? '');
    const maybeName = (t: ModelWord): boolean => !t.known || (!goBy && (firstNameToo(t.text) || isNameWord(t.text) || (callMe && t.pos === 'NOUN')));
    const words: ModelWord[] = [];
    for (let j = start; j < start + 2 && tokens[j]; j++) {
      const t = tokens[j] as ModelWord;
      const nameLike = /^\p{Ll}{2,}$/u.test(t.text) && !/(\p{L})\1\1/u.test(t.text) && !NOT_CALLED.has(t.text) && (known.has(t.text) || maybeName(t));
      if (!nameLike) break;
      words.push(t);
    }
    const after = tokens[start + words.length];
    const fromNowOn = lower.slice(start + words.length, start + words.length + 3).join(' ') === 'from now on';
    const ends = !after || after.pos === 'PUNCT' || fromNowOn || AFTER_A_NAME.has(after.text.toLowerCase()) || ['and', 'but', 'so', 'pls', 'please'].includes(after.text.toLowerCase());
    if (words.length > 0 && ends && words.some(maybeName)) out.push(...words.filter(maybeName).map((t) => t.text));
  });
  return out;
}

/** What follows "call me" that no dictionary may know and is no name: "call me pls", "call me l8r", "call me tmrw". */
const NOT_CALLED = new Set(['pls', 'plz', 'asap', 'l8r', 'tmrw', 'tmr', 'tonite', 'lol', 'hun', 'babe', 'bby', 'xx', 'xxx']);

/**
 * A surname no dictionary knows after a first name found at a person cue: "i'm dana whitfield, nice to meet u", "my
 * name is jo mcallister". Only a word ending the phrase.
 */
export function unknownSurnamesAfter(tokens: readonly ModelWord[], firstNames: ReadonlySet<string>): string[] {
  const out: string[] = [];
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    if (!firstNames.has(t.text.toLowerCase()) || !next || next.known || !/^\p{Ll}{3,}$/u.test(next.text) || /(\p{L})\1\1/u.test(next.text) || NOT_CALLED.has(next.text)) return;
    if (!after || after.pos === 'PUNCT' || AFTER_A_NAME.has(after.text.toLowerCase()) || ['and', 'but', 'here'].includes(after.text.toLowerCase())) out.push(`${t.text} ${next.text}`);
  });
  return out;
}
