import { describe, expect, it } from 'vitest';
import { ftsMatchExpression } from '../../src-main/memory/retrieval/text';
import { ftsQuery } from '../../src-main/writepath/candidates';
import { contentTokens } from '../../src-main/writepath/text';
import { FACT_STOPWORDS, quoteFtsTerm, STOPWORDS } from '../../src-shared/text';
import { cosine, dot } from '../../src-shared/vectors';

describe('the one text module', () => {
  it('quotes a term for FTS5 the same way for retrieval and the write path', () => {
    expect(quoteFtsTerm('say "hi"')).toBe('"say ""hi"""');
    expect(ftsMatchExpression('Anna')).toBe(quoteFtsTerm('anna'));
    expect(ftsQuery('Marta adopted a greyhound')).toContain(quoteFtsTerm('greyhound'));
  });

  it('leaves the words that frame a question out of the full-text query, unless nothing else is left', () => {
    const any = (...words: string[]) => words.map(quoteFtsTerm).join(' OR ');
    expect(ftsMatchExpression('What happened to the dog Ania adopted?')).toBe(any('dog', 'ania', 'adopted'));
    // A word as often the topic stays: "What course is Ania taking?"
    expect(ftsMatchExpression('What course is Ania taking?')).toBe(any('course', 'ania', 'taking'));
    expect(ftsMatchExpression('Is Marco likely to enjoy camping?')).toBe(any('marco', 'enjoy', 'camping'));
    expect(ftsMatchExpression('What has Marco found since?')).toBe(any('marco', 'found'));
    expect(ftsMatchExpression('What happened?')).toBe(any('happened'));
  });

  it('keeps the fact list narrower than the search list: "said", "know", "remember" change what a fact says', () => {
    for (const w of ['said', 'know', 'remember', 'told']) {
      expect(STOPWORDS.has(w)).toBe(true);
      expect(FACT_STOPWORDS.has(w)).toBe(false);
    }
    expect([...contentTokens('User said the dog barks')]).toContain('said');
    expect([...contentTokens('User said the dog barks')]).not.toContain('user');
  });

  it('leaves search filler out of a conflict-candidate query (it used a third list that kept it)', () => {
    // "remember", "thing" and "something" were in the search list but not the candidates' own; a fact query
    // made of them found every fact that happened to say "something".
    expect(ftsQuery('Remember something: the thing about greyhounds')).toBe(quoteFtsTerm('greyhounds'));
    expect(ftsQuery('User said they really know it')).toBeNull();
  });
});

describe('the one vector similarity', () => {
  it('dot is the cosine of unit vectors; cosine normalises; the zero vector is similar to nothing', () => {
    const a = Float32Array.from([0.6, 0.8]);
    const b = Float32Array.from([1, 0]);
    expect(dot(a, b)).toBeCloseTo(0.6, 6);
    expect(cosine(Float32Array.from([3, 4]), Float32Array.from([10, 0]))).toBeCloseTo(0.6, 6);
    expect(cosine(new Float32Array(2), b)).toBe(0);
  });

  it('compares over the shorter length instead of reading past the end (NaN)', () => {
    expect(dot(Float32Array.from([1, 1, 1]), Float32Array.from([1, 1]))).toBe(2);
  });
});
