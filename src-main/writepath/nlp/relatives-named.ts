/**
 * Relatives named in passing: "me and my bf tom", "went to cornwall with my husband James", "my girlfriend, sarah". A
 * relation and a name after "my" say who the person is wherever the clause puts them, as "my wife Sarah moved in" says
 * it as a subject (statements.ts). Not where the message tells of an ending ("me and my bf tom broke up": the couple's
 * news says that), nor a pet, nor someone else's relative ("my friend's wife Sarah").
 */
import { normaliseFact } from '../text';
import { endedValue } from '../../../src-shared/slot-values';
import type { Sentence } from './analyzer';
import { PARTNERS } from './lexicon';
import { lowerOf, possessive, relativeAt, slotKey } from './phrases';
import type { Context, Statement, Subject } from './statement-types';

/** A partner is one at a time ("my girlfriend Alex" then "my girlfriend Jo"); other relatives are many. */
export function relationSlot(relative: { relation: string; name: string }, own: Subject, was = false): { slot: string; value: string } {
  const words = relative.relation.split(' ');
  const last = words.at(-1) ?? '';
  // "my ex", "my old girlfriend Jess": a partner that was.
  if (last === 'ex' || (PARTNERS.has(last) && (was || ['old', 'ex-', 'former'].includes(words[0] ?? '')))) return { slot: `${own.key}.partner`, value: endedValue(normaliseFact(relative.name)) };
  return PARTNERS.has(last) ? { slot: `${own.key}.partner`, value: normaliseFact(relative.name) } : { slot: `${slotKey(relative.name)}.relation.${slotKey(own.key)}`, value: relative.relation };
}

/**
 * A message telling of an ending, a loss or a time gone by: who a relative was is its own news there ("my bf tom cheated on
 * me so hes gone", "my husband James passed away", "when i was 16 my bf tom was a dick").
 */
const ENDING =
  /\b(?:broke up|break up|split|splitting|separat\w*|divorc\w*|dumped|left me|cheat\w*|gone|any ?more|passed away|died|rip|late|ex|former|to be|on a break|when i was|back in|back then|years ago|used to)\b/i;

/**
 * Whether the name after a relation names a thing, not the relative: one the name finder knows as a place's or a firm's
 * ("my sister Paris trip", "my bf Netflix lol"). (Not any name a noun follows: the tagger reads "lives" in "my sister Ana
 * lives in Warsaw" as one.)
 */
export function namesAThing(relative: { name: string }, ctx: Context): boolean {
  const kind = ctx.named.get(relative.name.toLowerCase());
  return kind === 'place' || kind === 'organization';
}

/** "Tom is the user's boyfriend" for each "my boyfriend Tom" the sentences name that `said` does not already state. */
export function relativesNamedInPassing(sentences: readonly Sentence[], ctx: Context, own: Subject, said: readonly Statement[]): Statement[] {
  if (ENDING.test(ctx.text)) return [];
  const whose = ctx.speaker.isUser ? "the user's" : possessive(ctx.speaker.name);
  const known = new Set(said.map((s) => `${s.slot}\u0001${s.value}`));
  const out: Statement[] = [];
  for (const { tokens } of sentences) {
    tokens.forEach((t, i) => {
      // ("my friend's wife Sarah": "my" owns the friend; a question asks.)
      if (lowerOf(t) !== 'my' || tokens.some((q) => q.text === '?')) return;
      const relative = relativeAt(tokens, i);
      if (!relative || relative.pet || namesAThing(relative, ctx) || /^['’]s$/.test(tokens[relative.next]?.text ?? '')) return;
      const slotted = relationSlot(relative, own);
      const key = `${slotted.slot}\u0001${slotted.value}`;
      if (known.has(key)) return;
      known.add(key);
      const entity = { name: relative.name, type: 'person' as const, aliases: [ctx.speaker.isUser ? `my ${relative.relation}` : `${possessive(ctx.speaker.name)} ${relative.relation}`] };
      out.push({ content: `${relative.name} is ${whose} ${relative.relation}`, type: 'semantic', ...slotted, entities: [entity, ...(own.entity ? [own.entity] : [])], eventTime: null });
    });
  }
  return out;
}
