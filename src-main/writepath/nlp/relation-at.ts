/** A relation after "my" and the name that may follow it: "my brother", "my little sister", "my step-dad Gary". */
import type { Token } from './analyzer';
import { CALENDAR_WORDS, CHILDREN, NOT_NAMES, PETS, RELATIONS, RELATION_QUALIFIERS } from './lexicon';
import { lowerOf, properRuns } from './phrases';

/** "step-dad", "half-sister", "mother-in-law": the tagger cuts a hyphenated word at each hyphen. */
function hyphenated(tokens: readonly Token[], at: number): { word: string; next: number } {
  let word = lowerOf(tokens[at]);
  let next = at + 1;
  for (;;) {
    const hyphen = tokens[next];
    const part = tokens[next + 1];
    if (hyphen?.text !== '-' || hyphen.space !== '' || !part || part.space !== '' || !/^\p{L}+$/u.test(part.text)) break;
    word += `-${lowerOf(part)}`;
    next += 2;
  }
  return { word, next };
}

/** A relation word as written, hyphens and all, when it is one: "stepdad", "step-dad", "half-sister", "mother-in-law", "ex-wife". */
export function relationWord(word: string): boolean {
  const bare = word.replace(/-in-law$/, '').replace(/^(?:step|half|ex)-/, '');
  return RELATIONS.has(word) || RELATIONS.has(word.replace(/-/g, '')) || (bare !== word && RELATIONS.has(bare));
}

/** The relation after "my" (or "our", for an animal): "my brother", "my little sister", "our dog". */
export function relationAt(tokens: readonly Token[], at: number): { relation: string; next: number; pet: boolean } | null {
  const owner = lowerOf(tokens[at]);
  if (owner !== 'my' && owner !== 'our') return null;
  let i = at + 1;
  const parts: string[] = [];
  if (RELATION_QUALIFIERS.has(lowerOf(tokens[i])) && relationWord(hyphenated(tokens, i + 1).word)) parts.push(lowerOf(tokens[i++]));
  const { word, next } = hyphenated(tokens, i);
  const pet = PETS.has(word);
  // "our son", "our dog": a couple's children and animals; "our boss" is not one person's.
  if (!(pet || (owner === 'my' ? relationWord(word) : CHILDREN.has(word)))) return null;
  parts.push(word);
  return { relation: parts.join(' '), next, pet };
}

/** "my brother Tomás", "our dog Biscuit": a relation and the name that follows it. */
export function relativeAt(tokens: readonly Token[], at: number): { relation: string; name: string; next: number; pet: boolean } | null {
  const found = relationAt(tokens, at);
  if (!found) return null;
  const run = properRuns(tokens.slice(found.next)).find((r) => r.start === 0);
  if (!run) {
    // "my brother Josh is a nurse": a capitalised first name the tagger took for a verb ("josh", "rob"), before the verb
    // of its own clause ("my mum Said no" is no name).
    const word = tokens[found.next];
    const then = tokens[found.next + 1];
    // (A verb in "s" the tagger reads as a noun: "my aunt Sue lives in wales".)
    const verbNext = ['AUX', 'VERB', 'CCONJ'].includes(then?.pos ?? '') || (then?.pos === 'NOUN' && /^\p{Ll}+s$/u.test(then.text));
    const named = word && ['VERB', 'ADJ'].includes(word.pos) && verbNext && /^\p{Lu}\p{Ll}+$/u.test(word.text) && !NOT_NAMES.has(word.text.toLowerCase()) && !CALENDAR_WORDS.has(word.text.toLowerCase());
    return named ? { relation: found.relation, name: word.text, next: found.next + 1, pet: found.pet } : null;
  }
  if (run.text.split(' ').length > 3) return null;
  return { relation: found.relation, name: run.text, next: found.next + run.end, pet: found.pet };
}

/**
 * A relative named beside the relation rather than after it: "tom (my bf)", "James, my husband, is a teacher", "my
 * husband (Mike)", "my husband, Mike, is a chef". `at` is the "my".
 */
export function relativeBeside(tokens: readonly Token[], at: number): { relation: string; name: string; next: number; pet: boolean } | null {
  const found = relationAt(tokens, at);
  if (!found) return null;
  const [before, after] = [tokens[at - 1]?.text, tokens[found.next]?.text];
  const short = (run: { text: string } | undefined): boolean => run !== undefined && run.text.split(' ').length <= 3;
  if ((before === '(' && after === ')') || (before === ',' && after === ',')) {
    const run = properRuns(tokens.slice(0, at - 1)).at(-1);
    if (run?.end === at - 1 && short(run)) return { relation: found.relation, name: run.text, next: found.next, pet: found.pet };
  }
  // "my husband (Mike)", "my husband, Mike, is a chef".
  const close = after === '(' ? ')' : after === ',' ? ',' : null;
  if (close) {
    const run = properRuns(tokens.slice(found.next + 1)).find((r) => r.start === 0);
    if (run && short(run) && tokens[found.next + 1 + run.end]?.text === close) return { relation: found.relation, name: run.text, next: found.next + 2 + run.end, pet: found.pet };
  }
  return null;
}

