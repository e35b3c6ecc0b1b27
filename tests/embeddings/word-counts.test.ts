/**
 * Issue 21 (100k-character texts): the offline embedders do their per-word work once per distinct word, and
 * their vectors stay exactly what the per-occurrence code produced (the digests below were taken from it, so
 * stored vectors need no rebuild).
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countWords, OfflineHashEmbedder } from '../../src-main/embeddings/offline';
import { OfflineWordEmbedder } from '../../src-main/embeddings/offline-words';
import { WordVectors } from '../../src-main/embeddings/word-vectors';
import { HOSTILE_LONG_TEXTS } from '../fixtures/hostile/long-text';

/** Both embedders' vectors of `text`, as one short digest. */
function digest(words: OfflineWordEmbedder, hashing: OfflineHashEmbedder, text: string): string {
  return createHash('sha1').update(Buffer.from(words.embed(text).buffer)).update(Buffer.from(hashing.embed(text).buffer)).digest('hex').slice(0, 12);
}

/** Digests from the embedders before they counted words (commit f36c4aa), one per text. */
const BEFORE: [text: string, digest: string][] = [
  [HOSTILE_LONG_TEXTS['capitalised run'] ?? '', '144ec3d7f0aa'],
  [HOSTILE_LONG_TEXTS['mixed scripts and emoji'] ?? '', '8c41ef06f462'],
  [HOSTILE_LONG_TEXTS['combining marks'] ?? '', 'b34faab9c4cb'],
  [HOSTILE_LONG_TEXTS['first-person sentences'] ?? '', '20d959a7cb23'],
  [HOSTILE_LONG_TEXTS['one endless sentence'] ?? '', '3468f43b8d2e'],
  // NFKC can make a word that lower-cases again ("ℌ" → "H" → "h"); apostrophes, ligatures, Cyrillic "ё".
  ["ℌello ΑΣ wörld İstanbul ﬁne don’t user's Ёлка ёлки", 'c8762155adac'],
  // Stopwords, lone letters, repeated numbers, compatibility digits.
  ['the the the a a I i 2024 2024 ½ ①', 'ee77e3162a9d'],
];

describe('offline embedders on repeated words', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('counts each distinct word once, in order of first occurrence', () => {
    expect([...countWords("User's cat, the CAT and the user’s dog")]).toEqual([
      ['user', 2],
      ['cat', 2],
      ['the', 2],
      ['and', 1],
      ['dog', 1],
    ]);
  });

  it('looks each distinct word up once: a 100k-character run of one word is one lookup, not 25,000', async () => {
    const embedder = new OfflineWordEmbedder();
    await embedder.ready();
    const lookups = vi.spyOn(WordVectors.prototype, 'addTo');
    embedder.embed(HOSTILE_LONG_TEXTS['capitalised run'] ?? '');
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it('gives the same vectors, bit for bit, as adding every occurrence', async () => {
    const words = new OfflineWordEmbedder();
    await words.ready();
    const hashing = new OfflineHashEmbedder();
    for (const [text, expected] of BEFORE) expect(digest(words, hashing, text), text.slice(0, 40)).toBe(expected);
  });
});
