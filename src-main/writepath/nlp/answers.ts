/**
 * A short answer to a question put to the speaker, read as the statement it makes: "do you still smoke?" / "nope quit
 * in august" says "I don't smoke anymore. I quit smoking in august"; "u still at tesco?" / "nah left in june" says
 * "I'm not at tesco anymore. I left tesco in june"; "where do you live now?" / "leeds" says "I live in leeds now".
 * Alone, "nope quit in august" names no habit and "leeds" no home. The caller keeps only what fills a slot (a home, a
 * job, a habit, a diet, a partner), so "do you want pizza?" / "yeah" teaches nothing.
 */
import { OPENERS } from './lexicon';

/** The question, when it is one the next speaker can answer about themselves. */
interface Asked {
  /** "do you (still) smoke?" asks of a doing; "are you (still) at tesco?" of a state; "where do you live?" of a place. */
  kind: 'do' | 'are' | 'where';
  /** What is asked of: "smoke", "eat meat", "at tesco", "vegan"; for `where`, "live" or "work". */
  asked: string;
  /** Whether the question asks whether it still holds ("still", "anymore", "these days"). */
  still: boolean;
}

// The openers a clause may have (lexicon.ts), but for "still" and the answers' own words, and "random q", "wait".
const NOT_OPENING_A_QUESTION = new Set(['still', 'now', 'yes', 'no', 'yeah', 'nah', 'yep', 'yup']);
const OPENING = String.raw`^(?:(?:${[...OPENERS].filter((w) => !NOT_OPENING_A_QUESTION.has(w)).sort((a, b) => b.length - a.length).join('|')}|random(?:\s+q(?:uestion)?)?|wait)\b[\s,:!.-]*)*`;
const YOU = String.raw`(?:you|u|ya)`;
const STILL_TAIL = /\s+(?:anymore|any more|these days|nowadays|now|atm|rn|at the moment)$/;
/** Words a state asked of with "you still …?" opens with, where no "are" is said: "u still at tesco?", "still vegan?". */
const STATE_OPENERS = new Set(['at', 'in', 'with', 'on', 'a', 'an', 'the', 'single', 'vegan', 'vegetarian', 'veggie', 'pescatarian', 'sober', 'married', 'engaged', 'seeing', 'working', 'living', 'dating', 'together', 'smoking', 'drinking', 'vaping']);
/** The longest a question or an answer read here may be: a real one is short. */
const MAX_WORDS = 8;

/** The question `text` ends with, as `Asked`; null when it asks nothing the answerer could say of themselves. */
export function askedOf(text: string): Asked | null {
  const last = /([^.!?\n]*\?+)\s*[\p{Extended_Pictographic}\uFE0F\s]*$/u.exec(text)?.[1];
  if (!last) return null;
  const q = last
    .toLowerCase()
    .replace(/[?!\s]+$/, '')
    .replace(/[’]/g, "'")
    .trim()
    .replace(new RegExp(OPENING), '');
  if (q.split(/\s+/).length > MAX_WORDS) return null;
  const where = new RegExp(String.raw`^where\s+(?:do|d)\s+${YOU}\s+(live|work)(?:\s+(?:now|these days|atm|rn|at the moment))?$|^where\s+(?:are|r)\s+${YOU}\s+(living|working)(?:\s+(?:now|these days|atm|rn|at the moment))?$`).exec(q);
  if (where) return { kind: 'where', asked: /^liv/.test(where[1] ?? where[2] ?? '') ? 'live' : 'work', still: false };
  const doing = new RegExp(String.raw`^(?:do|d)\s+${YOU}\s+(still\s+)?(.+)$`).exec(q);
  const being = new RegExp(String.raw`^(?:are|r)\s+${YOU}\s+(still\s+)?(.+)$`).exec(q);
  const bare = new RegExp(String.raw`^(?:${YOU}\s+)?(still)\s+(.+)$`).exec(q);
  const found = doing ? { kind: 'do' as const, m: doing } : being ? { kind: 'are' as const, m: being } : bare ? { kind: null, m: bare } : null;
  if (!found) return null;
  const tail = STILL_TAIL.exec(found.m[2] ?? '');
  const asked = (found.m[2] ?? '').replace(STILL_TAIL, '').trim();
  if (!asked || /\b(?:you|u|your|ur|i|me|my|it|that|this|what|how|why|when|who|or|guys|all|lot|both|two)\b/.test(asked)) return null;
  const kind = found.kind ?? (STATE_OPENERS.has(asked.split(/\s+/)[0] ?? '') ? 'are' : 'do');
  return { kind, asked, still: found.m[1] !== undefined || tail !== null };
}

const YES = /^(?:yes|yeah|yea|yep|yup|ya|yah|yh|ye|ofc|of course|sure do|still do|i do|i still do|i am|still am|sadly yes|sadly|unfortunately|afraid so|always|definitely)\b/;
const NO = /^(?:no|nope|nah|naw|nay|not anymore|not any more|no longer|not really|never|not at all|haven'?t for (?:ages|years|months)|i don'?t|i'?m not|not since)\b/;
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
    if (prep === 'with') return verb === 'broke up' || verb === 'split up' ? `with ${what}` : null;
    if (verb === 'moved out') return `of ${what}`;
    return verb === 'left' || verb === 'quit' ? (what ?? null) : null;
  }
  if (/^(?:smoking|drinking|vaping)$/.test(asked.asked)) return ['quit', 'stopped', 'gave up', 'give up'].includes(verb) ? asked.asked : null;
  return ['quit', 'stopped', 'gave up', 'give up'].includes(verb) && !/\s/.test(asked.asked) ? `being ${asked.asked}` : null;
}

/**
 * The statement `answer` makes about its speaker as an answer to `question`, in the first person; null when it is no
 * answer read here (a question back, a long message, a yes or no to something else). `isName` tells a name said
 * alone ("leeds", "tesco") from an everyday word ("why", "dunno").
 */
export function answeredText(question: string, answer: string, isName: (words: string) => boolean): string | null {
  const asked = askedOf(question);
  if (!asked) return null;
  const said = answer.toLowerCase().replace(/[’]/g, "'").trim();
  if (said.includes('?') || said.split(/\s+/).length > MAX_WORDS) return null;
  if (asked.kind === 'where') {
    const name = /^(?:(?:in|at|still in|still at)\s+)?([\p{L}][\p{L}'&-]*(?:\s+[\p{L}][\p{L}'&-]*){0,2}?)(?:\s+(?:now|atm|rn|these days|still|lol|haha))*[\s.!]*$/u.exec(said)?.[1];
    if (!name || !isName(name)) return null;
    return asked.asked === 'live' ? `I live in ${name} now.` : `I work at ${name} now.`;
  }
  const yes = YES.exec(said);
  const no = yes ? null : NO.exec(said);
  if (!yes && !no) return null;
  const rest = said.slice((yes ?? no)?.[0].length ?? 0).replace(FILLER, '');
  const anymore = asked.still ? ' anymore' : '';
  const stated =
    asked.kind === 'do'
      ? yes
        ? `I ${asked.still ? 'still ' : ''}${asked.asked}.`
        : `I don't ${asked.asked}${anymore}.`
      : yes
        ? `I'm ${asked.still ? 'still ' : ''}${asked.asked}.`
        : `I'm not ${asked.asked}${anymore}.`;
  const giveUp = no ? BARE_GIVE_UP.exec(rest) : null;
  const object = giveUp?.[1] ? objectOf(asked, giveUp[1]) : null;
  const more = giveUp?.[1] && object ? `I ${giveUp[1]} ${object}${rest.slice(giveUp[0].length)}` : '';
  // (The give-up says the no, and dates it.)
  return more || stated;
}
