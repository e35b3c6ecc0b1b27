/**
 * Whose news a clause or sentence is: the cues that a chat message has moved on to someone else ("jake went vegan.
 * went freelance too", "my mum, bless her, moved to spain"), and that a break-up is not a couple's ("the band was great
 * but we broke up in 2015", "we broke up today! 6 weeks off").
 */
import type { Token } from './analyzer';
import { OPENERS, RELATION_QUALIFIERS, TAKEN_UP } from './lexicon';
import { lowerOf } from './phrases';
import { relationAt } from './relation-at';
import type { Speaker } from './statement-types';

/** Whether a clause begins (after interjections and adverbs) with someone other than the speaker: "Jake …", "he …", "my sis …". */
export function beginsWithOtherSubject(tokens: readonly Token[]): boolean {
  const first = tokens.find((t) => !['INTJ', 'PUNCT', 'ADV', 'CCONJ', 'SCONJ'].includes(t.pos));
  if (!first) return false;
  if (first.pos === 'PRON') return !['i', 'we', 'me', 'us'].includes(lowerOf(first));
  return first.pos === 'PROPN' || first.pos === 'NOUN' || first.pos === 'DET';
}

/** A clause that names someone else and says nothing of them: "my mum", "tom from work" (no verb in it). */
export function namesSomeoneElse(tokens: readonly Token[], speaker: Speaker): boolean {
  // "hi Anna, just moved to Porto": a greeting names the listener; "so my sister..." opens with a word that does not.
  if (GREETINGS.has(lowerOf(tokens[0]))) return false;
  const from = tokens.findIndex((t) => !(t.pos === 'INTJ' || OPENERS.has(lowerOf(t))));
  if (from < 0) return false;
  const all = tokens.slice(from).filter((t) => t.pos !== 'PUNCT');
  // "update on my brother:": the heading's word is no verb of the clause.
  const words = HEADING_WORDS.has(lowerOf(all[0])) ? all.slice(1) : all;
  const head = words[0];
  // "tom's update:", "mum's news": a heading about someone (the tagger may read "update" as a verb).
  if (words.length === 3 && /^['’]s$/.test(words[1]?.text ?? '') && HEADING_WORDS.has(lowerOf(words[2]))) return true;
  if (!head || words.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return false;
  // "my mum", "update on my brother": a relative named, nothing said of them.
  const owner = ['my', 'our', 'his', 'her', 'their'].includes(lowerOf(head)) || words.some((t, i) => lowerOf(t) === 'my' && relationAt(words, i) !== null);
  // A name alone ("Tom,"), not a capitalised opener the tagger calls a name ("Great news,").
  const named = words.length <= 3 && words.every((t) => t.pos === 'PROPN') && head.text !== speaker.name.split(' ')[0];
  return owner || named;
}

/** Words that open a greeting or a reaction, not a topic: "hi anna!", "thanks jake", "congrats!!". */
const GREETINGS = new Set(['hi', 'hey', 'hello', 'hiya', 'yo', 'thanks', 'thank', 'thx', 'ty', 'cheers', 'morning', 'evening', 'night', 'congrats', 'sorry', 'dear', 'love', 'welcome', 'bye']);
/** Words a heading about someone opens with: "update on my brother:", "re my sister", "news from tom". */
const HEADING_WORDS = new Set(['update', 'updates', 'news', 're', 'about', 'on', 'from', 'so', 'omfg', 'ffs', 'ugh']);
/** Past verbs of the news a message may go on with without a subject (chat-forms.ts SUBJECTLESS_VERBS, and "went"). */
const NEWS_VERBS = new Set(['move', 'relocate', 'start', 'begin', 'join', 'quit', 'leave', 'get', 'land', 'resign', 'switch', 'marry', 'give', 'stop', 'break', 'split', 'lose']);
/** Verbs whose past is their present: "my sister quit." is news as "my sister left." is. */
const SAME_FORM = new Set(['quit', 'split']);
/** Who a topic may be besides a relative: "my ex?", "my best mate?", "my flatmate!!". */
const PEOPLE_WORDS = new Set(['ex', 'mate', 'mates', 'pal', 'buddy', 'bestie', 'bff', 'flatmate', 'housemate', 'roommate', 'neighbour', 'neighbor', 'colleague', 'coworker', 'boss']);

/**
 * Whether a sentence makes the next one's subjectless news someone else's: it only names them ("jake?", "my sister!!",
 * "tom from work.", "update on my brother:") or tells their news ("jake went vegan.", "my sister quit her job."). Not a
 * greeting ("hi anna!"), a description ("my boss is awful."), or what someone did to the speaker ("google called.").
 */
export function othersNewsOrTopic(tokens: readonly Token[], speaker: Speaker): boolean {
  const words = tokens.filter(isWord);
  // "remember jake?", "you know jake?": a question that brings someone up.
  if (tokens.some((t) => t.text === '?') && /^(?:remember|you know|u know|know) \p{L}+$/iu.test(words.map((t) => t.text).join(' '))) return true;
  const at = words.findIndex((t) => !['INTJ', 'ADV', 'CCONJ', 'SCONJ'].includes(t.pos) && !OPENERS.has(lowerOf(t)) && !HEADING_WORDS.has(lowerOf(t)));
  const first = words[at];
  if (!first || GREETINGS.has(lowerOf(first)) || GREETINGS.has(lowerOf(words[0]))) return false;
  const someoneElse = aboutSomeoneElse(words, at, speaker);
  if (!someoneElse) return false;
  const verbs = words.filter((t) => t.pos === 'VERB' || t.pos === 'AUX');
  // A topic: no verb, a few words ("my sister?", "omg my sister.", "tom from work.").
  if (verbs.length === 0) return words.length - at <= 5;
  // Their news: a past verb of change ("quit her job", "moved to york", "broke up with her bf"), or a diet or a way of
  // working taken up ("went vegan"); not "my boss went mental".
  const verb = verbs[0] as Token;
  const next = lowerOf(words[words.indexOf(verb) + 1]);
  if (verb.lemma === 'go') return lowerOf(verb) === 'went' && TAKEN_UP.has(next);
  return NEWS_VERBS.has(verb.lemma) && (lowerOf(verb) !== verb.lemma || SAME_FORM.has(verb.lemma));
}

/** "lol.", "long story.", "bless her.", "anyway": a sentence without a verb that names no one. */
export function isAside(tokens: readonly Token[]): boolean {
  const words = tokens.filter(isWord);
  if (/^bless (?:her|him|them)$/i.test(words.map((t) => t.text).join(' '))) return true;
  return words.length <= 3 && !words.some((t) => t.pos === 'VERB' || t.pos === 'AUX' || t.pos === 'PROPN' || lowerOf(t) === 'my' || lowerOf(t) === 'our');
}

/** A word, not a mark or an emoji (the tagger's X holds both emoji and words it cannot place, such as "ex"). */
const isWord = (t: Token): boolean => t.pos !== 'PUNCT' && t.pos !== 'SYM' && (t.pos !== 'X' || /\p{L}/u.test(t.text));

/** The speaker's own things in a clause: "quit my job" is the speaker's news whoever the message spoke of before. */
export function saysMy(tokens: readonly Token[]): boolean {
  return tokens.some((t) => ['my', 'mine', 'myself'].includes(lowerOf(t)));
}

/** "quit her job", "moved in with his mum": news said without a subject, and of someone else. */
export function othersNewsWithoutSubject(tokens: readonly Token[]): boolean {
  const at = tokens.findIndex((t) => t.pos === 'VERB');
  return at >= 0 && at <= 2 && tokens.slice(0, at).every((t) => t.pos === 'ADV' || t.pos === 'PUNCT' || t.pos === 'INTJ') && hisOrHerAfter(tokens, at);
}

/** "his" or "her" within the few words after the verb at `verbAt`: the news is someone else's. */
export function hisOrHerAfter(tokens: readonly Token[], verbAt: number): boolean {
  return tokens.slice(verbAt + 1, verbAt + 5).some((t) => ['his', 'her'].includes(lowerOf(t)));
}

/** Whether the word at `at` names someone other than the speaker: a name, he/she/they, or their relative. */
function aboutSomeoneElse(words: readonly Token[], at: number, speaker: Speaker): boolean {
  const first = words[at] as Token;
  const word = lowerOf(first);
  if (first.pos === 'PRON') {
    if (['he', 'she', 'they'].includes(word)) return true;
    if (word !== 'my' && word !== 'our') return false;
    // "my sister?", "my ex?", "my best mate!!" (a qualifier may come first).
    const noun = RELATION_QUALIFIERS.has(lowerOf(words[at + 1])) ? words[at + 2] : words[at + 1];
    return relationAt(words, at) !== null || PEOPLE_WORDS.has(lowerOf(noun));
  }
  if (first.pos === 'PROPN') return first.text !== speaker.name.split(' ')[0];
  // A first name typed in lower case reads as a noun: before a verb ("tom moved …"), or in a sentence without one
  // ("jake?", "tom from work.").
  return first.pos === 'NOUN' && /^\p{L}+$/u.test(first.text) && (words[at + 1]?.pos === 'VERB' || !words.some((t) => t.pos === 'VERB' || t.pos === 'AUX'));
}

/** Anywhere in a message: a couple back together ("… but we're giving it another go"), or a school's holiday ("we broke up today! 6 weeks off"). */
export const MESSAGE_COUPLE_DOUBT = /\b(?:back together|(?:giving|give|gave) (?:it|us|things) (?:another|a second) (?:go|shot|try|chance)|holidays|hols|\d+ weeks? off|weeks? off|half term|end of term|last day|marking|no school|kids home|kids are home|inset)\b/i;
/** In the same sentence: "we" are a band, a class, a meeting ("the band was great but we broke up in 2015"). */
export const SENTENCE_COUPLE_DOUBT = /\b(?:band|school|term|class|lesson|meeting|team|group|lecture|shift|party|search)\b/i;
