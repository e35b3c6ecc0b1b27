import { describe, it, expect } from 'vitest';
import { OfflineHashEmbedder, stemWord } from '../../src-main/embeddings/offline';
import { dot as cosine } from '../../src-shared/vectors';

const embedder = new OfflineHashEmbedder();

// The embedder's vectors are unit length, so their dot product is the cosine (and checks that they are).
function norm(v: Float32Array): number {
  return Math.sqrt(cosine(v, v));
}

async function embedOne(text: string, e = embedder): Promise<Float32Array> {
  const [vector] = await e.embedBatch([text]);
  if (!vector) throw new Error('no vector');
  return vector;
}

describe('OfflineHashEmbedder', () => {
  it('has a stable id and 256 dimensions by default', () => {
    expect(embedder.id).toBe('offline-hash-v1');
    expect(embedder.dimensions).toBe(256);
  });

  it('is deterministic across calls and instances', async () => {
    const text = 'I moved to Berlin last spring with my partner.';
    const a = await embedOne(text);
    const b = await embedOne(text, new OfflineHashEmbedder());
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('returns unit-length Float32Arrays parallel to the input', async () => {
    const vectors = await embedder.embedBatch(['first text', 'a second, longer text about something else', 'x']);
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(256);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
  });

  it('supports other dimensions', async () => {
    const small = new OfflineHashEmbedder({ dimensions: 64 });
    const v = await embedOne('dimension check', small);
    expect(small.dimensions).toBe(64);
    expect(v).toHaveLength(64);
    expect(norm(v)).toBeCloseTo(1, 5);
  });

  it('rejects invalid dimensions', () => {
    expect(() => new OfflineHashEmbedder({ dimensions: 0 })).toThrow(RangeError);
    expect(() => new OfflineHashEmbedder({ dimensions: 12.5 })).toThrow(RangeError);
  });

  it('returns a zero vector for empty, whitespace-only and punctuation-only text', async () => {
    const vectors = await embedder.embedBatch(['', '   \n\t ', '?!…']);
    for (const v of vectors) {
      expect(v).toHaveLength(256);
      expect(v.every((x) => x === 0)).toBe(true);
    }
  });

  it('ranks a paraphrase sharing content words above unrelated text', async () => {
    const query = await embedOne('When did I move to Berlin?');
    const paraphrase = await embedOne('I moved to Berlin last spring with my partner.');
    const unrelated = await embedOne('I love cooking Italian pasta on weekends.');
    const sameQuestionWords = await embedOne('When did you get your dog?');
    expect(cosine(query, paraphrase)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
    // Question words alone must not make a message look relevant.
    expect(cosine(query, paraphrase)).toBeGreaterThan(cosine(query, sameQuestionWords) + 0.2);
  });

  it('retrieves the right message from a small chat history', async () => {
    const history = [
      'My sister Anna is getting married in June, the wedding is in Lisbon.',
      'I started learning to play the guitar a couple of months ago.',
      'My dog Max is a golden retriever and he loves swimming in the lake.',
      'I am allergic to peanuts, so please never suggest recipes with them.',
      'We are planning a trip to Japan in October to see Kyoto and Osaka.',
      'The meeting with the investors went well, they want a follow-up next week.',
    ];
    const vectors = await embedder.embedBatch(history);
    const best = async (question: string): Promise<string | undefined> => {
      const q = await embedOne(question);
      let bestIndex = 0;
      vectors.forEach((v, i) => {
        if (cosine(q, v) > cosine(q, vectors[bestIndex] ?? v)) bestIndex = i;
      });
      return history[bestIndex];
    };
    expect(await best("When is my sister's wedding?")).toBe(history[0]);
    expect(await best('What did I say about guitar lessons?')).toBe(history[1]);
    expect(await best('Does Max like to swim?')).toBe(history[2]);
    expect(await best('When are we travelling to Japan?')).toBe(history[4]);
    expect(await best('How did the investor meeting go?')).toBe(history[5]);
  });

  it('maps inflections of a word together', () => {
    for (const group of [
      ['move', 'moves', 'moved', 'moving'],
      ['city', 'cities'],
      ['stop', 'stopped', 'stopping'],
      ['meeting', 'meetings', 'meet'],
      ['кошка', 'кошки', 'кошкой'],
    ]) {
      expect(new Set(group.map(stemWord)).size).toBe(1);
    }
    expect(stemWord('thing')).toBe('thing');
    expect(stemWord('class')).toBe('class');
  });

  it('handles Russian text', async () => {
    const query = await embedOne('Когда я переехал в Москву?');
    const match = await embedOne('Я переехала в Москву в прошлом году из Новосибирска.');
    const unrelated = await embedOne('Моя кошка любит спать на подоконнике.');
    expect(norm(query)).toBeCloseTo(1, 5);
    expect(cosine(query, match)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('is case-insensitive and tolerant of a typo', async () => {
    const base = await embedOne('golden retriever puppy');
    expect(cosine(base, await embedOne('GOLDEN Retriever Puppy'))).toBeCloseTo(1, 5);
    const typo = await embedOne('golden retreiver puppy');
    const other = await embedOne('silver sports car');
    expect(cosine(base, typo)).toBeGreaterThan(cosine(base, other) + 0.2);
  });

  it('rejects when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embedBatch(['text'], { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
  });
});
