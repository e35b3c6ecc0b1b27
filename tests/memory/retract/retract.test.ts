/**
 * Retract by source (issue 23, part 2) on a real SQLite file: what a chat's memory session taught, a retract
 * that restores the versions it had superseded, a fact two sources support losing only one, and one undo that
 * puts back exactly the state before (every row of every table compared).
 */
import { describe, expect, it } from 'vitest';
import { openTestEngine } from '../../helpers/temp-engine';
import { fullSnapshot } from '../../helpers/db-snapshot';
import { expectTalliesMatchRows } from '../../helpers/tallies';
import type { MemoryEngine } from '../../../src-main/memory/engine';

const episode = (engine: MemoryEngine, sessionId: string, content: string) =>
  engine.recordEpisodeNow({ content, sessionId, role: 'user', sourceType: 'conversation' });

/** Session "home" said Paris; session "moves" said Boston then Lisbon (each correcting the last) and Leeds, which "home" also said. */
function scenario() {
  const { engine } = openTestEngine({ startSlowPath: false });
  const lisbonCity = engine.createEntity({ name: 'Lisbon', type: 'place' });
  const h1 = episode(engine, 'home', 'I live in Paris and my sister lives in Leeds');
  const paris = engine.rememberFact({ content: 'User lives in Paris', derivedFrom: [h1], sessionId: 'home' });
  const m1 = episode(engine, 'moves', 'I moved to Boston');
  const m2 = episode(engine, 'moves', 'Now I moved again, to Lisbon');
  const m3 = episode(engine, 'moves', 'My sister still lives in Leeds');
  const boston = engine.correctFact({ id: paris, content: 'User lives in Boston', evidence: [m1], sessionId: 'moves' });
  const lisbon = engine.correctFact({ id: boston, content: 'User lives in Lisbon', evidence: [m2], sessionId: 'moves', entityIds: [lisbonCity.id] });
  const leeds = engine.rememberFact({ content: 'User has a sister in Leeds', derivedFrom: [m3, h1], sessionId: 'home' });
  return { engine, h1, m: [m1, m2, m3], paris, boston, lisbon, leeds };
}

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();
const currentIds = (engine: MemoryEngine) => engine.listNodes({ types: ['semantic'], limit: 100 }).items.map((n) => n.id).sort();

describe('retract by source', () => {
  it('previews what a session taught without changing anything', () => {
    const s = scenario();
    const before = fullSnapshot(s.engine.database);
    const preview = s.engine.previewRetract({ kind: 'session', ref: 'moves' });
    expect(ids(preview.episodes)).toEqual([...s.m].sort());
    expect(ids(preview.forgotten)).toEqual([s.boston, s.lisbon].sort());
    expect(ids(preview.losingSupport)).toEqual([s.leeds]);
    expect(ids(preview.currentAgain)).toEqual([s.paris]);
    expect(preview.supersedes.map((e) => [e.newContent, e.oldContent])).toEqual([
      ['User lives in Boston', 'User lives in Paris'],
      ['User lives in Lisbon', 'User lives in Boston'],
    ]);
    expect(preview.empty).toBe(false);
    expect(fullSnapshot(s.engine.database)).toEqual(before);
  });

  it('a retract of a chat whose facts were then superseded makes the older version current again; one undo restores every row', () => {
    const s = scenario();
    const before = fullSnapshot(s.engine.database);
    const timesBefore = s.m.map((id) => s.engine.getNode(id)?.node.eventTime);
    expect(currentIds(s.engine)).toEqual([s.leeds, s.lisbon].sort());

    const result = s.engine.retract({ kind: 'session', ref: 'moves' });
    expect(result.counts).toEqual({ episodes: 3, forgotten: 2, losingSupport: 1, currentAgain: 1 });
    expect(currentIds(s.engine)).toEqual([s.leeds, s.paris].sort());
    expect(s.engine.getNode(s.lisbon)?.node.invalidatedReason).toBe('forgotten');
    // Boston was only ever said by the retracted session: history no longer tells it as a home that changed.
    // It keeps the end it had (as-of reads before it still see what memory believed then); no time or text moved.
    const bostonBefore = s.engine.getNode(s.boston)?.node;
    expect(bostonBefore?.invalidatedReason).toBe('forgotten');
    const bostonRow = (before['nodes'] as { id: string; valid_until: number }[]).find((n) => n.id === s.boston);
    expect(bostonBefore?.validUntil).toBe(bostonRow?.valid_until);
    expect(s.m.map((id) => s.engine.getNode(id)?.node.eventTime)).toEqual(timesBefore);
    expect(s.engine.listRetractions().map((r) => r.retractionId)).toEqual([result.retractionId]);

    s.engine.undoRetract({ retractionId: result.retractionId });
    const after = fullSnapshot(s.engine.database);
    expect(Object.keys(before).filter((table) => JSON.stringify(after[table]) !== JSON.stringify(before[table]))).toEqual([]);
    expect(after).toEqual(before);
    expectTalliesMatchRows(s.engine.database);
    expect(() => s.engine.undoRetract({ retractionId: result.retractionId })).toThrow(/No retraction/);
  });

  it('a fact two sources support loses only the retracted one', () => {
    const s = scenario();
    s.engine.retract({ kind: 'message', ref: s.m[2] as string });
    const leeds = s.engine.getNode(s.leeds);
    expect(leeds?.node.validUntil).toBeNull();
    const sources = leeds?.edges.filter((e) => e.relationType === 'derived_from' && e.sourceId === s.leeds).map((e) => e.targetId);
    expect(sources).toEqual([s.h1]);
    expect(s.engine.getNode(s.m[2] as string)?.node.invalidatedReason).toBe('forgotten');
    // The other messages of the chat, and what they taught, are untouched.
    expect(currentIds(s.engine)).toEqual([s.leeds, s.lisbon].sort());
  });

  it("a fact a session's consolidation wrote, said again in another session, survives that session's retract", () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const first = episode(engine, 's2', 'i moved to Glasgow last week');
    const again = episode(engine, 's3', 'i live in Glasgow now');
    // Written by s2's consolidation (its session), then restated from s3: one more source.
    const glasgow = engine.rememberFact({ content: 'User lives in Glasgow', derivedFrom: [first], sessionId: 's2' });
    engine.database.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, evidence, created_at) VALUES ('e-again', ?, ?, 'derived_from', 0, '[]', 0)`).run(glasgow, again);
    const preview = engine.previewRetract({ kind: 'session', ref: 's2' });
    expect(ids(preview.forgotten)).toEqual([]);
    expect(ids(preview.losingSupport)).toEqual([glasgow]);
    const result = engine.retract({ kind: 'session', ref: 's2' });
    expect(result.counts).toMatchObject({ forgotten: 0, losingSupport: 1 });
    expect(engine.getNode(glasgow).node.validUntil).toBeNull();
    // A fact the session wrote and nothing else says is still forgotten with it.
    const only = engine.rememberFact({ content: 'User has a cat', derivedFrom: [again], sessionId: 's3' });
    engine.retract({ kind: 'session', ref: 's3' });
    expect(engine.getNode(only).node.invalidatedReason).toBe('forgotten');
  });

  it('refuses what it cannot do with typed errors', () => {
    const s = scenario();
    expect(() => s.engine.previewRetract({ kind: 'chat', ref: 'no-such-chat' })).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(() => s.engine.previewRetract({ kind: 'nonsense', ref: 'x' })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => s.engine.undoRetract({ retractionId: 'nope' })).toThrow(expect.objectContaining({ code: 'not_found' }));
    const first = s.engine.retract({ kind: 'session', ref: 'moves' });
    expect(() => s.engine.retract({ kind: 'session', ref: 'moves' })).toThrow(expect.objectContaining({ code: 'conflict' }));
    // A later change to what the retract touched: the undo is refused rather than overwrite it.
    s.engine.restore(s.lisbon);
    expect(() => s.engine.undoRetract({ retractionId: first.retractionId })).toThrow(expect.objectContaining({ code: 'conflict' }));
  });
});
