/** The verb group after a subject: auxiliaries, negation and the main verb, in the third person. */
import type { Token } from './analyzer';
import { DROPPED_ADVERBS, MODALS, SAME_FORM_PASTS, VERB_CLASSES } from './lexicon';
import { lowerOf } from './phrases';

/** Third person of a present-tense verb: "live" → "lives", "have" → "has", "watch" → "watches". */
export function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = { be: 'is', am: 'is', have: 'has', do: 'does', go: 'goes' };
  if (irregular[lower]) return irregular[lower] as string;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}

export interface VerbGroup {
  /** Index of the main verb (or the copula). */
  verb: number;
  negated: boolean;
  /** The verb group as the fact will say it, e.g. "does not like", "has been climbing", "switched". */
  phrase: string;
  lemma: string;
  copula: boolean;
  past: boolean;
  /** "I hurt", "I quit": a first-person verb whose past is its present, said without an auxiliary. */
  samePast?: boolean;
}

export const NEGATIONS: ReadonlySet<string> = new Set(['not', 'never', "n't", 'no']);

/**
 * The verb group after the subject: auxiliaries, negation and adverbs up to the main verb. Returns null for
 * modal, future and hypothetical groups ("I'd love to", "I'm going to", "I used to") — except "can not stand".
 */
export function verbGroup(tokens: readonly Token[], from: number, firstPerson: boolean): VerbGroup | null {
  const words: string[] = [];
  let negated = false;
  let hasAux = false;
  let perfect = false;
  let past = false;
  let haveAux: string | null = null;
  for (let i = from; i < tokens.length && i < from + 7; i++) {
    const t = tokens[i] as Token;
    const lower = t.text.toLowerCase();
    const next = tokens[i + 1];
    if (lower === 'can' && lowerOf(next) === 'not' && tokens[i + 2]?.lemma === 'stand') {
      return { verb: i + 2, negated: false, phrase: "can't stand", lemma: 'hate', copula: false, past: false };
    }
    if (MODALS.has(lower) || lower === 'gonna' || lower === 'wanna') return null;
    if (lower === 'used' && lowerOf(next) === 'to') return null;
    if (lower === 'going' && lowerOf(next) === 'to') return null;
    if (NEGATIONS.has(lower) || (lower === 'no' && lowerOf(next) === 'longer')) {
      negated = true;
      if (lower === 'no') {
        words.push('no longer');
        i++;
      } else words.push(lower === "n't" ? 'not' : lower);
      continue;
    }
    if (t.pos === 'ADV' && !['up', 'out'].includes(lower)) {
      if (!DROPPED_ADVERBS.has(lower)) words.push(lower);
      continue;
    }
    const isAuxWord = ['am', 'is', 'are', 'was', 'were', 'be', 'been', 'have', 'has', 'had', 'do', 'does', 'did'].includes(lower);
    if (isAuxWord) {
      const following = tokens.slice(i + 1).find((x) => !(x.pos === 'ADV' || NEGATIONS.has(x.text.toLowerCase())));
      const nextIsVerb = following !== undefined && (following.pos === 'VERB' || ['been', 'being'].includes(lowerOf(following)));
      if (t.lemma === 'be' && !nextIsVerb) {
        // The copula: "I am a nurse", "I was born in …" is a verb after it, handled above.
        return { verb: i, negated, phrase: [...words, conjugateAux(lower, firstPerson)].join(' '), lemma: 'be', copula: true, past: ['was', 'were'].includes(lower) };
      }
      if (t.lemma === 'have' && !nextIsVerb) {
        return { verb: i, negated, phrase: [...words, conjugateMain(t, firstPerson, hasAux)].join(' '), lemma: 'have', copula: false, past: lower === 'had' };
      }
      if (t.lemma === 'have') perfect = true;
      if (t.lemma === 'have') haveAux = lower;
      if (['did', 'was', 'were', 'had'].includes(lower)) past = true;
      hasAux = true;
      words.push(conjugateAux(lower, firstPerson));
      continue;
    }
    const verbLike = t.pos === 'VERB' ? t : mistaggedVerb(t);
    // "I've got two kids": British "have", not a getting.
    if (verbLike?.lemma === 'get' && lower === 'got' && (haveAux === 'have' || haveAux === 'has')) {
      return { verb: i, negated, phrase: words.join(' '), lemma: 'have', copula: false, past: false };
    }
    if (verbLike) {
      let phrase = conjugateMain(verbLike, firstPerson, hasAux);
      const particle = tokens[i + 1];
      if (particle && ['up'].includes(lowerOf(particle))) phrase += ` ${particle.text}`;
      const lemma = verbLike.lemma === 'grow' && lowerOf(particle) === 'up' ? 'grow up' : verbLike.lemma;
      // "moved", and irregular pasts ("left", "broke", "began"): another form than the lemma, not -s or -ing.
      if (!past && !perfect && lowerOf(t) !== verbLike.lemma && (/ed$/.test(lowerOf(t)) || (t.pos === 'VERB' && !/(?:s|ing)$/.test(lowerOf(t))))) past = true;
      // "I hurt my back", "I quit pottery": a past the same as the present; whether it is past, the clause decides.
      const samePast = !hasAux && firstPerson && SAME_FORM_PASTS.has(lowerOf(t)) && lowerOf(t) === verbLike.lemma;
      if (samePast) phrase = lowerOf(t) + phrase.slice(thirdPerson(lowerOf(t)).length);
      return { verb: i + (phrase.endsWith(' up') ? 1 : 0), negated, phrase: [...words, phrase].join(' '), lemma, copula: false, past, ...(samePast ? { samePast } : {}) };
    }
    return null;
  }
  return null;
}

/**
 * The tagger sometimes reads a verb right after a name as a noun or adjective ("Ana lives", "Robert retired"):
 * a word in the verb lists with a verb ending is taken as that verb.
 */
function mistaggedVerb(t: Token): Token | null {
  if (t.pos !== 'NOUN' && t.pos !== 'ADJ') return null;
  const lower = t.text.toLowerCase();
  for (const base of [lower.replace(/ies$/, 'y'), lower.replace(/es$/, ''), lower.replace(/s$/, ''), lower.replace(/ed$/, ''), lower.replace(/d$/, '')]) {
    if (base !== lower && VERB_CLASSES.has(base)) return { ...t, lemma: base, pos: 'VERB' };
  }
  return null;
}

function conjugateAux(lower: string, firstPerson: boolean): string {
  if (!firstPerson) return lower;
  return ({ am: 'is', are: 'is', have: 'has', do: 'does', were: 'was' } as Record<string, string>)[lower] ?? lower;
}

export function conjugateMain(t: Token, firstPerson: boolean, afterAux: boolean): string {
  const lower = t.text.toLowerCase();
  // Only a bare present form changes: "I live" → "lives"; "moved", "living", "lived" stay.
  if (firstPerson && !afterAux && lower === t.lemma) return thirdPerson(lower);
  return lower;
}

/** Adverbs between "I'm" and what one is that say nothing of it: "I'm still a nurse", "I'm actually vegan". */
const COPULA_ASIDES = new Set(['still', 'really', 'also', 'actually', 'finally', 'officially', 'literally', 'honestly', 'totally', 'definitely', 'technically', 'properly', 'fully', 'currently']);

/** How many such adverbs open `tokens` (the words after a copula). */
export function copulaAsides(tokens: readonly Token[]): number {
  let n = 0;
  while (n < tokens.length - 1 && COPULA_ASIDES.has(lowerOf(tokens[n]))) n++;
  return n;
}
