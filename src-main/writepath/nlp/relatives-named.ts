/**
 * Relatives named in passing: "me and my bf tom", "went to cornwall with my husband James", "my girlfriend, sarah". A
 * relation and a name after "my" say who the person is wherever the clause puts them, as "my wife Sarah moved in" says
 * it as a subject (statements.ts). Not where the message tells of an ending ("me and my bf tom broke up": the couple's
 * news says that), nor a pet, nor someone else's relative ("my friend's wife Sarah").
 */
import { normaliseFact } from '../text';
import { endedValue } from '../../../src-shared/slot-values';
import type { Sentence, Token } from './analyzer';
import { CALENDAR_WORDS, CLAUSE_ENDING_INTERJECTIONS, PARTNERS, TRAILING_FILLERS } from './lexicon';
import { lowerOf, possessive, slotKey } from './phrases';
import { relativeAt, relativeBeside } from './relation-at';
import type { Context, Statement, Subject } from './statement-types';

/** A partner is one at a time ("my girlfriend Alex" then "my girlfriend Jo"); other relatives are many. */
export function relationSlot(relative: { relation: string; name: string }, own: Subject, was = false): { slot: string; value: string } {
  const words = relative.relation.split(' ');
  const written = words.at(-1) ?? '';
  const last = written.replace(/^ex-/, '');
  // "my ex", "my old girlfriend Jess", "my ex-husband Mark", "my late wife Jean": a partner that was.
  if (last === 'ex' || (PARTNERS.has(last) && (was || written !== last || ['old', 'ex-', 'ex', 'former', 'late'].includes(words[0] ?? '')))) return { slot: `${own.key}.partner`, value: endedValue(normaliseFact(relative.name)) };
  return PARTNERS.has(last) ? { slot: `${own.key}.partner`, value: normaliseFact(relative.name) } : { slot: `${slotKey(relative.name)}.relation.${slotKey(own.key)}`, value: relative.relation };
}

/**
 * A message telling of an ending, a loss or a time gone by: who a relative was is its own news there ("my bf tom cheated on
 * me so hes gone", "my husband James passed away", "when i was 16 my bf tom was a dick", "my manager, Tom, quit").
 */
const ENDING =
  /\b(?:broke up|break up|split|splitting|separat\w*|divorc\w*|dumped|left me|cheat\w*|gone|any ?more|passed away|(?:who|that|has|had|just) passed|passed (?:in|on|last|away|\d)|died|quit|resign\w*|retired|fired|sacked|laid off|killed|funeral|heaven|lost (?:my|our)|rip|late|ex|former|to be|on a break|(?:are|r|'re)\s+(?:done|over|finished)|when i was|back in|back then|years ago|used to)\b/i;

/**
 * Whether the name after a relation names a thing, not the relative: one the name finder knows as a place's or a firm's
 * ("my sister Paris trip", "my bf Netflix lol"), or one that qualifies the noun after it, a possessive without its "'s"
 * ("my bf Xbox obsession is getting worse", "my brother Ferrari poster lol", "my sister TikTok dances are cringe"). A
 * word in "s" may be the relative's verb, which the tagger reads as a noun ("my sister Ana lives in Warsaw"): only a
 * verb after it makes it a noun.
 */
export function namesAThing(relative: { name: string; next: number }, ctx: Context, tokens: readonly Token[]): boolean {
  const kind = ctx.named.get(relative.name.toLowerCase());
  if (kind === 'place' || kind === 'organization') return true;
  const noun = tokens[relative.next];
  if (noun?.pos !== 'NOUN' || !/^\p{Ll}/u.test(noun.text) || NOT_A_THING.has(noun.lemma) || NOT_A_THING.has(lowerOf(noun))) return false;
  const after = tokens[relative.next + 1];
  return !/s$/i.test(noun.text) || after?.pos === 'VERB' || after?.pos === 'AUX';
}

/** Nouns after a relative's name that are no thing of theirs: a time ("my sister Ana today"), a chat's filler ("btw"). */
const NOT_A_THING = new Set([...CALENDAR_WORDS, 'today', 'tonight', 'tomorrow', 'yesterday', 'now', ...TRAILING_FILLERS, ...CLAUSE_ENDING_INTERJECTIONS, 'x', 'xo']);

/** "Tom is the user's boyfriend" for each "my boyfriend Tom" the sentences name, whose slot `said` does not already hold. */
export function relativesNamedInPassing(sentences: readonly Sentence[], ctx: Context, own: Subject, said: readonly Statement[]): Statement[] {
  if (ENDING.test(ctx.text)) return [];
  const whose = ctx.speaker.isUser ? "the user's" : possessive(ctx.speaker.name);
  const known = new Set(said.flatMap((s) => (s.slot ? [s.slot] : [])));
  const out: Statement[] = [];
  for (const { tokens } of sentences) {
    tokens.forEach((t, i) => {
      // ("my friend's wife Sarah": "my" owns the friend; a question asks.)
      // ("not my cousin Sam": who the relative is not.)
      if (lowerOf(t) !== 'my' || tokens.some((q) => q.text === '?') || lowerOf(tokens[i - 1]) === 'not') return;
      const relative = relativeAt(tokens, i) ?? relativeBeside(tokens, i);
      if (!relative || relative.pet || namesAThing(relative, ctx, tokens) || /^['’]s$/.test(tokens[relative.next]?.text ?? '')) return;
      const slotted = relationSlot(relative, own);
      // ("my partner Jo walked out on us": the message's own news of that slot says it.)
      if (known.has(slotted.slot)) return;
      known.add(slotted.slot);
      const entity = { name: relative.name, type: 'person' as const, aliases: [ctx.speaker.isUser ? `my ${relative.relation}` : `${possessive(ctx.speaker.name)} ${relative.relation}`] };
      out.push({ content: `${relative.name} is ${whose} ${relative.relation}`, type: 'semantic', ...slotted, entities: [entity, ...(own.entity ? [own.entity] : [])], eventTime: null });
    });
  }
  return out;
}
