/**
 * Who the speaker is, and who they are with, from a copula: "Hi! I'm Dana Whitfield" and "my name is Dana" give
 * the name fact and the person; "I'm no longer with Sam" ends a partner. Only a proper name counts: "I'm tired",
 * "I'm going", "I'm OK", "I'm British" give nothing.
 */
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { CALENDAR_WORDS, DURABLE_ADJECTIVES, IDENTITIES, NOT_NAMES } from './lexicon';
import { lowerOf, possessive, properRuns } from './phrases';
import { endedValue } from '../slot-values';
import type { Built, Subject } from './statement-types';
import type { VerbGroup } from './verb-group';

/** "User's name is Dana Whitfield", with the person it names. */
export function nameStatement(subject: Subject, name: string): Built {
  const entities = subject.entity ? [subject.entity] : [{ name, type: 'person' as const, aliases: [] }];
  return { content: `${possessive(subject.text)} name is ${name}`, type: 'semantic', slot: `${subject.key}.name`, value: normaliseFact(name), entities };
}

/** One to three capitalised words that are a name, not a mood, a nationality or a date. */
export function isPersonName(tokens: readonly Token[]): boolean {
  if (tokens.length === 0 || tokens.length > 3) return false;
  const run = properRuns(tokens)[0];
  if (!run || run.start !== 0 || run.end !== tokens.length) return false;
  return tokens.every((t) => {
    const lower = t.text.toLowerCase();
    const shape = /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)?$/u.test(t.text);
    return shape && !NOT_NAMES.has(lower) && !DURABLE_ADJECTIVES.has(lower) && !IDENTITIES.has(lower) && !CALENDAR_WORDS.has(lower);
  });
}

/** A copula the name and partner rules read, or null for the rest of the copula rules. */
export function copulaStatement(subject: Subject, group: VerbGroup, object: Token[]): Built[] | null {
  if (!subject.firstPerson) return null;
  if (!group.negated && !group.past && isPersonName(object)) return [nameStatement(subject, joinTokens(object))];
  // "I'm no longer with Sam": the tagger leaves "no longer" after the copula.
  const noLonger = lowerOf(object[0]) === 'no' && lowerOf(object[1]) === 'longer';
  const rest = noLonger ? object.slice(2) : object;
  if ((group.negated || noLonger) && lowerOf(rest[0]) === 'with' && isPersonName(rest.slice(1))) {
    const partner = joinTokens(rest.slice(1));
    return [
      {
        content: `${subject.text} ${group.phrase}${noLonger ? ' no longer' : ''} with ${partner}`,
        type: 'semantic',
        slot: `${subject.key}.partner`,
        value: endedValue(normaliseFact(partner)),
        entities: [{ name: partner, type: 'person', aliases: [] }],
      },
    ];
  }
  return null;
}
