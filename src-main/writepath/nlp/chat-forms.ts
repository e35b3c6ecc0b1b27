/**
 * Forms of chat messages that the subject–verb rules miss: a message that drops its "I" ("just moved to Porto",
 * "got a job at Stripe"), a couple as the subject ("Jake and I broke up", "me and Jake split up"), "call me
 * Alex", and "I used to live in Paris" (a past that ends the matching slot).
 */
import { normaliseFact } from '../text';
import { joinTokens, type Token } from './analyzer';
import { DROPPED_ADVERBS, PARTNERS } from './lexicon';
import { isPersonName } from './names';
import { lowerOf, nameAfter, properRuns } from './phrases';
import { endedValue } from '../slot-values';
import type { Built, Subject } from './statement-types';

/** Verbs of a change in life that messages often say without "I": "moved to …", "started at …", "left …". */
const SUBJECTLESS_VERBS = new Set(['move', 'relocate', 'start', 'begin', 'join', 'quit', 'leave', 'get', 'land', 'resign', 'switch', 'marry', 'give', 'stop']);
/** Whether a message may hold such news at all (a cheap look before it is parsed). */
export const MAY_DROP_SUBJECT = /\b(?:moved|relocated|started|began|joined|quit|left|got|landed|resigned|switched|married|gave|stopped)\b/i;

/** Past forms that look like their lemma. */
const SAME_FORM_PASTS = new Set(['quit']);

/**
 * Whether the clause at `start` is a past verb of change with no subject before it (optionally after "just",
 * "finally"…): in a chat, the speaker's own news.
 */
export function startsWithoutSubject(tokens: readonly Token[], start: number): boolean {
  let i = start;
  if (tokens[i]?.pos === 'ADV' && DROPPED_ADVERBS.has(lowerOf(tokens[i]))) i++;
  const verb = tokens[i];
  if (!verb || verb.pos !== 'VERB' || !SUBJECTLESS_VERBS.has(verb.lemma)) return false;
  const lower = lowerOf(verb);
  const past = lower !== verb.lemma && !/(?:s|ing)$/.test(lower);
  // "quit my job at Globex" reads as news; a bare "quit" is left alone.
  return past || (SAME_FORM_PASTS.has(lower) && tokens.length > i + 1);
}

/**
 * "Jake and I broke up", "me and Jake split up", "Jake and I got married": the partner, and whether the couple
 * ended or began. Null for any other subject.
 */
export function coupleStatement(tokens: readonly Token[], start: number, own: Subject): { statement: Built; past: boolean } | null {
  let name: Token[] = [];
  let rest = -1;
  // "my boyfriend and I broke up": the partner by relation only; the break-up ends whoever holds the slot.
  const relation = lowerOf(tokens[start]) === 'my' && PARTNERS.has(lowerOf(tokens[start + 1])) && lowerOf(tokens[start + 2]) === 'and' && lowerOf(tokens[start + 3]) === 'i' ? lowerOf(tokens[start + 1]) : null;
  if (relation) {
    const words = tokens.slice(start + 4).map((t) => lowerOf(t)).filter((w) => !['just', 'finally', 'officially', 'have', 'had', 'recently'].includes(w));
    if (!(['broke', 'broken', 'split'].includes(words[0] ?? '') && words[1] === 'up')) return null;
    return { statement: { content: `${own.text} broke up with their ${relation}`, type: 'semantic', slot: `${own.key}.partner`, value: endedValue(''), entities: [] }, past: true };
  }
  if (lowerOf(tokens[start]) === 'me' && lowerOf(tokens[start + 1]) === 'and') {
    const run = properRuns(tokens.slice(start + 2))[0];
    if (run && run.start === 0) {
      name = tokens.slice(start + 2, start + 2 + run.end);
      rest = start + 2 + run.end;
    }
  } else {
    const run = properRuns(tokens.slice(start))[0];
    if (run && run.start === 0 && lowerOf(tokens[start + run.end]) === 'and' && ['i', 'me'].includes(lowerOf(tokens[start + run.end + 1]))) {
      name = tokens.slice(start, start + run.end);
      rest = start + run.end + 2;
    }
  }
  if (!isPersonName(name)) return null;
  const partner = joinTokens(name);
  const words = tokens.slice(rest).map((t) => lowerOf(t)).filter((w) => !['just', 'finally', 'officially', 'have', 'had', 'recently'].includes(w));
  const person = { name: partner, type: 'person' as const, aliases: [] };
  if (['broke', 'broken', 'split'].includes(words[0] ?? '') && words[1] === 'up') {
    return { statement: { content: `${own.text} broke up with ${partner}`, type: 'semantic', slot: `${own.key}.partner`, value: endedValue(normaliseFact(partner)), entities: [person] }, past: true };
  }
  if (['got', 'are'].includes(words[0] ?? '') && ['married', 'engaged'].includes(words[1] ?? '')) {
    return { statement: { content: `${own.text} ${words[0] === 'got' ? 'got' : 'is'} ${words[1]} to ${partner}`, type: 'semantic', slot: `${own.key}.partner`, value: normaliseFact(partner), entities: [person] }, past: words[0] !== 'are' };
  }
  return null;
}

/** "call me Alex", "I go by Alex": the name the speaker wants, or null. */
export function nameAsked(tokens: readonly Token[], start: number): string | null {
  const a = lowerOf(tokens[start]);
  const b = lowerOf(tokens[start + 1]);
  const at = a === 'call' && b === 'me' ? start + 2 : a === 'i' && b === 'go' && lowerOf(tokens[start + 2]) === 'by' ? start + 3 : -1;
  if (at < 0) return null;
  const rest = tokens.slice(at).filter((t) => t.pos !== 'PUNCT');
  return isPersonName(rest) ? joinTokens(rest) : null;
}

/** "I used to live in Paris", "Tom used to work at IBM": that home or job is over (null for anything else). */
export function usedTo(tokens: readonly Token[], at: number, subject: Subject): Built | null {
  if (lowerOf(tokens[at]) !== 'used' || lowerOf(tokens[at + 1]) !== 'to') return null;
  const verb = tokens[at + 2];
  const rest = tokens.slice(at + 3);
  if (verb?.lemma === 'live') {
    const place = lowerOf(rest[0]) === 'in' ? nameAfter(rest, ['in']) : null;
    return place
      ? { content: `${subject.text} used to live in ${place}`, type: 'semantic', slot: `${subject.key}.residence`, value: endedValue(normaliseFact(place)), entities: [{ name: place, type: 'place', aliases: [] }] }
      : null;
  }
  if (verb?.lemma === 'work') {
    const org = ['at', 'for'].includes(lowerOf(rest[0])) ? nameAfter(rest, ['at', 'for']) : null;
    return org
      ? { content: `${subject.text} used to work at ${org}`, type: 'semantic', slot: `${subject.key}.employer`, value: endedValue(normaliseFact(org)), entities: [{ name: org, type: 'organization', aliases: [] }] }
      : null;
  }
  return null;
}
