/**
 * A message's words as the tagger should read them: a chat's spellings, short forms and dropped subjects written out,
 * contractions and curly quotes made plain, shouting read in lower case (normaliseForParsing).
 */
import { OPENERS_BEFORE, SHORT_RELATIONS } from './lexicon';
import { speakerSupplied } from './speaker-supplied';

/**
 * "no longer vegan", "lol not veggie anymore", "not smoking anymore", "not drinking coffee anymore", "not eating meat
 * these days": a diet or habit given up, said without "I'm" (after any openers; not in quotes: "\"not vegan anymore\"
 * lol the headline is wild"). A habit's gerund may take up to two words of what is had before the "anymore".
 */
const DIET_GIVEN_UP_WITHOUT_I = new RegExp(
  String.raw`^([^\p{L}\p{N}"“”'‘’]*${OPENERS_BEFORE})(?=(?:no longer\s+(?:an?\s+)?(?:vegan|vegetarian|veggie|pescatarian|teetotal|sober|smoking|drinking|vaping)\b|not\s+(?:an?\s+)?(?:vegan|vegetarian|veggie|pescatarian|teetotal|sober|smoking|drinking|vaping)\s+(?:any ?more|any longer)\b|not\s+(?:drinking|smoking|eating|vaping)\s+(?:[\p{L}-]+\s+){1,2}(?:any ?more|any longer|these days|nowadays)(?=\s*(?:$|[.!,;…]|lol\b|tbh\b|haha\b|honestly\b|\p{Extended_Pictographic}))))`,
  'gimu',
);

/** Where one lives or comes from, after an introduction's name or age: "…, living in Leeds", "… and based in Bristol". */
const HOME_AFTER_SELF = String.raw`(?:currently\s+)?(?:living|based)\s+in\b|(?:originally\s+)?from\s+\p{Lu}`;
/**
 * "I'm Dana, 34, living in Leeds", "I'm Dana, from Leeds": an introduction (or an age) followed by more of the speaker,
 * parted by commas — an age, where they live or come from. Each part is made its own "I'm …" sentence, as the clause
 * reader takes one statement from an introduction. ("From" only before a capital: "I'm Dana, from the council" is a job.)
 */
const SELF_THEN_MORE = new RegExp(
  String.raw`((?:^|[\s,.!;:(])(?:[Ii]['’]?m|IM|[Ii] am)\s+(?:\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?|\d{1,2}(?:\s*(?:yo|y\/o|years? old))?))(?:\s*,\s*(?=\d{1,2}(?:\s*(?:yo|y\/o|years? old))?\s*(?:[,.!;]|and\b|$)|${HOME_AFTER_SELF})|\s+and\s+(?=${HOME_AFTER_SELF}))`,
  'gu',
);
/**
 * SELF_THEN_MORE, part after part: "I'm Dana, 34, living in Leeds" → "I'm Dana. I'm 34. I'm living in Leeds"; "I'm Dana
 * Whitfield, 29 and based in Bristol" → "… I'm 29. I'm based in Bristol".
 */
function selfThenMore(text: string): string {
  let out = text;
  for (let i = 0; i < 3; i++) {
    const next = out.replace(SELF_THEN_MORE, "$1. I'm ");
    if (next === out) break;
    out = next;
  }
  return out;
}

/** A move or a job said in the future ("im gonna move", "we're planning to start", "we'll be moving", "i will join"). */
const CHANGE_VERB = '(move|relocate|start|join|moving|relocating|starting|joining)';
const FUTURE_CHANGE = [
  new RegExp(String.raw`\b(?:(i)(?:['’]?m|\s+am)?|(we)(?:['’]re|\s+are)?)\s+(?:going to|gonna|planning to|planning on|about to)\s+${CHANGE_VERB}\b`, 'gi'),
  new RegExp(String.raw`\b(?:(i)|(we))(?:['’]ll|\s+will)\s+(?:be\s+)?${CHANGE_VERB}\b`, 'gi'),
];
const CHANGE_ING: Readonly<Record<string, string>> = { move: 'moving', relocate: 'relocating', start: 'starting', join: 'joining' };
/** FUTURE_CHANGE said as the progressive, which reads as a plan ("i'm gonna move to leeds in march" → "i'm moving …"). */
function futureAsPlan(text: string): string {
  return FUTURE_CHANGE.reduce(
    (out, re) => out.replace(re, (_, i: string | undefined, we: string | undefined, verb: string) => `${i !== undefined ? `${i}'m` : `${we ?? 'we'}'re`} ${CHANGE_ING[verb.toLowerCase()] ?? verb.toLowerCase()}`),
    text,
  );
}

const MONTHS_BY_SHORT_NAME: Readonly<Record<string, string>> = Object.fromEntries(
  ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'].map((m) => [m.slice(0, 3), m]),
);

/** An emoji that opens a message or a line, or follows its openers ("omg 😬 i quit"): the tagger makes it the clause's first word. */
const LEADING_EMOJI = new RegExp(String.raw`((?:^|\n)${OPENERS_BEFORE})\s*[\p{Extended_Pictographic}\p{Regional_Indicator}][\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}\uFE0F\u200D\s]*(?=[\p{L}\p{N}])`, 'giu');

/** A correction's frame before the corrected statement: "sorry typo, I meant I live in …", "correction: I work at …". */
const CORRECTION_FRAME = /^\s*(?:(?:sorry|oops|typo|wait|no|ugh|ok|okay)\b[\s,!.:]*)*(?:(?:I|i) meant|(?:I|i) mean|correction\s*:)\s*,?\s*(?=(?:I|i|my|My)\b)/;

/**
 * Curly quotes, contractions and a lower-case "i" normalised so the tagger sees plain words; shouting ("I DROVE TO
 * LIDL ALONE") read in lower case, as the tagger knows no capitalised verbs; a number with a unit before a full stop
 * ("i ran 5k. first run since april") split from it, or the tagger reads "k." as an initial and the sentence runs on.
 */
export function normaliseForParsing(text: string): string {
  return speakerSupplied(normalisedWords(text));
}

/** The words of a message as the tagger should see them (see normaliseForParsing). */
function normalisedWords(text: string): string {
  return futureAsPlan(unshouted(selfThenMore(text.replace(CORRECTION_FRAME, ''))))
    // ("😬 I'm not vegan anymore")
    .replace(LEADING_EMOJI, '$1')
    // "no joke i got the job", "jokes aside i've moved to bristol", "not gonna lie …", "bro i quit my job": said in earnest.
    .replace(/^(\W*)(?:no jokes?|jokes aside|on a (?:more )?serious note|not gonna lie|i kid you not|swear down|believe it or not|(?:i'?m|im) (?:being )?(?:serious|not kidding|not joking)|this (?:is not|isn'?t) a joke|bro|y'?all)\b[\s,:!.-]*(?=\p{L})/iu, '$1')
    // "i'm a nurse lol no i'm a teacher", "i'm a chef lol jk i'm an accountant": the joke, then what is so (as "wait no").
    .replace(/\s+(?:(?:lol|haha+|lmao|😂)\s+)+(?:no+|jk|nah)\s*,?\s+(?=(?:i'?m|im|i am|i live|i work|my name|it'?s|i'?ve)\b)/giu, '. wait no. ')
    // "i used to smoke", "I used to vape but …": a habit had once and given up, as "I don't smoke anymore" says.
    .replace(/\b[Ii]\s+used to (smoke|vape|drink)(?=\s*(?:$|[.!,;…]|but\b|lol\b|tbh\b|haha\b|though\b|tho\b|\p{Extended_Pictographic}))/gu, "I don't $1 anymore")
    // "i quit smoking and so did my brother": the speaker's news; the tail says someone did the same.
    .replace(/\s*,?\s*(?:and|&)\s+so\s+(?:did|has|have|is|was|are|does|do)\s+(?:my\s+|his\s+|her\s+|our\s+)?[\p{L}'-]+(?:\s+[\p{L}'-]+)?(?=\s*(?:$|[.!,;…]|lol|\p{Extended_Pictographic}))/giu, '')
    // "quit smoking in jan and never looked back": a give-up said firmly; the tail denies nothing of it.
    .replace(/\s*,?\s*(?:and|&)\s+(?:have\s+|I've\s+|I have\s+)?(?:never|haven'?t|not)\s+(?:looked back|started again|touched (?:one|it|them|a drop|a cig)(?: since)?|had (?:one|a drop|a cig) since)\b(?=\s*(?:$|[.!,;…]|since|\p{Extended_Pictographic}))/giu, '')
    // "ui designer @ rakuten": "@" between words, spaced, is "at" (a handle or an address has no space after it).
    .replace(/(?<=\p{L})\s+@\s+(?=\p{L})/gu, ' at ')
    // A phone's short forms of days and weeks, so the time reader knows them ("yday", "2 wks ago", "tmrw").
    .replace(/\b(?:yday|ystd|ystrdy|yest)\b/gi, 'yesterday')
    .replace(/\b2day\b/gi, 'today')
    // "self employed": the state the rules know as "self-employed".
    .replace(/\bself\s+employed\b/gi, 'self-employed')
    // "handed in my notice yday tho": the tagger reads "tho" as a noun of the phrase before it; it is "though".
    .replace(/\btho\b/gi, 'though')
    // "in may", "last may", "the 3rd of may": the month, typed in lower case, which the tagger reads as "may" the verb.
    .replace(/(?<=\b(?:in|since|until|till|from|by|last|next|this|early|late|mid|of)\s+)may(?=[.,!?;:)]|\s*$|\s+(?:\d|last|this|next|and|but|lol|haha|so|then|when|after|before|or|because|cos|I|i|we|my)\b)/g, 'May')
    // "since jan", "in sept", "end of feb": a month by its short name, written out for the time reader. Its dot is an
    // abbreviation's before a number ("jan. 5th"), else a full stop ("gave up drinking in jan. relapsed in june").
    .replace(/(?<=\b(?:since|in|from|until|till|by|last|next|this|early|late|mid|of)\s+)(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b(?!['’]s)(?:\.(?=\s*\d))?/gi, (short: string) => MONTHS_BY_SHORT_NAME[short.toLowerCase().replace('.', '').slice(0, 3)] ?? short)
    // A chat's short names of family and partners, after an owner: "my bf", "our sis", "my hubby".
    .replace(/\b(my|our|his|her|your|ur) (new |little |lil |big |baby |twin |older |younger |ex )?(bf|gf|sis|bro|hubby|wifey|bestie|bff)\b/gi, (_, owner: string, fresh: string | undefined, short: string) => `${owner} ${fresh?.replace(/^lil /i, 'little ') ?? ''}${SHORT_RELATIONS[short.toLowerCase()] ?? short}`)
    .replace(/\b(?:tmrw|tmr|tmw|2moro|2morrow|tomoz)\b/gi, 'tomorrow')
    .replace(/\bso{3,}\b/gi, 'so')
    // "this time last year", "sunday just gone": when, as the time reader knows it.
    .replace(/\bthis time last (year|month|week)\b/gi, 'a $1 ago')
    .replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend) just gone\b/gi, 'last $1')
    // A chat's dropped g of the habits and changes read ("gave up drinkin", "been smokin'", "livin in leeds now").
    .replace(/\b(drink|smok|vap|eat|liv|work|stay|mov|dat|see)in'?(?=[\s.,!?]|$)/gi, '$1ing')
    // "a job w the nhs", "living w/ my parents": a chat's "with".
    .replace(/(?<=\s)w\/?(?=\s+\p{L})/gu, 'with')
    .replace(/(?<=\b(?:\d+|a|last|next|this|few|couple of)\s+)wks?\b/gi, (w) => (w.length > 2 ? 'weeks' : 'week'))
    // "got the sack", "my names Dave", "im Ahmed btw": said the chat's way (not "got the sack of flour", "… from Santa").
    .replace(/\bgot the (?:sack|boot|axe)(?=\s*(?:$|[.!,?]|lol|haha|today|yesterday|last|this|on\b|at work|from work|from my job))/gi, 'got sacked')
    .replace(/\bmy names(?=\s+\p{Lu}|\s+\p{Ll}+\s*(?:btw|lol|x+)?\s*(?:[.,!?]|$))/gu, 'my name is')
    .replace(/\b(my|our) (boyfriend|girlfriend|husband|wife|partner|sister|brother|mum|mom|dad|son|daughter|dog|cat)s name(?= is\b)/gi, "$1 $2's name")
    // "im plant based now": the tagger reads "plant" and "based" as verbs; the diet they name is vegan (lexicon.ts DIET_NAMES).
    .replace(/(?<=\b(?:i'?m|i am|im|been|am|went|gone|going|go)\s+(?:(?:now|fully|mostly|basically|officially|totally)\s+)?|(?:^|\n)\s*)plant[- ]?based\b(?!\s+(?:milk|food|meals?|burgers?|options?|products?|diet\s+for))/gi, 'vegan')
    // "been veggie since jan", "im not veggie anymore": the tagger reads "veggie" as a noun; the diet is vegetarian.
    .replace(/(?<=\b(?:i'?m|i am|im|been|am|went|gone|going|go|being|longer|not)\s+(?:(?:now|fully|mostly|basically|officially|totally|a)\s+)?)veggie\b(?!\s+(?:burgers?|sausages?|options?|food|meals?|box|patch|lasagne|curry|dishes?|version))/gi, 'vegetarian')
    // "no longer vegan", "not vegetarian anymore 😬": a diet or habit given up, said without "I'm".
    .replace(DIET_GIVEN_UP_WITHOUT_I, "$1I'm ")
    .replace(/(?<![\p{L}'])im(?=\s+\p{Lu}\p{Ll}+\s*,?\s*(?:by the way|btw)\b)/gu, 'I am')
    // "on tues", "last weds": days the time reader does not know by these short names.
    .replace(/(?<=\b(?:on|last|this|next)\s+)(tues|weds|thurs)\b/gi, (d) => ({ tues: 'tuesday', weds: 'wednesday', thurs: 'thursday' })[d.toLowerCase()] ?? d)
    // "2yrs ago", "3ish weeks ago": a count the time reader can read.
    .replace(/\b(\d+)(yrs?|mths?|wks?)\b/gi, (_, n: string, u: string) => `${n} ${/^y/i.test(u) ? 'years' : /^m/i.test(u) ? 'months' : 'weeks'}`)
    .replace(/\b(\d+)ish(?=\s+(?:days?|weeks?|months?|years?)\b)/gi, '$1')
    .replace(/\b((?:a|an|\d+|one|two|three|four|five|six) (?:days?|weeks?|months?|years?)) or so ago\b/gi, '$1 ago')
    // "2 and a half years ago", "a year and a half ago": as "2.5 years ago", which the time reader knows.
    .replace(/\b(\d+) and a half (days|weeks|months|years)\b/gi, '$1.5 $2')
    .replace(/\ban? (day|week|month|year) and a half\b/gi, '1.5 $1s')
    // "back in '21", "since '19": the year in full.
    .replace(/(?<=\b(?:in|since|from)\s+)['’](\d{2})\b/g, '20$1')
    // "2 yrs ago", "6 mths ago", "a yr ago"; and "a month back", "3 weeks back": as long ago.
    .replace(/(?<=\b(?:\d+|a|an|last|next|this|few|couple of)\s+)(?:yrs?|mths?|mnths?|mos)\b/gi, (w) => (/^y/i.test(w) ? 'year' : 'month') + (/s$/i.test(w) && !/^an?$/i.test(w) ? 's' : ''))
    .replace(/\b((?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of)\s+(?:days?|weeks?|months?|years?))\s+back\b(?!\s+(?:to|in|at|on|from|home|then)\b)/gi, '$1 ago')
    .replace(/(\d\p{L}{1,3})\.(?=\s)/gu, '$1 .')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\bi(?=\s|'|$)/g, 'I')
    .replace(/\bI'm\b/gi, 'I am')
    .replace(/\bIm\b/g, 'I am')
    // A phone's chat without apostrophes: "im allergic to peanuts", "ive got a dog" ("ill", "id" are words).
    // Only before a word in lower case or the end: German "im Urlaub" is "on holiday", not a name.
    .replace(/(?<![\p{L}'])im(?=\s+[\p{Ll}\p{N}]|[\s.!?]*$)/gu, 'I am')
    // After a greeting it is an introduction: "hi im Dana Whitfield".
    .replace(/(?<=\b(?:hi|hey|hello|hiya|heya|hallo|yo)\b[\s,!.]*)im(?=\s+\p{Lu})/giu, 'I am')
    .replace(/(?<![\p{L}'])ive(?=\s+[\p{Ll}\p{N}]|[\s.!?]*$)/gu, 'I have')
    .replace(/\bI've\b/gi, 'I have')
    // "we're living in Lisbon now", "we've moved to Leeds": the speaker's home too (statements.ts reads "we" so).
    .replace(/\bwe're\b/gi, 'we are')
    .replace(/\bwe've\b/gi, 'we have')
    .replace(/\bI'd\b/gi, 'I would')
    .replace(/\bI'll\b/gi, 'I will')
    .replace(/\b(do|does|did|is|was|were|are|have|has|had|would|could|should)n'?t\b/gi, '$1 not')
    .replace(/\bdont\b/gi, 'do not')
    .replace(/\bcan'?t\b/gi, 'can not')
    .replace(/\bcannot\b/gi, 'can not')
    .replace(/\bwon'?t\b/gi, 'will not')
    .replace(/\b(it|that|he|she|there|what|who)'s\b/gi, '$1 is')
    // "I used to hate coffee but now I love it": the change of mind names its thing, so it can be read.
    .replace(CHANGED_FEELING, (whole: string, thing: string, pronoun: string) => whole.slice(0, whole.length - pronoun.length) + thing);
}

/** A feeling that was, then the one now about "it": the thing named once, before a contrast and "now". */
const CHANGED_FEELING =
  /\b(?:used to (?:hate|like|love|dislike|enjoy|can not stand)|hated|loved|liked|disliked|never liked|never used to like)\s+((?:[\p{Ll}\p{Lu}-]+\s+){0,2}?[\p{Ll}\p{Lu}-]+)\s*,?\s+(?:but|and|,)\s+(?:now|these days|nowadays)\s*,?\s+I\s+(?:really\s+|actually\s+|kind of\s+|kinda\s+|absolutely\s+)?(?:love|like|hate|dislike|enjoy|can not stand|do not like|adore)\s+(it|them)\b/gu;

/**
 * Words in capitals in a row, punctuation after each allowed: "I GOT THE JOB!!!", "I HAVE A DOG", "ON THE 1ST". One pass, each
 * word's parts in a fixed order, so it cannot backtrack over a long run of capitals.
 */
const CAPITALS_RUN_RE = /(?<![\p{L}\p{N}])(?:\p{N}*\p{Lu}+(?:['’]\p{Lu}+)*[!?.,]*(?:\s+|$)){2,}/gu;

/**
 * A shout read in lower case: a run of capitalised words with three words or more, or one of four letters or
 * more ("I DROVE TO LIDL ALONE", "I GOT THE JOB!!!"). Two short ones are acronyms and stay: "IBM NYC", "NHS IT".
 */
function unshouted(text: string): string {
  return text.replace(CAPITALS_RUN_RE, (run) => {
    const words = run.trim().split(/\s+/);
    return words.length >= 3 || words.some((w) => w.replace(/\P{L}/gu, '').length >= 4) ? run.toLowerCase() : run;
  });
}
