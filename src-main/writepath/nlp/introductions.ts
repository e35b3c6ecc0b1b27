/**
 * The speaker giving their own name, the ways chats do: asked to be called ("call me Alex", "everyone calls me Bex"),
 * introduced ("Dana here", "hey, it's Dana"), or "I'm" with a first name the tagger reads as a verb ("I'm Will").
 */
import { joinTokens, type Token } from './analyzer';
import { isFramedName, isPersonName } from './names';
import { lowerOf } from './phrases';
import { escapeRegExp } from '../../../src-shared/text';

/** Who may say what the speaker is called: "everyone calls me Bex", "my friends call me Jo". */
const CALLERS = new Set(['everyone', 'everybody', 'people', 'friends', 'mates', 'pals', 'fam', 'family', 'they', 'most', 'all', 'ppl']);
/** Words that start what follows a name asked for: "from now on", "if you like", "as well", "instead", "last year", "in 2019". */
const NAME_TAILS = new Set(['from', 'if', 'as', 'because', 'cos', 'since', 'instead', 'again', 'please', 'pls', 'plz', 'from now', 'too', 'lol', 'haha', 'btw', 'thanks', 'last', 'this', 'yesterday', 'in', 'on', 'back', 'when', 'after']);
/** Said after a name, not part of it: "I go by Sasha now", "call me Jo pls". */
const AFTER_A_NAME = new Set(['now', 'btw', 'lol', 'haha', 'pls', 'please', 'thanks', 'x', 'xx', 'instead', 'again', 'nowadays']);

/**
 * "call me Alex", "I go by Alex (now)", "everyone calls me Bex": what the speaker is called (`nickname`); "name's
 * Callum", "I'm called Callum", "I changed my name to Alex": their name. Null for anything else.
 */
export function nameAsked(tokens: readonly Token[], start: number): { name: string; nickname: boolean; changed?: boolean } | null {
  const word = (i: number): string => lowerOf(tokens[i]);
  // "please call me Dana again", "you can call me Dee, everyone does".
  if (word(start) === 'please' || word(start) === 'just') start += 1;
  else if (['you', 'u'].includes(word(start)) && word(start + 1) === 'can') start += 2;
  const [a, b, c] = [word(start), word(start + 1), word(start + 2)];
  const callsMe = tokens.findIndex((t, i) => i > start && i <= start + 4 && ['call', 'calls'].includes(lowerOf(t)) && word(i + 1) === 'me');
  const callers = tokens.slice(start, callsMe);
  // "everyone calls me Bex", "tom calls me Pri": what people call the speaker (not "nobody calls me that").
  // (Nor "they used to call me bex": no longer.)
  const byCallers = callsMe > start && !callers.some((t) => ['nobody', 'no', 'noone', 'never', 'not', 'used'].includes(lowerOf(t))) && (callers.some((t) => CALLERS.has(lowerOf(t))) || (callers.length <= 2 && isPersonName(callers)));
  const changed = a === 'i' && ['changed', 'have'].includes(b) ? tokens.findIndex((t, i) => i > start && i <= start + 5 && lowerOf(t) === 'name' && word(i - 1) === 'my' && word(i + 1) === 'to') : -1;
  // "i'm going by jay now", "im going by Jay these days".
  // ("i'm now going by Dana".)
  const going = c === 'now' ? start + 3 : start + 2;
  const goingBy = a === 'i' && ["'m", 'm', 'am'].includes(b) && word(going) === 'going' && word(going + 1) === 'by' ? going + 2 : a === 'im' && b === 'going' && c === 'by' ? start + 3 : -1;
  // "I'm called Dana", "im called Dana": the speaker's name.
  const calledAt = a === 'i' && ["'m", 'm', 'am'].includes(b) && c === 'called' ? start + 3 : a === 'im' && b === 'called' ? start + 2 : -1;
  const at =
    a === 'call' && b === 'me' ? start + 2
    : calledAt > 0 ? calledAt
    : a === 'name' && ["'s", '’s'].includes(b) ? start + 2
    : a === 'my' && b === 'nickname' && ['is', "'s", '’s'].includes(c) ? start + 3
    : a === 'i' && b === 'go' && c === 'by' ? start + 3
    : goingBy > 0 ? goingBy
    : a === 'going' && b === 'by' ? start + 2 // "going by Jo now": said without "I'm".
    : byCallers ? callsMe + 2
    : changed > 0 ? changed + 2
    : -1;
  if (at < 0) return null;
  // The name ends at the first mark ("Dee, everyone does").
  const mark = tokens.findIndex((t, i) => i >= at && t.pos === 'PUNCT');
  let rest = tokens.slice(at, mark < 0 ? undefined : mark);
  // "call me Becky from now on", "call me Dee if you like": the name ends where such words begin.
  const tail = rest.findIndex((t, i) => i > 0 && NAME_TAILS.has(lowerOf(t)));
  if (tail > 0) rest = rest.slice(0, tail);
  // ("I go by Sam these days".)
  if (rest.length > 2 && lowerOf(rest.at(-2)) === 'these' && lowerOf(rest.at(-1)) === 'days') rest = rest.slice(0, -2);
  while (rest.length > 1 && AFTER_A_NAME.has(lowerOf(rest.at(-1)))) rest = rest.slice(0, -1);
  // "my name's Rebecca but everyone calls me Bex": Bex is what she is called, Rebecca is still her name.
  // ("I changed my name to Alex last year", "going by Jo now": a change, dated by its time.)
  return isFramedName(rest) ? { name: joinTokens(rest), nickname: !(a === 'name' || changed > 0 || calledAt > 0), changed: changed > 0 || goingBy > 0 } : null;
}

/**
 * "I'm Will", "Hi, I'm Hope.", "hey, im Drew, your new flatmate": a capitalised first name the tagger reads as a verb
 * after "I am", which takes no such verb, with nothing after it but a mark, "and" or a filler.
 */
export function nameReadAsVerb(tokens: readonly Token[], start: number): { name: string; nickname: false } | null {
  const [i, am, name, after] = tokens.slice(start, start + 4);
  if (lowerOf(i) !== 'i' || !['am', "'m", 'm'].includes(lowerOf(am)) || !name || !['VERB', 'AUX'].includes(name.pos) || !isFramedName([name])) return null;
  // ("I'm Will-ing to help", "I'm Rose-tinted": a pun, the word goes on after its hyphen.)
  if (after?.text === '-' && after.space === '') return null;
  return !after || after.pos === 'PUNCT' || after.pos === 'SYM' || ['and', 'but', 'btw', 'lol', 'x', 'xx', 'here'].includes(lowerOf(after)) ? { name: name.text, nickname: false } : null;
}

/** A message that opens with a greeting: "hi", "heyy", "hello", "hiya", "morning". */
const OPENS_WITH_GREETING = /^\W*(?:hi+|hey+a?|hello+|hiya+|heya+|yo+|morning|evening)\b/i;
const INTRODUCED_IN_CAPITALS = /(?:^|[.!?,]\s*)\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?\s+here\b|\b[Ii]t(?:['’]?s| is)\s+\p{Lu}\p{Ll}+/u;
/** The same, typed in lower case, as the message's opening: "hey its marcus", "dana here!" (the name finder decides later). */
const INTRODUCED_IN_LOWER_CASE = /^[^\p{L}]*(?:(?:hi+|hey+a?|hello+|hiya+|heya+)\b[\s,!.]*)?(?:(?:it['’]?s|it is)\s+\p{Ll}+|\p{Ll}+\s+here\b)/u;
/** Whether a message may introduce its speaker without "I" (a cheap look before it is parsed): "Dana here", "it's Dana". */
export const MAY_INTRODUCE = { test: (text: string): boolean => INTRODUCED_IN_CAPITALS.test(text) || INTRODUCED_IN_LOWER_CASE.test(text) };
/** Someone else's words or visit: "Dana here! is what my sister says", "Jo here! she's visiting". */
const SOMEONE_ELSE_INTRODUCED = /\b(?:says?|said|signs?|voicemail|wrote|texted|on my phone|account|joke|she|he|she's|he's|his|her|they|there)\b|\bis what\b/i;
/**
 * A friend's word about the listener, told after an introduction ("priya here, my friend said you're good for keeping
 * track of stuff"): what the speaker's friend said of the assistant is no one else introducing themselves ("mike here,
 * you said you would call" may be anyone's words).
 */
const SAID_OF_THE_LISTENER = /\bmy\s+[\p{L}-]+\s+(?:says?|said)\s+(?:that\s+)?(?:you|u|ur|you're|youre|you'd|you'll)\b/giu;
/** What may follow a name in an introduction: "again lol", "x", "from the gym", "from accounts". */
const AFTER_INTRODUCTION = new Set(['again', 'lol', 'haha', 'x', 'xx', 'xxx', 'btw', 'hehe']);

/**
 * "Dana here!", "hey, it's Dana", "its Dana here 👋": the speaker introducing themselves by a name the name finder
 * (`isPerson`) takes for a person's, with nothing else said in the clause. "it's Dana" alone only after a greeting that
 * opens the message: without one it as often answers "who is your manager?".
 */
export function introducedAs(tokens: readonly Token[], start: number, text: string, isPerson: (name: string) => boolean): { name: string; nickname: false } | null {
  let words = tokens.slice(start).filter((t) => t.pos !== 'PUNCT' && t.pos !== 'SYM');
  // ("it's Marcus from the gym": where from is no part of the name.)
  const from = words.findIndex((t, i) => i > 0 && lowerOf(t) === 'from');
  if (from > 0 && words.length - from <= 4) words = words.slice(0, from);
  while (words.length > 1 && AFTER_INTRODUCTION.has(lowerOf(words.at(-1)))) words = words.slice(0, -1);
  const itIs = lowerOf(words[0]) === 'it' && ["'s", 'is'].includes(lowerOf(words[1])) ? 2 : lowerOf(words[0]) === 'its' ? 1 : 0;
  const here = lowerOf(words.at(-1)) === 'here';
  const name = words.slice(itIs, here ? -1 : undefined);
  // "hey, it's Dana, right?": asked, not said.
  if (new RegExp(`${joinTokens(name).replace(/[.*+?^${}()|[\]\\]/g, '')}[\\s,]*(?:right|yeah|yes|innit)?\\s*\\?`, 'i').test(text)) return null;
  // (The name finder may read the name with its "here": "dana here".)
  const person = isPerson(joinTokens(name)) || (here && isPerson(`${joinTokens(name)} here`));
  // ("its liam btw": "btw" after the name says it is news to the listener, as a greeting does.)
  const byTheWay = /\bbtw\b|\bby the way\b/i.test(joinTokens(tokens.slice(start)));
  // ("hi max here, max's mum": someone of Max's, not Max.)
  const theirs = new RegExp(`\\b${escapeRegExp(joinTokens(name))}['’]s\\b`, 'i').test(text);
  if ((!here && (itIs === 0 || !(OPENS_WITH_GREETING.test(text) || byTheWay))) || !isFramedName(name) || !person || theirs || SOMEONE_ELSE_INTRODUCED.test(text.replace(SAID_OF_THE_LISTENER, ' '))) return null;
  return { name: joinTokens(name), nickname: false };
}
