/**
 * States that are over (personal-states.ts reads the rest): "i don't have diabetes anymore", "not allergic to cats any
 * more", "no longer an arsenal fan", "i used to have asthma" — the slot the state held, with `ended:` its value — and
 * the messages that take such a reading back. The state itself is read by the caller's `heldBy` (a condition, an
 * allergy, a fan's love), as if said held.
 */
import { endedValue, isDeparture } from '../../../src-shared/slot-values';
import { NOTHING, type Built, type StateReading, type Subject } from './statement-types';

/** A message that says the opposite of its words: an eye-roll, "/s", "yeah right". */
export const SARCASM = /🙄|😒|(?:^|\s)\/s\b|\byeah,? right\b/iu;

/** A denial of a state: "no longer …", or "not" / "don't" / "haven't" … (a change only with "anymore" after). */
const DENIED_STATE = /^(?:(am|is|are|'m|'s|m)\s+)?(no longer|not|don't|dont|do not|doesn't|doesnt|does not|haven't|havent|have not|hasn't|hasnt|has not)\s+(.+)$/;
/**
 * "no longer a chelsea fan, never was tbh": right after the denial, without a subject of its own, "never was" and at
 * most a filler, to the end of the sentence. "…, my sister never was", "never was good at it" are of something else.
 */
const NEVER_HELD = /\b(?:no longer|not|n't|anymore|any more)\b[^.!?]*?[,;–—-]\s*(?:but\s+|and\s+|tbh\s+|honestly\s+|actually\s+)?never (?:was|were|been|have been|has been|had it|had one|really was|did)(?:\s+(?:tbh|tbf|ngl|really|lol|either|honestly|haha|lmao|tho|though|apparently|actually|to be honest|to be fair|in the first place|if i'm honest|if im honest))*\s*[.!]*\s*$/i;
const ANY_MORE = /\s*\b(?:anymore|any more|any longer)\b/;
const USED_TO = /^used to (be|have)\s+(.+)$/;
/** It is back, or still there: "… but it came back", "its back", "and still do sometimes", "got it again". */
const NOT_OVER = /\b(?:came|comes|come|coming) back\b|\b(?:it's|its|it is|is|it was) back\b|\bback again\b|\bstill (?:do|does|have it|has it|get it|gets it|got it)\b|\b(?:have|has|got|get) it again\b/i;

/**
 * A reading the message takes back: an eye-roll says the opposite; a state read as over in a message that says it is
 * back or still there ("…, but it came back") is not over, nor one it says was never held ("no longer a chelsea fan,
 * never was tbh": a plain denial, which says nothing).
 */
export const takenBack = (built: readonly Built[], utterance: string): boolean =>
  SARCASM.test(utterance) || (built.some((b) => isDeparture(b.value)) && (NOT_OVER.test(utterance) || NEVER_HELD.test(utterance)));

/**
 * A condition, an allergy, a fan's love or a kind of person that is over: "i don't have diabetes anymore", "not
 * allergic to cats any more", "no longer an arsenal fan", "i used to have asthma". The slot the state held takes
 * `ended:` its value, so consolidation supersedes the fact it ends and nothing else. A plain denial ("i don't have
 * adhd", "i'm not a morning person") tells of no change and is left to the general rules.
 */
export function overIn(rest: string, subject: Subject, heldBy: (said: string) => StateReading): StateReading {
  // "i used to have asthma and still do sometimes", "… but it came back": not over.
  if (NOT_OVER.test(rest)) return null;
  const used = USED_TO.exec(rest);
  const denied = used ? null : DENIED_STATE.exec(rest);
  let held: string;
  if (used) held = `${used[1] === 'be' ? 'am' : 'have'} ${used[2] ?? ''}`;
  else if (denied) {
    const [, copula, negation = '', said = ''] = denied;
    if (negation !== 'no longer' && !ANY_MORE.test(said)) return null;
    const verb = /^hav/.test(negation) ? 'have ' : /^has/.test(negation) ? 'has ' : '';
    held = `${copula ? `${copula} ` : ''}${verb}${said.replace(ANY_MORE, '')}`;
  } else return null;
  // "asthma or eczema", "an arsenal fan or a spurs fan": the first here, the rest after (withWhatEndsToo).
  held = held.replace(/\s(?:or|nor)\s.*$/, '');
  const state = heldBy(held);
  if (state === NOTHING) return NOTHING;
  return ended(state, subject);
}

/** A state read as held, said as over ("User has asthma" → "User no longer has asthma", value `ended:yes`); null when it cannot be. */
function ended(state: StateReading, subject: Subject): Built | null {
  if (state === null || state === NOTHING || state.slot === null || state.value === null || isDeparture(state.value)) return null;
  const said = state.content.slice(subject.text.length + 1);
  const content = said.startsWith('has ') ? `${subject.text} no longer has ${said.slice(4)}` : said.startsWith('is ') ? `${subject.text} is no longer ${said.slice(3)}` : null;
  return content ? { ...state, content, value: endedValue(state.value) } : null;
}

/**
 * A state that is over, and a second over with it after "or", "nor" or "and": "no longer allergic to peanuts or
 * shellfish", "i don't have asthma or eczema anymore", "no longer allergic to cats and dogs" (neither is held now). After
 * a denial, "and" before what holds now, or after a fan's love, is a switch ("no longer an arsenal fan and a spurs fan").
 */
export function withWhatEndsToo(first: Built, rest: string, subject: Subject, heldBy: (said: string) => StateReading): Built[] {
  const joined = /\s(or|nor|and|&)\s+(?:(?:a|an)\s+)*(.+)$/.exec(rest.split(/[,.;!?]/)[0] ?? '');
  const after = joined?.[2]?.replace(ANY_MORE, '').trim();
  if (!joined || !after) return [first];
  // After "and", what holds now, not more of what ended: "… and now a spurs fan", "… and a proud spurs fan" (a fan's
  // love ended and another taken up is a switch); "allergic to cats and dogs", "asthma and eczema" list the ended.
  const and = joined[1] === 'and' || joined[1] === '&';
  if (and && (HOLDS_NOW.test(after) || (first.type === 'opinion' && !USED_TO.test(rest)))) return [first];
  const allergy = first.slot?.includes('.allergy.') === true;
  const tries = allergy ? [`is allergic to ${after}`] : first.content.includes(' no longer has ') ? [`has ${after}`] : [`is ${after}`, `is a ${after}`];
  for (const said of tries) {
    const second = ended(heldBy(said), subject);
    if (second && second.slot !== first.slot) return [first, second];
  }
  return [first];
}

const HOLDS_NOW = /\b(?:now|instead|these days|currently|nowadays|anymore|again|still)\b/;
