/**
 * Issue 21, "offline time parsing writes impossible times": on real chats a book title ("11/22/63") was read as
 * a 1963 date, the engine refused the negative time, and the whole session failed offline. Dates before 1970
 * are real and stored; an item the memory refuses is left out, never the session; and a numeric date with a
 * two-digit year dates a fact only where a date is expected.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { MIN_EVENT_TIME } from '../../src-main/memory/schemas';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { winkAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { readStatements } from '../../src-main/writepath/nlp/statements';
import type { Extraction, ExtractionPage } from '../../src-main/writepath/types';
import { describeFailure } from '../../src-shared/consolidation-outcome';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

const SAID_AT = Date.parse('2026-11-20T10:00:00Z');
const day = (t: number | null | undefined): string | null => (t === null || t === undefined ? null : new Date(t).toISOString().slice(0, 10));

async function recordSession(engine: MemoryEngine, sessionId: string, texts: string[]): Promise<void> {
  for (const content of texts) engine.recordEpisode({ sessionId, content, eventTime: SAID_AT });
  await engine.flush();
  engine.markSessionCompleted(sessionId);
}

function currentFacts(engine: MemoryEngine) {
  return engine.listNodes({ types: ['semantic', 'procedural', 'opinion'], limit: 100 }).items;
}

describe('offline consolidation and times before 1970', () => {
  it('consolidates a chat naming "11/22/63" and a 1961 birth, and stores the 1961 date', async () => {
    const { engine } = openTestEngine({ clock: new ManualClock(SAID_AT) });
    await recordSession(engine, 'books', [
      'I just finished reading 11/22/63 last week, I loved it.',
      'I was born in Lisbon on 4 July 1961.',
      'I live in Berlin.',
    ]);
    const outcome = await consolidateSession(engine, new OfflineExtractor(), 'books');
    expect(outcome.error).toBeNull();
    expect(outcome.status).toBe('consolidated');

    const facts = currentFacts(engine);
    const born = facts.find((f) => f.content.includes('born'));
    expect(born && [day(born.eventTime), day(born.validFrom)]).toEqual(['1961-07-04', '1961-07-04']);
    // When the memory learned it is now, not 1961: decay starts from there.
    expect(born?.createdAt).toBe(SAID_AT);
    // The title is not a date: "last week" dates the reading.
    const reading = facts.find((f) => f.content.includes('11/22/63'));
    expect(day(reading?.eventTime)).toBe('2026-11-13');

    // Every reader takes the old date: the node view, paging by time, search, the context pack, and decay.
    const id = born?.id ?? '';
    expect(day(engine.getNode(id).node.validFrom)).toBe('1961-07-04');
    expect(engine.listNodes({ types: ['semantic'], before: Date.UTC(1970, 0, 1), limit: 10 }).items.map((n) => n.id)).toEqual([id]);
    expect((await engine.search({ query: 'where was the user born', before: '1970-01-01' })).hits.map((h) => h.node.id)).toContain(id);
    expect((await engine.buildContextPack('Where was I born?')).markdown).toContain('since 1961-07-04');
    expect((await engine.runDecay()).prunedIds).not.toContain(id);
  });

  it('one extracted item the memory refuses is left out with its reason; the rest of the session is written', async () => {
    const { engine } = openTestEngine({ clock: new ManualClock(SAID_AT) });
    await recordSession(engine, 's', ['I live in Berlin.']);
    class OneBadItem extends OfflineExtractor {
      override async extract(page: ExtractionPage): Promise<Extraction> {
        const extraction = await super.extract(page);
        const [first] = extraction.facts;
        if (!first) throw new Error('expected a fact from the offline reader');
        // Before the year 1: no date the memory can write.
        extraction.facts.push({ ...first, content: 'User visited Rome', slot: null, value: null, eventTime: MIN_EVENT_TIME - 1 });
        return extraction;
      }
    }
    const outcome = await consolidateSession(engine, new OneBadItem(), 's');
    expect(outcome.error).toBeNull();
    expect(outcome.status).toBe('consolidated');
    expect(currentFacts(engine).map((f) => f.content)).toEqual(['User lives in Berlin']);
    expect(outcome.dropped).toEqual([expect.stringMatching(/^fact "User visited Rome": time -62135596800001 is before the year 1$/)]);
  });

  it('the engine takes event and validity times of the years 0001–9999, and refuses others by field', () => {
    const { engine } = openTestEngine({ clock: new ManualClock(SAID_AT) });
    const moonLanding = Date.UTC(1969, 6, 20);
    const id = engine.rememberFact({ content: 'Apollo 11 landed on the Moon', eventTime: moonLanding, validFrom: moonLanding });
    expect(engine.getNode(id).node).toMatchObject({ eventTime: moonLanding, validFrom: moonLanding, createdAt: SAID_AT });
    const corrected = engine.correctFact({ id, content: 'Apollo 11 landed on the Moon on 20 July 1969', validFrom: moonLanding });
    expect(engine.getNode(corrected).node.validFrom).toBe(moonLanding);
    expect(() => engine.rememberFact({ content: 'Too old', eventTime: MIN_EVENT_TIME - 1 })).toThrow(/eventTime: is before the year 1/);
    expect(() => engine.rememberFact({ content: 'Too far', validFrom: 8e15 })).toThrow(/validFrom: is after the year 9999/);
    // Times the memory itself keeps are never before 1970: an episode is recorded now or imported from a chat.
    expect(() => engine.recordEpisode({ sessionId: 's', content: 'hello', eventTime: -1 })).toThrow(/eventTime/);
  });

  it('a numeric date with a two-digit year dates a fact only where a date is expected', async () => {
    const analyzer = await winkAnalyzer();
    const read = (text: string) => readStatements(analyzer, text, { name: 'User', isUser: true }, SAID_AT).map((s) => [s.content, day(s.eventTime)]);
    expect(read('I loved 11/22/63 by Stephen King.')).toEqual([['User loved 11/22/63 by Stephen King', null]]);
    expect(read('I moved to Porto on 11/22/63.')).toEqual([['User lives in Porto', '1963-11-22']]);
    expect(read('I visited Rome on 3/4/1912.')).toEqual([['User visited Rome on 4 March 1912', '1912-03-04']]);
  });
});

describe('consolidation failures name their cause', () => {
  it('a failure of the memory database is reported as the memory\'s, not as the model server\'s', async () => {
    const { engine } = openTestEngine({ clock: new ManualClock(SAID_AT) });
    await recordSession(engine, 's', ['I live in Berlin.']);
    // A SQLite error inside the write (as "LIKE or GLOB pattern too complex" or a full disk would raise).
    engine.database.exec(`CREATE TEMP TRIGGER refuse_facts BEFORE INSERT ON nodes WHEN NEW.type != 'episodic' BEGIN SELECT RAISE(ABORT, 'simulated storage failure'); END`);
    const outcome = await consolidateSession(engine, new OfflineExtractor(), 's');
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toBe('storage');
    expect(outcome.error).toMatch(/^storage: SQLITE_CONSTRAINT_TRIGGER: simulated storage failure$/);
    expect(describeFailure(outcome.error ?? '')).toMatch(/^the memory database failed \(/);
    expect(engine.getSession('s')?.status).toBe('failed');
  });
});
