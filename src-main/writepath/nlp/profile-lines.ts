/**
 * A profile the speaker types as fields, one a line ("Name: Priya\nAge: 29\nCity: Leeds\nJob: nurse"), is what they say
 * of themselves: each field is read as the first-person sentence it stands for ("My name is Priya.", "I'm 29.", "I live
 * in Leeds.", "I'm a nurse."). Only a message with two such fields or more is a profile ("Job: done ✅" alone is a note).
 */
import { indefiniteArticle } from '../../../src-shared/text';

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
