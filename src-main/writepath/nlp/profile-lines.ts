/**
 * A profile the speaker types as fields, one a line ("Name: Priya\nAge: 29\nCity: Leeds\nJob: nurse"), is what they say
 * of themselves: each field is read as the first-person sentence it stands for ("My name is Priya.", "I'm 29.", "I live
 * in Leeds.", "I'm a nurse."). Only a message with two such fields or more is a profile ("Job: done ✅" alone is a note).
 */
import { indefiniteArticle } from '../../../src-shared/text';
import { ROLE_AT_FIRM } from './job-news';
import { US_STATES } from './lexicon';

/** The sentence a field stands for, by its name; the value as typed goes where "$" is. */
const FIELDS: readonly [RegExp, (value: string) => string | null][] = [
  [/^(?:(?:full|first)\s+)?name$/, (v) => `My name is ${v}.`],
  [/^age$/, (v) => (/^\d{1,3}(?:\s*(?:yo|y\/o|years?(?: old)?|yrs?))?$/i.test(v) ? `I'm ${v.replace(/\D+$/, '')}.` : null)],
  [/^(?:city|town|location|based(?: in)?|lives? in|home(?: town| city)?|current (?:city|location|home)|where i live)$/, (v) => `I live in ${v}.`],
  [/^(?:from|hometown|originally from|born in|where i'?m from)$/, (v) => `I'm from ${v}.`],
  [/^(?:job|occupation|role|profession|job title|title|work as)$/, (v) => `I'm ${/^(?:an?|the)\s/i.test(v) ? '' : `${indefiniteArticle(v)} `}${v}.`],
  [/^(?:employer|company|workplace|works? at|work(?:place)?|works? for)$/, (v) => `I work at ${v}.`],
  // ("$" stands for the field's own name: "Wife: Sarah" → "My wife is called Sarah.")
  [/^(?:partner|wife|husband|boyfriend|girlfriend|fianc[ée]e?)$/, (v) => `My $ is called ${v}.`],
  [/^(?:diet)$/, (v) => `I'm ${v}.`],
  [/^(?:languages?|speaks?)$/, (v) => `I speak ${v}.`],
  [/^(?:pets?|kids|children)$/, (v) => `I have ${v}.`],
];

/** "Key: value": a field's name (a few words) and what is typed after it (a short value, no sentence). */
const FIELD = /^\s*(?:[-*•]\s*)?([\p{L}][\p{L}' ]{0,24}?)\s*[:=–-]\s*(\S(?:[^\n.!?]{0,60}\S)?)\s*[.!]?\s*$/u;

/** A profile's name field that names someone else: "Name: my mum", "Name: the dog". */
const SOMEONE_ELSES_NAME = /^\s*(?:[-*•]\s*)?(?:(?:full|first)\s+)?name\s*[:=–-]\s*(?:my|our|his|her|their|the|a|an)\b/im;

/** A field as its sentence, or null when the line is no field of a profile. */
function fieldSentence(line: string): string | null {
  const m = FIELD.exec(line);
  if (!m) return null;
  const key = (m[1] ?? '').trim().toLowerCase();
  const value = (m[2] ?? '').trim();
  if (value.split(/\s+/).length > 8) return null;
  for (const [name, say] of FIELDS) if (name.test(key)) return say(value)?.replace('$', key) ?? null;
  return null;
}

/**
 * The message with a profile's fields said as sentences (the other lines as typed), before anything else reads it (a
 * field's "Name:" would read as a transcript's speaker); unchanged unless two fields or more are there.
 */
export function profileSaid(text: string): string {
  // ("Name: my mum\nAge: 60": someone else's.)
  if (SOMEONE_ELSES_NAME.test(text)) return text;
  const lines = text.split(/\r?\n/);
  const said = lines.map(fieldSentence);
  return said.filter((s) => s !== null).length >= 2 ? lines.map((line, i) => said[i] ?? line).join('\n') : text;
}

/** What the fragment after the place says for an introduction: a role at a firm, work or study somewhere, a state of work, an age. */
const SAYS_OWN_WORK = new RegExp(`${ROLE_AT_FIRM.source}|^\\W*(?:i\\s+)?(?:work|working|study|studying)\\s+(?:at|for|as)\\s+\\p{L}|^\\W*(?:student|freelance|self[- ]employed|retired)\\b|^\\W*\\d{2}\\s*(?:yo|y/o|years old)\\W*$`, 'iu');
/** A full stop between fragments (not in "St. Albans" or "e.g."). */
const FRAGMENT_END = /(?<=\p{L}{2})\.\s+/u;

/**
 * An introduction typed as fragments, the way a chat opens: "marco. berlin. junior dev at zalando", "ben. austin tx.
 * work at dell". A lone name the name finder takes for a person's, then a lone place it knows (a US city may carry its
 * state), then more: said as "My name is Marco. I live in Berlin." with the rest as typed. Two fragments alone ("ben.
 * austin.") as often list who came; a place that is also a first name ("austin") counts only with its state.
 */
export function fragmentsSaid(text: string, kindOf: (words: string) => string | undefined): string {
  if (text.includes('\n')) return text;
  const fragments = text.trim().split(FRAGMENT_END);
  if (fragments.length < 3) return text;
  const [name = '', place = '', ...rest] = fragments;
  if (!/^\p{L}{2,}$/u.test(name) || kindOf(name.toLowerCase()) !== 'person') return text;
  const placeWords = place.toLowerCase().replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  const withState = placeWords.length === 2 && US_STATES.has(placeWords[1] ?? '') && ['place', 'person'].includes(kindOf(placeWords[0] ?? '') ?? '');
  const known = placeWords.length >= 1 && placeWords.length <= 2 && placeWords.every((w) => /^\p{L}+$/u.test(w)) && kindOf(placeWords.join(' ')) === 'place';
  if ((!withState && !known) || !SAYS_OWN_WORK.test(rest[0] ?? '')) return text;
  // Typed in lower case, said in lower case: the case restorer then reads the whole message as typed.
  const lower = !/\p{Lu}/u.test(text);
  const capital = (w: string): string => (lower ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`);
  const where = withState ? `${capital(placeWords[0] ?? '')} ${lower ? (placeWords[1] ?? '') : (placeWords[1] ?? '').toUpperCase()}` : placeWords.map(capital).join(' ');
  return `${lower ? 'my' : 'My'} name is ${capital(name)}. ${lower ? 'i' : 'I'} live in ${where}. ${rest.join('. ')}`;
}
