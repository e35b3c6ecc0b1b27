/**
 * A short answer to a question put to the speaker, read as the statement it makes: "do you still smoke?" / "nope quit
 * in august" says "I don't smoke anymore. I quit smoking in august"; "u still at tesco?" / "nah left in june" says
 * "I'm not at tesco anymore. I left tesco in june"; "where do you live now?" / "leeds" says "I live in leeds now".
 * Alone, "nope quit in august" names no habit and "leeds" no home. The caller keeps only what fills a slot (a home, a
 * job, a habit, a diet, a partner), so "do you want pizza?" / "yeah" teaches nothing.
 */
import { indefiniteArticle } from '../../../src-shared/text';
import { asName } from './corrections';
import { OPENERS, PETS, RELATIONS, SHORT_RELATIONS } from './lexicon';

/** The question, when it is one the next speaker can answer about themselves. */
interface Asked {
  /** "do you (still) smoke?" asks of a doing; "are you (still) at tesco?" of a state; "where do you live?" of a place. */
  kind: 'do' | 'are' | 'where' | 'name' | 'job' | 'age' | 'their-name';
  /** What is asked of: "smoke", "eat meat", "at tesco", "vegan"; for `where`, "live", "work" or "from"; for `their-name`, the relation ("wife"). */
  asked: string;
  /** Whether the question asks whether it still holds ("still", "anymore", "these days"). */
  still: boolean;
}

// The openers a clause may have (lexicon.ts), but for "still" and the answers' own words, and "random q", "wait". (The
// list holds the words of its phrases one by one, "guess what" as "guess" and "what": a question keeps its "what".)
const NOT_OPENING_A_QUESTION = new Set(['still', 'now', 'yes', 'no', 'yeah', 'nah', 'yep', 'yup', 'what', 'the', 'by', 'way', 'fun', 'fact', 'guess']);
const OPENING = String.raw`^(?:(?:${[...OPENERS].filter((w) => !NOT_OPENING_A_QUESTION.has(w)).sort((a, b) => b.length - a.length).join('|')}|random(?:\s+q(?:uestion)?)?|wait)\b[\s,:!.-]*)*`;
const YOU = String.raw`(?:you|u|ya)`;
const STILL_TAIL = /\s+(?:anymore|any more|these days|nowadays|now|atm|rn|at the moment)$/;
/** Words a state asked of with "you still …?" opens with, where no "are" is said: "u still at tesco?", "still vegan?". */
const STATE_OPENERS = new Set(['at', 'in', 'with', 'on', 'a', 'an', 'the', 'single', 'vegan', 'vegetarian', 'veggie', 'pescatarian', 'sober', 'married', 'engaged', 'seeing', 'working', 'living', 'dating', 'together', 'smoking', 'drinking', 'vaping']);
/** The longest a question or an answer read here may be: a real one is short. */
const MAX_WORDS = 8;

/** The question `text` ends with, lower-case, without its "?" and the openers before it ("random q, do u …"); null when it ends with none. */
function lastQuestion(text: string): string | null {
  const last = /([^.!?\n]*\?+)\s*[\p{Extended_Pictographic}\uFE0F\s]*$/u.exec(text)?.[1];
  if (!last) return null;
  return last
    .toLowerCase()
    .replace(/[?!\s]+$/, '')
    .replace(/[’]/g, "'")
    .replace(/\s@\s*/g, ' at ')
    .replace(/\bwiv\b/g, 'with')
    .trim()
    .replace(new RegExp(OPENING), '');
}

/** The question `text` ends with, as `Asked`; null when it asks nothing the answerer could say of themselves. */
export function askedOf(text: string): Asked | null {
  const q = lastQuestion(text);
  if (q === null) return null;
  if (q.split(/\s+/).length > MAX_WORDS) return null;
  if (/^what'?s?\s+(?:is\s+)?(?:your|ur)\s+name$/.test(q)) return { kind: 'name', asked: 'name', still: false };
  // "what's your wife's name?", "what's ur bf called?", "what's your dog called?": the name of someone the speaker has.
  const whose = /^what'?s?\s+(?:is\s+)?(?:your|ur)\s+([\p{L}-]+?)(?:'?s\s+name|\s+called)$/u.exec(q)?.[1];
  const relation = whose === undefined ? undefined : (SHORT_RELATIONS[whose] ?? whose);
  if (relation !== undefined && (RELATIONS.has(relation) || PETS.has(relation))) return { kind: 'their-name', asked: relation, still: false };
  if (new RegExp(String.raw`^where\s+(?:are|r)\s+${YOU}\s+(?:originally\s+)?from(?:\s+originally)?$`).test(q)) return { kind: 'where', asked: 'from', still: false };
  if (new RegExp(String.raw`^how\s+old\s+(?:are|r)\s+${YOU}(?:\s+(?:now|then))?$|^(?:what'?s?\s+(?:is\s+)?)?(?:your|ur)\s+age$`).test(q)) return { kind: 'age', asked: 'age', still: false };
  const now = String.raw`(?:\s+(?:now|these days|nowadays|atm|rn|at the moment))?`;
  const where = new RegExp(String.raw`^where\s+(?:do|d)\s+${YOU}\s+(live|work)${now}$|^where\s+(?:are|r)\s+${YOU}\s+(living|working|based)${now}$|^where'?s?\s+(?:is\s+)?(home)${now}$`).exec(q);
  if (where) return { kind: 'where', asked: /^work/.test(where[1] ?? where[2] ?? '') ? 'work' : 'live', still: false };
  if (/^what\s+(?:do|d)\s+(?:you|u)\s+do(?:\s+for\s+(?:work|a\s+living))?$|^what'?s?\s+(?:is\s+)?(?:your|ur)\s+job$/.test(q)) return { kind: 'job', asked: 'job', still: false };
  const doing = new RegExp(String.raw`^(?:do|d)\s+${YOU}\s+(still\s+)?(.+)$`).exec(q);
  const being = new RegExp(String.raw`^(?:are|r)\s+${YOU}\s+(still\s+)?(.+)$`).exec(q);
  const bare = new RegExp(String.raw`^(?:${YOU}\s+)?(still)\s+(.+)$`).exec(q);
  const found = doing ? { kind: 'do' as const, m: doing } : being ? { kind: 'are' as const, m: being } : bare ? { kind: null, m: bare } : null;
  if (!found) return null;
  const tail = STILL_TAIL.exec(found.m[2] ?? '');
  const asked = (found.m[2] ?? '').replace(STILL_TAIL, '').trim();
  // (Not of two things at once: "do you still smoke and drink?" / "no" says nothing of each alone.)
  if (!asked || /\b(?:you|u|your|ur|i|me|my|it|that|this|what|how|why|when|who|or|and|nor|guys|all|lot|both|two)\b/.test(asked)) return null;
  const kind = found.kind ?? (STATE_OPENERS.has(asked.split(/\s+/)[0] ?? '') ? 'are' : 'do');
  return { kind, asked, still: found.m[1] !== undefined || tail !== null };
}

const YES = /^(?:yes|yeah|yea|yep|yup|ya|yah|yh|ye|ofc|of course|sure do|still do|i do|i still do|i am|still am|sadly yes|sadly|unfortunately|afraid so|always|definitely)\b/;
// ("not really, only when i'm drunk" hedges: no answer read.)
const NO = /^(?:no+|nope+|nah+|naw+|nay|not anymore|not any more|no longer|never|not at all|haven'?t for (?:ages|years|months)|i don'?t|i'?m not|not since)\b/;
/** Fillers between the yes or no and what follows: "nope, quit in august", "yeah lol", "nah mate". */
const FILLER = /^(?:[\s,.!…:;-]|lol\b|haha+\b|lmao\b|mate\b|babe\b|hun\b|sadly\b|thank god\b|thankfully\b)+/;
/** A give-up said without what was given up: "quit in august", "i stopped last year", "gave up ages ago", "left in june". */
const BARE_GIVE_UP = /^(?:i\s+)?(quit|stopped|gave up|give up|packed (?:it )?in|left|broke up|split up|moved out)(?=\s+(?:in|on|last|this|after|before|over|around|about|like|ages|a|an|\d|yesterday|recently|at|when|the|back|years?|months?|weeks?)\b|\s*$|\s*[,.!])/;

/** The "-ing" form of a verb: "smoke" → "smoking", "run" → "running", "see" → "seeing". */
function gerund(verb: string): string {
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(verb) && verb.length > 2) return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/** What a bare give-up gave up, by how the question asked: "smoking", "tesco", "with tom", "being vegan". */
function objectOf(asked: Asked, verb: string): string | null {
  if (asked.kind === 'do') {
    const [first = '', ...rest] = asked.asked.split(/\s+/);
    return ['quit', 'stopped', 'gave up', 'give up'].includes(verb) ? [gerund(first), ...rest].join(' ') : null;
  }
  const place = /^(at|in|with)\s+(.+)$/.exec(asked.asked);
  if (place) {
    const [, prep, what] = place;
    // (Written as a name, so the reader takes "target" or "hove" for one.)
    const named = asName(what ?? '');
    if (prep === 'with') return verb === 'broke up' || verb === 'split up' ? `with ${named}` : null;
    if (verb === 'moved out') return `of ${named}`;
    return verb === 'left' ? named : null;
  }
  if (/^(?:smoking|drinking|vaping)$/.test(asked.asked)) return ['quit', 'stopped', 'gave up', 'give up'].includes(verb) ? asked.asked : null;
  return ['quit', 'stopped', 'gave up', 'give up'].includes(verb) && !/\s/.test(asked.asked) ? `being ${asked.asked}` : null;
}

/** How the reader tells a name from an everyday word, and a place from a firm. */
export interface AnswerJudge {
  /** Whether a single word is an everyday word and no name ("why", "dunno"; not "leeds", "tesco"). */
  isEverydayWord(word: string): boolean;
  /** The kind of name the words are (person, place, organization), when the name finder knows them. */
  kindOf(words: string): string | undefined;
}

/** Said around a name given as an answer: "uh leeds", "still leeds", "leeds innit", "Leeds 😊", "leeds, you?". */
const BEFORE_A_NAME = /^(?:(?:uh+|um+|erm+|er|oh|well|still|in|at|it'?s|its|i'?m|im|my name'?s|name'?s|originally|born in)\s+)*/;
const AFTER_A_NAME = /(?:[\s,.!…]+(?:now|atm|rn|these days|still|lol|haha+|innit|mate|tbh|x+|you|u|hbu|wbu|why|and you|what about you|how about you|for my sins|for now|originally)\b)*[\s,.!?…\p{Extended_Pictographic}\uFE0F\u200D]*$/u;
const A_NAME = /^(?!(?:a|an|the|my|our|his|her|their)\s)[\p{L}][\p{L}'-]*(?:\s+(?:&\s+)?[\p{L}][\p{L}'-]*){0,2}$/u;
/** Where work is, not whom for: "leeds city centre", "in town", "from home". */
const WORK_PLACE_WORDS = /\b(?:city|centre|center|town|home|office|uptown|downtown)\b/;

/** Answers that name nothing, which the dictionary may not know: "dunno", "idk", "nowhere". */
const NO_NAME_ANSWERS = new Set(['dunno', 'idk', 'dno', 'nowhere', 'everywhere', 'somewhere', 'here', 'there', 'home', 'same', 'secret', 'why', 'what', 'huh', 'hmm', 'lol', 'haha', 'nah', 'no', 'yes', 'yeah', 'ok', 'okay', 'unemployed', 'nobody', 'none', 'nothing', 'nothing much', 'not much', 'student', 'retired', 'work', 'stuff', 'this and that']);

/** The name an answer gives, when it is one said alone ("leeds", "uh leeds innit", "Marks & Spencer"). */
function nameSaid(said: string, judge: AnswerJudge, everydayToo = false): string | null {
  const bare = said.replace(AFTER_A_NAME, '').replace(BEFORE_A_NAME, '').trim();
  // ("just outside york", "near leeds": somewhere else than the name.)
  if (!A_NAME.test(bare) || NO_NAME_ANSWERS.has(bare) || /^(?:just|near|outside|nr|by)\b/.test(bare)) return null;
  // ("google", "next" are everyday words too: a name the name finder knows is a name.)
  // (A pet's name is as often a word, "biscuit"; not a pronoun or a word of the question.)
  if (everydayToo && !/\s/.test(bare) && !/^(?:he|she|it|him|her|they|them|who|why|what|which|mine|ours|called|name|same|ask)$/.test(bare)) return asName(bare);
  if (bare.split(/\s+/).every((w) => w === '&' || judge.isEverydayWord(w)) && judge.kindOf(bare) === undefined) return null;
  // Written as a name, so the reader takes "marks & spencer" or "jo" for one.
  return asName(bare);
}

/**
 * The statement `answer` makes about its speaker as an answer to `question`, in the first person; null when it is no
 * answer read here (a question back, a long message, a yes or no to something else, a city for where one works).
 */
export function answeredText(question: string, answer: string, judge: AnswerJudge): string | null {
  const asked = askedOf(question);
  if (!asked) return null;
  // ("🚭 quit in august", "nooo": read past an emoji; a question back, "leeds, you?", still answers.)
  const said = answer.toLowerCase().replace(/[’]/g, "'").replace(/^[^\p{L}\p{N}]+/u, '').trim();
  if (said.replace(AFTER_A_NAME, '').includes('?') || said.split(/\s+/).length > MAX_WORDS) return null;
  if (asked.kind === 'job') {
    // "nurse", "a midwife lol", "software engineer": the reader keeps it only as a job (an occupation's slot).
    const job = /^(?:(?:i'?m|im|i am)\s+)?(?:an?\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)(?:\s+(at|for)\s+([\p{L}'&-]+(?:\s+[\p{L}'&-]+){0,2}))?(?:[\s,.!…]+(?:lol|haha+|for my sins|tbh|atm|rn|now)\b)*[\s.!…\p{Extended_Pictographic}\uFE0F]*$/u.exec(said);
    const role = job?.[1];
    if (!role || NO_NAME_ANSWERS.has(role)) return null;
    // ("nurse at st james": a role at a workplace, written as a name so the reader takes it for one; "at the local
    // hospital" names none.)
    const at = job?.[3] && !/^(?:the|a|an|my|home|work|uni|school)\b/.test(job[3]) ? ` ${job[2] ?? 'at'} ${asName(job[3])}` : '';
    return `I'm ${indefiniteArticle(role)} ${role}${at}.`;
  }
  if (asked.kind === 'age') {
    // "34", "34 lol", "i'm 34", "just turned 34", "34, 35 in may", "52, why?", "34!! ancient": an age a grown-up has (the
    // reader's own check follows).
    const age = /^(?:(?:i'?m|im|i am|just turned|turned|turning)\s+)?(\d{1,3})(?:\s*(?:yo|y\/o|years? old|yrs? old))?(?:(?:\s*[,.!(…]+|\s+(?:lol|haha+|lmao|sadly|unfortunately|now|tbh|mate)\b)(?:[^\d]{0,30}|\s*\d{1,3}\s+(?:in|on|next)\b.*))?[\s.!…\p{Extended_Pictographic}\uFE0F]*$/u.exec(said.replace(AFTER_A_NAME, ''));
    const years = Number(age?.[1]);
    // ("99 lol": a joke.)
    const joking = years >= 90 && /\b(?:lol|haha+|lmao|jk)\b|😂|🤣/u.test(said);
    return age && !joking && !/^turning\b/.test(said) && years >= 16 && years <= 110 ? `I'm ${years}.` : null;
  }
  if (asked.kind === 'where' || asked.kind === 'name' || asked.kind === 'their-name') {
    const name = nameSaid(said, judge, asked.kind === 'their-name' && PETS.has(asked.asked));
    if (!name) return null;
    // ("what's your dog called?" / "Dog lol": no name.)
    if (asked.kind === 'their-name' && name.toLowerCase() === asked.asked) return null;
    if (asked.kind === 'their-name') return judge.kindOf(name) === 'place' || judge.kindOf(name) === 'organization' ? null : `My ${asked.asked} is called ${name}.`;
    if (asked.asked === 'from') return `I'm from ${name}.`;
    // ("call me Bex" is what to call them, which the message says itself: no name.)
    if (asked.kind === 'name') return judge.kindOf(name) === 'place' || /^(?:just\s+)?(?:call me|they call me|everyone calls me)\b/.test(said) ? null : `My name is ${name}.`;
    if (asked.asked === 'live') return `I live in ${name} now.`;
    return judge.kindOf(name) === 'place' || WORK_PLACE_WORDS.test(name) ? null : `I work at ${name} now.`;
  }
  // ("yeah nah" is no; "nah yeah" yes.)
  const yes = /^yeah,?\s+nah\b/.test(said) ? null : YES.exec(said) ?? /^nah,?\s+yeah\b/.exec(said);
  const no = yes ? null : NO.exec(said) ?? /^yeah,?\s+nah\b/.exec(said);
  const rest = said.slice((yes ?? no)?.[0].length ?? 0).replace(FILLER, '');
  // A give-up said alone answers no ("quit in august"), whatever came before it ("yes quit in august").
  const giveUp = BARE_GIVE_UP.exec(rest);
  const object = giveUp?.[1] ? objectOf(asked, giveUp[1] === 'quit' && /^at\s/.test(asked.asked) ? 'left' : giveUp[1]) : null;
  // ("u still at target?" / "nope, quit back in june": a job quit is a job left.)
  const verb = giveUp?.[1] === 'quit' && /^at\s/.test(asked.asked) ? 'left' : giveUp?.[1];
  if (verb && object) return `I ${verb} ${object}${rest.slice(giveUp?.[0].length ?? 0)}`;
  if (!yes && !no) return null;
  // A yes or no with more to it says something else: "yep, water", "nope, only chicken", "yep... joking".
  if (rest && !/^(?:but|tho|though|still|always|never|not|anymore|any more|no longer|at all|ever|since|for|every|daily|sadly|unfortunately|thank god|ofc|obviously|definitely|100%|lol|haha)\b/.test(rest) && !(no?.[0] === 'not since')) return null;
  // "do you drink?" / "not since march": stopped then.
  const since = no?.[0] === 'not since' && asked.kind === 'do' ? /^[\p{L}\p{N}' ]{2,30}$/u.exec(rest)?.[0] : undefined;
  if (since) {
    const [first = '', ...more] = asked.asked.split(/\s+/);
    return `I stopped ${[gerund(first), ...more].join(' ')} ${MONTH_OR_SEASON.test(since) ? `in ${since}` : since}.`;
  }
  const anymore = asked.still ? ' anymore' : '';
  if (asked.kind === 'do') return yes ? `I ${asked.still ? 'still ' : ''}${asked.asked}.` : `I don't ${asked.asked}${anymore}.`;
  // "still in london?" / "yeah": a home kept; "still at tesco?" / "yep": a job kept.
  // (Not where one is right now: "still at work?", "still at the pub?", "still in bed?" / "yep".)
  const place = asked.still && yes ? /^(in|at)\s+(?!the\b|a\b|my\b|your\b|ur\b)(.+)$/.exec(asked.asked) : null;
  if (place && (place[2] ?? '').split(/\s+/).every((w) => judge.isEverydayWord(w) || NO_NAME_ANSWERS.has(w))) return null;
  if (place) return place[1] === 'in' ? `I still live in ${asName(place[2] ?? '')}.` : `I still work at ${asName(place[2] ?? '')}.`;
  return yes ? `I'm ${asked.still ? 'still ' : ''}${asked.asked}.` : `I'm not ${asked.asked}${anymore}.`;
}

/** A question about someone other than the one who answers: "does tom still live in leeds?", "are your parents ok?". */
export function askedOfSomeoneElse(question: string): boolean {
  const q = lastQuestion(question);
  if (q === null) return false;
  const subject = /^(?:do|does|did|is|are|was|were|has|have|had|can|will|would|r)\s+(\S+)/.exec(q)?.[1];
  return subject !== undefined && !['you', 'u', 'ya', 'y\'all', 'yall', 'i', 'we'].includes(subject);
}

/** The past of the verbs a "when did you …?" asks of: a move, a job, a habit, a diet, a union, a meeting. */
const PAST: Readonly<Record<string, string>> = {
  move: 'moved', relocate: 'relocated', emigrate: 'emigrated', start: 'started', begin: 'began', join: 'joined', quit: 'quit', leave: 'left',
  stop: 'stopped', give: 'gave', go: 'went', get: 'got', meet: 'met', marry: 'married', retire: 'retired', switch: 'switched', become: 'became',
  break: 'broke', split: 'split', graduate: 'graduated', finish: 'finished', buy: 'bought', adopt: 'adopted', lose: 'lost', land: 'landed',
};
/** "when did you move to leeds?", "when did u start at google?": what was done, as the answerer would say it. */
const WHEN_DID_YOU = new RegExp(String.raw`^when\s+(?:did|d)\s+${YOU}\s+(?:first\s+|finally\s+)?(${Object.keys(PAST).join('|')})(\s+[^?]+)?$`);

/**
 * The statement an answer to "when did you …?" makes, in the first person: "when did you move to leeds?" / "2019" says
 * "I moved to leeds in 2019."; null when the question asks no such thing or the answer is no time (`isTime` reads it).
 */
export function whenAnswered(question: string, answer: string, isTime: (words: string) => boolean): string | null {
  const q = lastQuestion(question);
  const did = q ? WHEN_DID_YOU.exec(q) : null;
  // (Not of two things at once, nor of someone else: "when did you and tom meet?" is both.)
  const rest = (did?.[2] ?? '').trim();
  if (!did || (rest && /\b(?:and|or|your|ur|you|u|him|her|them|it|that|this)\b/.test(rest)) || rest.split(/\s+/).length > 5) return null;
  const phrase = timeAnswered('when?', answer, isTime);
  return phrase ? `I ${PAST[did[1] ?? ''] ?? ''}${rest ? ` ${rest}` : ''} ${phrase}.` : null;
}

/** "when?", "oh when?", "since when?", "when was that?", "when did you quit?": a question of when, about what was just said. */
const WHEN_ASKED = /^\W*(?:(?:oh+|ooh+|wait|wow|omg|nice|since)\W+)*when(?:\s+(?:was\s+(?:that|this)|did\s+(?:you|u|that)(?:\s+[\p{L}']+){0,2}))?\s*\?+[\s\p{Extended_Pictographic}\uFE0F]*$/iu;
const MONTH_OR_SEASON = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|fall|winter)\b/i;

/**
 * The time an answer to "when?" gives, as words to say after the message it dates ("i quit smoking" / "when?" /
 * "august" → "in august"; "2 months ago", "last christmas" as they are); null when the question is no "when?" or the
 * answer no time (`isTime` reads it).
 */
export function timeAnswered(question: string, answer: string, isTime: (words: string) => boolean): string | null {
  if (!WHEN_ASKED.test(question)) return null;
  const said = answer.toLowerCase().replace(/^(?:(?:um+|erm+|uh+|oh|like|about|around|roughly|i think|it was|that was|was|me)\W+)*/, '').replace(/[\s.!…\p{Extended_Pictographic}\uFE0F\u200D]+$/u, '').replace(/\s+(?:lol|haha+|i think|ish)$/, '').trim();
  if (!said || said.split(/\s+/).length > 6 || said.includes('?')) return null;
  const phrase = MONTH_OR_SEASON.test(said) || /^(?:19|20)\d\d$/.test(said) ? `in ${said}` : /^(?:christmas|xmas|easter|new year)/.test(said) ? `at ${said}` : said;
  return isTime(phrase) ? phrase : null;
}

/** Said before a time that adds to the message before: "oh", "well", "actually", "and", "that was", "this was". */
const BEFORE_ADDED_TIME = /^(?:(?:oh+|well|actually|and|so|um+|erm+|that was|this was|it was|was)\W+)*/;
/** Where a time may start when it is added alone: a preposition, a relative word, a number, a month or a season. */
const ADDED_TIME_OPENS = /^(?:in|on|at|since|from|for|back|last|this|about|around|roughly|like|yesterday|today|the|a|an|\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|autumn|fall|winter|christmas|xmas|easter|new year)/;

/**
 * The time a bubble adds to the speaker's message before it, said alone: "i quit smoking" / "in august", "i moved to
 * leeds" / "back in 2019", "i work at tesco" / "been there 8 years now" (→ "for 8 years now"). Null when the bubble says
 * more than a time (`isTime` reads it).
 */
export function timeAdded(bubble: string, isTime: (words: string) => boolean): string | null {
  const said = bubble
    .toLowerCase()
    .replace(BEFORE_ADDED_TIME, '')
    .replace(/[\s.!…\p{Extended_Pictographic}\uFE0F\u200D]+$/u, '')
    .replace(/[\s,]+(?:lol|haha+|actually|i think|ish|tbh|now)$/, (m) => (/now$/.test(m) ? ' now' : ''))
    .trim()
    // ("been there 8 years now": how long the job or the home before it has lasted.)
    .replace(/^(?:(?:i'?ve|we'?ve)\s+)?been\s+(?:there|here|at it)\s+(?:for\s+)?/, 'for ');
  if (!said || said.split(/\s+/).length > 6 || /[?]/.test(said) || !ADDED_TIME_OPENS.test(said)) return null;
  const phrase = MONTH_OR_SEASON.test(said) || /^(?:19|20)\d\d$/.test(said) ? `in ${said}` : said;
  return isTime(phrase) || /^for\s+\S+\s+(?:years?|months?|weeks?)(?:\s+now)?$/.test(phrase) ? phrase : null;
}
