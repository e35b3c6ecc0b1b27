/**
 * The same analyzer interface over `compromise`, kept for the library comparison in bench/extraction.ts
 * (the shipped extractor uses wink-nlp; docs/write-path.md has the figures).
 */
import nlp from 'compromise';
import type { NamedEntityKind, Pos, Sentence, TextAnalyzer, Token } from '../../src-main/writepath/nlp/analyzer';

interface Term {
  text: string;
  pre: string;
  post: string;
  tags: string[];
  normal: string;
  root?: string;
}

function posOf(tags: readonly string[]): Pos {
  const has = (t: string): boolean => tags.includes(t);
  if (has('Pronoun')) return 'PRON';
  if (has('Auxiliary') || has('Copula') || has('Modal')) return 'AUX';
  if (has('Verb')) return 'VERB';
  if (has('Negative')) return 'PART';
  if (has('Preposition')) return 'ADP';
  if (has('Conjunction')) return 'CCONJ';
  if (has('Determiner')) return 'DET';
  if (has('ProperNoun') || has('Person') || has('Place') || has('Organization')) return 'PROPN';
  if (has('Value') || has('Cardinal')) return 'NUM';
  if (has('Noun')) return 'NOUN';
  if (has('Adjective')) return 'ADJ';
  if (has('Adverb')) return 'ADV';
  if (has('Expression')) return 'INTJ';
  return 'X';
}

export function compromiseAnalyzer(withNer: boolean): TextAnalyzer {
  const analyzer: TextAnalyzer = {
    name: withNer ? 'compromise (+ its NER)' : 'compromise',
    sentences(text: string): Sentence[] {
      const doc = nlp(text);
      doc.compute('root');
      const json = doc.json() as { terms: Term[] }[];
      return json.map((s) => {
        const tokens: Token[] = [];
        for (const t of s.terms) {
          if (t.pre.trim()) tokens.push({ text: t.pre.trim(), lemma: t.pre.trim(), pos: 'PUNCT', space: t.pre.startsWith(' ') ? ' ' : '' });
          if (t.text) tokens.push({ text: t.text, lemma: (t.root ?? t.normal ?? t.text).toLowerCase(), pos: posOf(t.tags), space: tokens.length === 0 ? '' : ' ' });
          for (const ch of t.post.trim()) tokens.push({ text: ch, lemma: ch, pos: 'PUNCT', space: '' });
        }
        return { tokens };
      });
    },
  };
  if (withNer) {
    analyzer.namedEntities = (text: string): Map<string, NamedEntityKind> => {
      const doc = nlp(text);
      const out = new Map<string, NamedEntityKind>();
      const add = (names: string[], kind: NamedEntityKind): void => {
        for (const n of names) out.set(n.replace(/[.,!?;:]+$/, '').trim().toLowerCase(), kind);
      };
      add(doc.people().out('array') as string[], 'person');
      add(doc.places().out('array') as string[], 'place');
      add(doc.organizations().out('array') as string[], 'organization');
      return out;
    };
  }
  return analyzer;
}
