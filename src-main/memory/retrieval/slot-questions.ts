/**
 * Questions about the person's own current value of a slot: "Where do I live?", "Where do I work?", "What's my
 * name?", "Who's my partner?". The write path keys such facts by slot (`user.residence`, `user.employer`…), and the
 * fact that holds the slot now is the answer, however few words it shares with the question: "User lives at 14 Elm
 * Road, Bristol" says no "live" the way "I live in Leeds" did, and in a young memory a fact from the turn next to
 * that one (or one a sentence encoder finds near) could rank above it. Such facts are lifted; nothing is brought in
 * that the strategies did not find.
 */
import type { MemoryNode } from '../../../src-shared/memory-types';

/** "what's", "whats", "what is"; "where's", "wheres", "where is". */
const WHATS = String.raw`what(?:'?s| is)`;
const WHERES = String.raw`where(?:'?s| is)`;
/** Where such a question starts: the message, or its last sentence, after "ok so", "hey", "remind me,". */
const OPENING = String.raw`(?:^|[.!?]\s*)(?:(?:ok|okay|so|and|hey|hi|um|wait|quick question|remind me)[,:]?\s+)*`;
/** What may end such a question: "now", "these days", "currently", a mark. */
const TAIL = String.raw`(?:\s+(?:now|these days|currently|right now|at the moment|again|then))?\s*[?.!]*\s*$`;

/**
 * Question → the speaker's slot it asks about now (the slot names are the write path's). Each is the whole question
 * (or its last sentence): "where do I live stream from", "where do I work out", "what's my job interview time", "who's my
 * partner's boss", "what is my name on discord" ask something else. Past ("where did I live in 2019?") and
 * hypothetical ("if I moved, where do I live?") questions are not about the value held now.
 */
const SLOT_QUESTIONS: readonly [RegExp, string][] = [
  [new RegExp(String.raw`${OPENING}(?:where do (?:i|we) (?:currently |still )?live|${WHERES} (?:my|our) (?:home|flat|house|place|apartment)|${WHATS} (?:my|our) (?:home |new |current )?address|where am i (?:living|based)|(?:which|what) (?:city|town|country) do i live in|(?:which|what) (?:city|town|country) am i in)${TAIL}`, 'i'), 'residence'],
  [new RegExp(String.raw`${OPENING}(?:where do i (?:currently |still )?work|who do i (?:currently |still )?work for|(?:which|what) company do i work (?:for|at)|${WHATS} my (?:current )?(?:employer|company|workplace)|where am i working|who(?:'?s| is) my employer)${TAIL}`, 'i'), 'employer'],
  [new RegExp(String.raw`${OPENING}(?:${WHATS} my (?:current )?(?:job|occupation|profession|role)|what do i do(?: for (?:a living|work))?)${TAIL}`, 'i'), 'occupation'],
  [new RegExp(String.raw`${OPENING}(?:${WHATS} my (?:full )?name|what am i called)${TAIL}`, 'i'), 'name'],
  [new RegExp(String.raw`${OPENING}(?:who(?:'?s| is) my (?:partner|girlfriend|boyfriend|wife|husband|fianc[eé]e?)|${WHATS} my (?:partner|girlfriend|boyfriend|wife|husband)(?:'s| s) name|am i (?:still )?(?:single|married|engaged|seeing (?:anyone|someone)|in a relationship|dating (?:anyone|someone))|do i have a (?:partner|girlfriend|boyfriend|wife|husband)|who am i (?:dating|seeing|with))${TAIL}`, 'i'), 'partner'],
  [new RegExp(String.raw`${OPENING}(?:${WHATS} my diet|am i (?:still )?(?:vegan|vegetarian|veggie|pescatarian)|do i (?:still )?eat meat)${TAIL}`, 'i'), 'diet'],
  // Russian: "Где я живу?", "Где я работаю?", "Как меня зовут?".
  [/(?:^|[.!?]\s*)где я (?:сейчас )?живу\s*[?.!]*\s*$/iu, 'residence'],
  [/(?:^|[.!?]\s*)где я (?:сейчас )?работаю\s*[?.!]*\s*$/iu, 'employer'],
  [/(?:^|[.!?]\s*)как меня зовут\s*[?.!]*\s*$/iu, 'name'],
];

/** The speaker's slot a question asks about ("user.residence"), or null. */
export function slotAskedAbout(query: string): string | null {
  const text = query.replace(/[\u2018\u2019]/g, "'");
  for (const [asks, slot] of SLOT_QUESTIONS) if (asks.test(text)) return `user.${slot}`;
  return null;
}

/**
 * Whether a node is a fact that holds `slot` (the slot as written, in any case) with a value: "User used to live in
 * Manchester" (`ended:manchester`) says what the slot no longer holds.
 */
export function holdsSlot(node: MemoryNode, slot: string): boolean {
  const held = node.attributes.slot;
  const value = node.attributes.value;
  return node.type !== 'episodic' && typeof held === 'string' && held.toLowerCase() === slot && !(typeof value === 'string' && value.startsWith('ended:'));
}
