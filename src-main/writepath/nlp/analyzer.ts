/**
 * The offline extractor's view of English text: sentences of tokens with universal POS tags, lemmas and
 * negation. Behind an interface so the library is a choice measured on fixtures (bench/extraction.ts), not
 * a dependency of the rules: `wink-nlp` with `wink-eng-lite-web-model` is the one shipped (see
 * docs/write-path.md for the figures). The model (a few MB) loads on first use, once per process, so
 * start-up and the hot path never pay for it.
 */

/** Universal POS tags (the subset the rules look at; anything else is X). */
export type Pos = 'ADJ' | 'ADP' | 'ADV' | 'AUX' | 'CCONJ' | 'DET' | 'INTJ' | 'NOUN' | 'NUM' | 'PART' | 'PRON' | 'PROPN' | 'PUNCT' | 'SCONJ' | 'SYM' | 'VERB' | 'X';

export interface Token {
  /** As written. */
  text: string;
  /** Lower-cased dictionary form ("lives" → "live", "was" → "be"). */
  lemma: string;
  pos: Pos;
  /** Whitespace before the token in the original text. */
  space: string;
}

export interface Sentence {
  tokens: Token[];
}

export type NamedEntityKind = 'person' | 'place' | 'organization';

export interface TextAnalyzer {
  readonly name: string;
  sentences(text: string): Sentence[];
  /** Kinds of proper names the library recognises in the text (lower-cased name → kind), when it can. */
  namedEntities?(text: string): Map<string, NamedEntityKind>;
}

/** Tokens back to text, with the original spacing. */
export function joinTokens(tokens: readonly Token[]): string {
  return tokens
    .map((t, i) => (i === 0 ? t.text : t.space + t.text))
    .join('')
    .trim();
}

const POS_TAGS = new Set<string>(['ADJ', 'ADP', 'ADV', 'AUX', 'CCONJ', 'DET', 'INTJ', 'NOUN', 'NUM', 'PART', 'PRON', 'PROPN', 'PUNCT', 'SCONJ', 'SYM', 'VERB']);
const asPos = (tag: string): Pos => (POS_TAGS.has(tag) ? (tag as Pos) : 'X');

let wink: Promise<TextAnalyzer> | null = null;

/** wink-nlp with its lite English model, loaded on first call and shared by the process. */
export function winkAnalyzer(): Promise<TextAnalyzer> {
  wink ??= (async () => {
    const [{ default: winkNLP }, { default: model }] = await Promise.all([import('wink-nlp'), import('wink-eng-lite-web-model')]);
    // Only what the rules read: sentences, and tags (lemmas follow from them). Entity recognition and sentiment
    // were two thirds of the reading time and change no token, tag or lemma (checked on the fixtures).
    const nlp = winkNLP(model, ['sbd', 'pos']);
    const its = nlp.its;
    return {
      name: 'wink-nlp',
      sentences(text: string): Sentence[] {
        const out: Sentence[] = [];
        nlp
          .readDoc(text)
          .sentences()
          .each((s: { tokens(): { out(f: unknown): unknown } }) => {
            const tokens = s.tokens();
            const values = tokens.out(its.value) as string[];
            const pos = tokens.out(its.pos) as string[];
            const lemmas = tokens.out(its.lemma) as string[];
            const spaces = tokens.out(its.precedingSpaces) as string[];
            out.push({
              tokens: values.map((v, i) => ({ text: v, lemma: (lemmas[i] ?? v).toLowerCase(), pos: asPos(pos[i] ?? 'X'), space: spaces[i] ?? ' ' })),
            });
          });
        return out;
      },
    };
  })();
  return wink;
}
