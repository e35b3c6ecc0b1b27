/**
 * Issue 21, long texts: the offline reader reads each distinct sentence once and states each fact once, and its
 * analyzer runs only the annotations the rules read — with the same facts, drops, tokens, tags and lemmas.
 */
import { describe, expect, it } from 'vitest';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { winkAnalyzer, type Sentence, type TextAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements, type Speaker } from '../../src-main/writepath/nlp/statements';
import type { MemoryNode } from '../../src-shared/memory-types';
import { HOSTILE_LONG_TEXTS } from '../fixtures/hostile/long-text';

const SAID_AT = Date.parse('2026-11-23T09:00:00Z');
const USER: Speaker = { name: 'User', isUser: true };
const SENTENCES = ['I live in Berlin.', 'I moved to Lisbon last month.', 'My brother Tomás works at Acme Corp.', 'I managing my social media.', 'Do you live in Berlin?'];

/** The analyzer, counting the clauses it is asked to check (signedClause tags each fact again). */
function countingAnalyzer(inner: TextAnalyzer): { analyzer: TextAnalyzer; calls: () => number } {
  let calls = 0;
  return {
    analyzer: {
      name: `${inner.name}+count`,
      sentences(text: string): Sentence[] {
        calls++;
        return inner.sentences(text);
      },
    },
    calls: () => calls,
  };
}

function episode(content: string): MemoryNode {
  return { id: 'ep-1', type: 'episodic', content, eventTime: SAID_AT, sourceRole: 'user', attributes: {} } as unknown as MemoryNode;
}

describe('offline reader on repeated text (issue 21)', () => {
  it('a repeated sentence gives the statements and drops of each occurrence', async () => {
    const wink = await winkAnalyzer();
    const once = { statements: readStatements(wink, SENTENCES.join(' '), USER, SAID_AT), dropped: [] as string[] };
    readStatements(wink, SENTENCES.join(' '), USER, SAID_AT, (c) => once.dropped.push(c));
    expect(once.statements.map((s) => s.content)).toEqual(['User lives in Berlin', 'User lives in Lisbon', 'Tomás is the user\'s brother', 'Tomás works at Acme Corp']);
    expect(once.dropped).toEqual(['User managing their social media']);

    const times = 50;
    const { analyzer, calls } = countingAnalyzer(wink);
    const dropped: string[] = [];
    const repeated = readStatements(analyzer, Array.from({ length: times }, () => SENTENCES.join(' ')).join(' '), USER, SAID_AT, (c) => dropped.push(c));
    expect(repeated).toEqual(Array.from({ length: times }, () => once.statements).flat());
    expect(dropped).toEqual(Array.from({ length: times }, () => once.dropped).flat());
    // One reading of the text, then one check per distinct fact (signedClause's cache is keyed by analyzer name).
    expect(calls()).toBe(1 + once.statements.length + once.dropped.length);
  });

  it('a message that repeats itself gives each fact once', async () => {
    const text = HOSTILE_LONG_TEXTS['first-person sentences']?.slice(0, 3_000) ?? '';
    const extraction = await new OfflineExtractor().extract({ sessionId: 's', episodes: [episode(text)], knownEntities: [] });
    expect(extraction.facts.map((f) => f.content)).toEqual(['User lives in Aaa Bbb', 'User loves Ccc']);
  });

  it('the reduced pipeline gives the tokens, tags and lemmas of the full one', async () => {
    const full = winkNLP(model);
    const its = full.its;
    const reference = (text: string): string[][] => {
      const out: string[][] = [];
      full
        .readDoc(text)
        .sentences()
        .each((s: { tokens(): { out(f: unknown): unknown } }) => {
          const t = s.tokens();
          const [values, pos, lemmas, spaces] = [t.out(its.value), t.out(its.pos), t.out(its.lemma), t.out(its.precedingSpaces)] as string[][];
          out.push((values ?? []).map((v, i) => [v, pos?.[i] ?? '', (lemmas?.[i] ?? v).toLowerCase(), spaces?.[i] ?? ' '].join('|')));
        });
      return out;
    };
    const wink = await winkAnalyzer();
    const texts = [
      ...SENTENCES,
      "I don't like tea anymore, but my girlfriend Alex loves it. We met in Paris on 3 May 2019!",
      'Dr. Smith said I should rest; I work at the U.S. Army Corps of Engineers since Jan. 2020. Mail me at a@b.io #health',
      ...Object.values(HOSTILE_LONG_TEXTS).map((t) => t.slice(0, 2_000)),
    ];
    for (const text of texts) {
      const ours = wink.sentences(text).map((s) => s.tokens.map((t) => [t.text, t.pos, t.lemma, t.space].join('|')));
      // Our analyzer maps tags outside the universal set to X; so does the reference here.
      const theirs = reference(text).map((s) => s.map((t) => t.replace(/^([^|]*)\|([^|]*)\|/, (_m, v: string, p: string) => `${v}|${UNIVERSAL.has(p) ? p : 'X'}|`)));
      expect(ours, text.slice(0, 40)).toEqual(theirs);
    }
  });
});

const UNIVERSAL = new Set(['ADJ', 'ADP', 'ADV', 'AUX', 'CCONJ', 'DET', 'INTJ', 'NOUN', 'NUM', 'PART', 'PRON', 'PROPN', 'PUNCT', 'SCONJ', 'SYM', 'VERB']);
