/**
 * What a sentence says about the statements read from it and before it: a take-back ("jk", "not really", "kind
 * of") undoes them; a time long gone ("back in the day") leaves no claim about now; a spell ("for lent", "dry
 * january") is no change of habit.
 */
import type { Statement } from './statement-types';
import { joinTokens, type Sentence, type Token } from './analyzer';
import { SARCASM } from './states-over';

/** Irony that takes back a taste: an eye-roll, "/s", "yeah right", and an upside-down face. */
const IRONY = new RegExp(`${SARCASM.source}|🙃`, 'iu');

/** The end of a sentence: punctuation, a laugh, emoji. */
const END = String.raw`[\s.!…]*(?:lol|haha|lmao)?[\s.!…\p{Extended_Pictographic}\u{FE0F}]*$`;

/**
 * A sentence that takes back the ones before it (and itself): "jk", "just kidding", "kidding", "/s", "(not)", "(not
 * really)", "said no one ever" anywhere; "not really", "i wish", "in my dreams", "as if" as the sentence's end; "not"
 * alone or after "…" or a comma; a hedge after a comma or on its own ("…, kind of", "well, almost", "sort of"); a crush's
 * "doesn't know it yet".
 */
const TAKE_BACK = new RegExp(
  [
    String.raw`(?:^|[\s(])(?:jk|jkjk|j\/k|just kidding|just joking|kidding|\/s|said no one ever|said nobody ever)(?=$|[\s.!?,)])`,
    String.raw`\((?:not|not really|sort of|kind of|kinda|sorta|ish)\)|\(not really\b`,
    String.raw`(?:^|[\s.,…])(?:not really|i wish|in my dreams|as if)${END}`,
    String.raw`(?:^|\.\.\.|…|,)\s*not${END}`,
    String.raw`(?:^|\.\.\.|…|,)\s*(?:well,?\s*)?(?:almost|nearly|kind of|sort of|kinda|sorta)${END}`,
    // "i'm a doctor, well, almost, final year", "i'm vegan well mostly": "well almost" takes it back wherever it is.
    String.raw`\bwell,?\s+(?:almost|nearly|mostly|not quite)\b`,
    // "Tom Hardy is my husband, he just doesnt know it yet", "my bf Harry Styles doesn't know i exist": a crush's joke.
    String.raw`\b(?:doesn'?t|does not|don'?t|do not)\s+know\s+(?:it\s+yet|(?:that\s+)?i\s+exist|who\s+i\s+am)\b`,
    // "i'm a teacher, used to anyway".
    String.raw`,\s*used to\s*(?:anyway|tho|though)?${END}`,
  ].join('|'),
  'iu',
);
/**
 * After something was said, a sentence that opens by taking it back or making it past: "not really, just a bad day", "wait no",
 * "used to anyway", "well, worked". First in a message it is an answer to the other person ("not really, i live in
 * York now"), so only a later sentence counts.
 */
const TAKE_BACK_AFTER = /^\s*(?:(?:wait|hang on|hold on)\s*,?\s*no\b|no\s*,?\s*wait\b|scratch that\b|(?:nah\s+)?not really\s*(?:anyway|tbh|lol|haha)?\s*(?:[,.!…]|$)|used to\s*(?:anyway|tho|though|lol|haha)?[\s.!…]*$|well,?\s*(?:worked|lived|used to)\b)/i;
/** A time long gone, which makes what a sentence says no longer so: "back in the day", "back in uni", "back then". */
const LONG_AGO = /\bback (?:in the day|then|in (?:uni|school|college|my (?:twenties|teens|20s|uni days|school days)))\b/i;
/** A spell, not a change of habit: "for lent", "dry january", "veganuary", "(for a week)", "this month" (not "earlier this month"). */
const FOR_A_SPELL =
  /\b(?:for (?:lent|(?:dry )?january|november|movember|(?:sober )?october|a (?:week|month|year|bit|while|fortnight)|the (?:week|month|year)|(?:\d+|one|two|three|four|six|a few|a couple of) (?:days|weeks|months)|now|today|tonight|the day)|dry january|veganuary|sober october|(?<!\b(?:earlier|start of|beginning of|end of|middle of|mid|since)\s)this (?:week|month)|until (?:christmas|easter|the weekend|next week))\b/i;
const SPELL_MONTH = /\b(?:january|october|november)\b/i;
const NAMED_SPELL = /\b(?:lent|dry january|veganuary|sober october|movember|stoptober)\b/i;
/**
 * A stay somewhere for a while, which is no home, or a job for a while, which is no employer: "living in berlin for the
 * summer", "staying in leeds for a few weeks", "working at tesco over christmas".
 */
const A_STAY =
  /\bfor (?:the (?:summer|winter|spring|autumn|holidays|week|month|weekend|term|semester)|a (?:week|month|bit|while|fortnight|few (?:days|weeks|months)|couple of (?:days|weeks|months))|(?:\d+|one|two|three|four|five|six|a few|a couple of|a couple) (?:days|weeks|months))\b/i;
/** Work over a holiday is a job for it ("working at tesco over christmas"); a start or a move over one says when it was. */
const OVER_A_SPELL = /\b(?:working|work)\b[^.!?\n]*\bover (?:christmas|xmas|easter|the (?:summer|holidays|break))\b/i;
/** A costume, not a job or a home: "i'm a nurse for halloween", "dressed as a pirate". */
const IN_COSTUME = /\bfor (?:halloween|fancy dress|world book day|the (?:fancy dress|costume|halloween) party)\b|\bdressed (?:up )?as\b|\bcostume\b/i;
/** A story to tell others, not what holds: "if anyone asks, i live in leeds", "if my mum asks i was at yours". */
const COVER_STORY = /\bif (?:any(?:one|1|body)|some(?:one|body)|they|she|he|(?:my|ur|your) \w+) asks?(?=\s*(?:[,.!:;-]|$)|\s+(?:i|we|u|you|tell|say)\b)/i;
/** Said of now, so a time long gone in the same sentence is what changed: "back in the day i was a punk but now i'm a teacher". */
const NOW_TOO = /\b(?:now|these days|nowadays|currently)\b/i;

/**
 * A joke owned at the end of what was said: a laugh and a no ("lol no", "😂 nah", "lol no i didnt"), "jokes", "jokes,
 * i'd never", "yeah right". Not the answer to a question ("do i miss london? lol no"), nor someone else's words ("my
 * mum was like yeah right", "asked if i'd move back, lol no"), nor "no joke", "jokes aside", "dad jokes".
 */
const JOKE_OWNED = new RegExp(
  String.raw`(?:(?:^|\s)(?:lol|lmao|haha)|\p{Extended_Pictographic}|^)\s*(?:no+|nope|nah)\b(?:\s*(?:i\s+)?(?:didn'?t|did not|haven'?t|havent|wasn'?t|won'?t|am not|i'?m not|i wish))?${END}|(?:^|[\s.,…\p{Extended_Pictographic}])(?<!\b(?:no|not|dad|bad|the|of|some|my|his|her|your|their|writing|telling|making|cracking|was|were|is|are|so|proper|actual|absolute)\s)(?:jokes|joking)(?:,?\s*i(?:'?d| would) never)?${END}|(?:^|[\s.,…\p{Extended_Pictographic}])yeah,?\s+right${END}`,
  'iu',
);
/** Words before a joke ending that make it someone else's, or an answer: a question, "asked", "was like". */
const NOT_OWN_JOKE = /\?|\b(?:asked|asks|asking|wondered|wondering|said|says|goes|was like|were like|is like|be like)\b/i;

/** A sentence that ends in a joke owned (JOKE_OWNED): its own statements are none. */
export function endsInJoke(text: string): boolean {
  const found = JOKE_OWNED.exec(text);
  return found !== null && found.index > 0 && !NOT_OWN_JOKE.test(text.slice(0, found.index));
}

/**
 * Whether the sentence at `index` of a message (its text) takes back what was said up to it. `previous`: the sentence
 * before it; a joke ending alone ("lol no", "nah", "jokes") after a question answers it, and takes nothing back.
 */
export function takesBack(text: string, index: number, previous = ''): boolean {
  const jokeAlone = index > 0 && JOKE_OWNED.exec(text)?.index === 0 && !/\?\s*$/.test(previous) && !NOT_OWN_JOKE.test(previous.slice(-40));
  return TAKE_BACK.test(text) || (index > 0 && TAKE_BACK_AFTER.test(text)) || jokeAlone;
}

/**
 * The statements read from a sentence, as the sentence means them: "I started at Aviva back in the day" is long over,
 * so no claim about now ("User works at Aviva") is made of it; "given up meat for lent", "dry january", "vegan for
 * a week lol" pause a habit, which changes no slot (and is kept only with its spell: "User is vegan for january");
 * "living in berlin for the summer" is a stay, not a home.
 */
export function asTheSentenceMeansThem(statements: readonly Statement[], text: string): Statement[] {
  // "moved to leeds lol no", "went vegan 😂 nah": a joke owned at its end takes the sentence back.
  if (endsInJoke(text)) return [];
  // "i love being ignored 🙃", "love mondays 🙄": a taste said in irony is none (an upside-down face makes light of a
  // state, "allergic to cats too 🙃", and takes back only a taste).
  if (IRONY.test(text)) return asTheSentenceMeansThem(statements.filter((s) => s.type !== 'opinion'), text.replace(new RegExp(IRONY.source, 'giu'), ''));
  const longAgo = LONG_AGO.test(text) && !NOW_TOO.test(text);
  // ("been sober for 18 months" is how long a habit has held, not a spell, unless the spell is named: "dry january".)
  const forASpell = FOR_A_SPELL.test(text) && (!/\bbeen\b/i.test(text) || NAMED_SPELL.test(text));
  // ("have lived in Leeds for 3 months" is how long a home has been one.)
  const aStay = A_STAY.test(text) && !/\b(?:have|has|had|'ve|been)\b/i.test(text);
  const workOverASpell = OVER_A_SPELL.test(text);
  // ("started my externship this week" is an event in a spell of time, not a habit for one.)
  const spellSaid = forASpell ? FOR_A_SPELL.exec(text)?.[0].toLowerCase() : undefined;
  const spell = spellSaid !== undefined && /^(?:for|until) /.test(spellSaid) ? spellSaid : null;
  const spellPart = spell === null ? null : partSaying(text, spell);
  if (COVER_STORY.test(text)) return [];
  const costume = IN_COSTUME.test(text);
  return statements.flatMap((statement) => {
    if (costume && /\.(?:occupation|employer|residence)$/.test(statement.slot ?? '')) return [];
    if (longAgo && statement.slot !== null && !statement.value?.startsWith('ended:')) return [];
    // "User lives in Berlin" is not what "living in berlin for the summer" says, nor "User works at Tesco" "… over christmas".
    const slot = statement.slot ?? '';
    const forAWhile = (aStay && /\.(?:residence|employer)$/.test(slot)) || (workOverASpell && slot.endsWith('.employer'));
    if (forAWhile && !statement.value?.startsWith('ended:')) return [];
    const habit = statement.slot === null || HABIT_SLOT.test(statement.slot);
    if (forASpell && spell === null && statement.slot?.includes('.uses.')) return [{ ...statement, slot: null, value: null }];
    // ("I'm not drinking for lent, and I quit smoking for good": the spell is the drinking's.)
    if (spell === null || spellPart === null || !habit || !saysPartOf(statement.content, spellPart)) return [{ ...statement }];
    // A habit, diet or state for a spell is only true with the spell said: "User gave up meat" is not what "gave up
    // meat for lent" says, nor "User is vegetarian" what "vegetarian for lent" does. A month that bounds the spell
    // ("vegan for january") is not when it began.
    if (!statement.content.toLowerCase().includes(spell)) return [];
    return [{ ...statement, slot: null, value: null, ...(SPELL_MONTH.test(spell) ? { eventTime: null } : {}) }];
  });
}

/** Slots a spell can pause: habits and diets. */
const HABIT_SLOT = /\.(?:uses\.|diet$)/;
/** Words of a statement that say nothing of what it is about. */
const FRAME_WORDS: ReadonlySet<string> = new Set(['user', 'their', 'does', 'have', 'been', 'being', 'with', 'that', 'this', 'from']);

/** The part of a sentence, between commas and joining words, that says `phrase`. */
function partSaying(text: string, phrase: string): string | null {
  return text.split(/[,;]|\b(?:and|but|so|then)\b/i).find((part) => part.toLowerCase().includes(phrase)) ?? null;
}

/** Whether `part` says what a statement is about: one of its words ("vegan" of "User is vegan"). */
function saysPartOf(content: string, part: string): boolean {
  const said = new Set(part.toLowerCase().match(/[\p{L}'-]+/gu) ?? []);
  return (content.toLowerCase().match(/[\p{L}'-]+/gu) ?? []).some((w) => w.length >= 4 && !FRAME_WORDS.has(w) && said.has(w));
}

/** A question tagged on after a comma, asking about what was just said or back: "…, any ideas?", "…, right?", "…, do u?". */
const TAG_QUESTION = /^(?:any\s+)?(?:ideas|thoughts|suggestions|recommendations|recs|tips|advice)|^(?:what do (?:you|u) (?:think|reckon)|wdyt|right|yeah|ok|okay|no|any\s+\w+|(?:do|and|what about|how about) (?:you|u|u2|you too)|hbu|wbu|hby|u|you)$/i;

/** The sentence without a tag question at its end; the sentence itself when it has none. */
export function withoutTagQuestion(sentence: Sentence): Sentence {
  const tokens = sentence.tokens;
  const comma = tokens.findLastIndex((t) => t.text === ',');
  const tail = tokens.slice(comma + 1).filter((t) => t.pos !== 'PUNCT');
  if (comma <= 0 || tokens.at(-1)?.text !== '?' || tail.length === 0 || tail.length > 5 || !TAG_QUESTION.test(joinTokens(tail))) return sentence;
  return { ...sentence, tokens: tokens.slice(0, comma) };
}

/** Words that make a clause no plain statement of fact: a condition, a modal, a wish, a thought, a report, another time. */
const NOT_PLAIN = new Set(['if', 'when', 'unless', 'might', 'may', 'could', 'would', 'will', 'should', 'gonna', 'hope', 'wish', 'imagine', 'want', 'said', 'says', 'think', 'thought', 'guess', 'kid', 'child', 'ago', 'tomorrow', 'once', 'before', 'after', 'used']);
export const plainStatement = (tokens: readonly Token[]): boolean => !tokens.some((t) => NOT_PLAIN.has(t.text.toLowerCase()) || (t.pos === 'AUX' && t.text.toLowerCase() === 'ca'));

/** A hedge later in the sentence: "… and now I work at Meta hopefully". */
export const hedgedFrom = (tokens: readonly Token[], from: number): boolean => tokens.slice(from).some((t) => ['hopefully', 'maybe', 'probably', 'jk', 'kidding', 'fingers'].includes(t.text.toLowerCase()));
