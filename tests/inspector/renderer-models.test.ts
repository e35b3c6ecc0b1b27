/** Pure parts of the inspector UI: slice merging, version diffs, timeline grouping, ticks, session → chat. */
import { describe, expect, it } from 'vitest';
import type { GraphSlice, NodeSummary } from '../../src-main/memory/inspector/types';
import { wordDiff } from '../../src-renderer/src/inspector/diff';
import { entityElementId, mergeSlices } from '../../src-renderer/src/inspector/graph-model';
import { layoutTimeline } from '../../src-renderer/src/inspector/timeline-layout';
import { DAY, ticks } from '../../src-renderer/src/inspector/time';
import { engineFilter, DEFAULT_FILTER } from '../../src-renderer/src/inspector/store';
import { chatIdOfSession } from '../../src-renderer/src/inspector/sessions';

const node = (id: string, over: Partial<NodeSummary> = {}): NodeSummary => ({
  id,
  type: 'semantic',
  label: `node ${id}`,
  confidence: 0.8,
  decayRate: 0.1,
  sourceType: 'manual',
  sessionId: null,
  eventTime: 1000,
  createdAt: 1000,
  validFrom: 1000,
  validUntil: null,
  invalidatedReason: null,
  spaceId: 'personal',
  everywhere: false,
  ...over,
});

describe('mergeSlices', () => {
  it('unions slices, drops edges whose ends are not loaded, and draws entity links to anchors', () => {
    const a: GraphSlice = {
      nodes: [node('a'), node('b')],
      edges: [
        { id: 'e1', source: 'a', target: 'b', relation: 'temporal', predicate: null, current: true },
        { id: 'e2', source: 'a', target: 'zz', relation: 'causal', predicate: null, current: true },
      ],
      entities: [{ id: 'x', name: 'Ada', type: 'person', mentionCount: 3 }],
      entityLinks: [{ nodeId: 'a', entityId: 'x' }],
      truncated: true,
    };
    const b: GraphSlice = {
      nodes: [node('b', { validUntil: 5, invalidatedReason: 'superseded' }), node('c')],
      edges: [{ id: 'e3', source: 'c', target: 'b', relation: 'supersedes', predicate: 'corrected', current: true }],
      entities: [],
      entityLinks: [{ nodeId: 'c', entityId: 'x' }],
      truncated: false,
    };
    const m = mergeSlices([a, b]);
    expect(m.nodeCount).toBe(4);
    expect(m.truncated).toBe(true);
    const ids = m.elements.map((e) => e.data.id);
    expect(ids).toEqual(expect.arrayContaining(['a', 'b', 'c', entityElementId('x'), 'e1', 'e3', 'l:a:x', 'l:c:x']));
    expect(ids).not.toContain('e2');
    // The later slice's view of a node wins (b is now superseded).
    expect(m.elements.find((e) => e.data.id === 'b')?.data.invalid).toBe(1);
  });
});

describe('wordDiff', () => {
  it('marks removed and added words', () => {
    const parts = wordDiff('Ada is learning the violin', 'Ada is learning the viola now');
    expect(parts.filter((p) => p.op === 'removed').map((p) => p.text.trim())).toEqual(['violin']);
    expect(parts.filter((p) => p.op === 'added').map((p) => p.text).join('')).toContain('viola');
    expect(parts.filter((p) => p.op !== 'added').map((p) => p.text).join('')).toBe('Ada is learning the violin');
  });
});

describe('layoutTimeline', () => {
  it('groups episodes by session (newest first), sorts facts by validity and keeps transitions', () => {
    const items = [
      node('e1', { type: 'episodic', sessionId: 's1', eventTime: 10 }),
      node('e2', { type: 'episodic', sessionId: 's2', eventTime: 50 }),
      node('e3', { type: 'episodic', sessionId: 's1', eventTime: 20 }),
      node('f2', { validFrom: 40 }),
      node('f1', { validFrom: 5, validUntil: 40, invalidatedReason: 'superseded' }),
    ];
    const l = layoutTimeline({ items, transitions: [{ from: 'f1', to: 'f2', at: 40 }], extent: { min: 5, max: 50 }, truncated: false });
    expect(l.lanes.map((x) => x.sessionId)).toEqual(['s2', 's1']);
    expect(l.lanes[1]?.items.map((i) => i.id)).toEqual(['e1', 'e3']);
    expect(l.facts.map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(l.order).toEqual(['f1', 'e1', 'e3', 'f2', 'e2']);
    expect(l.transitions).toHaveLength(1);
  });
});

describe('ticks', () => {
  it('falls on local midnights for day steps and on the first of the month for month steps', () => {
    const start = new Date(2026, 0, 3, 15).getTime();
    const days = ticks(start, start + 5 * DAY, DAY);
    expect(days.length).toBeGreaterThanOrEqual(4);
    for (const t of days) expect(new Date(t).getHours()).toBe(0);
    const months = ticks(start, start + 200 * DAY, 30 * DAY);
    for (const t of months) expect(new Date(t).getDate()).toBe(1);
  });
});

describe('engineFilter', () => {
  it('sends only what narrows, and maps origins to source types', () => {
    expect(engineFilter(DEFAULT_FILTER)).toEqual({ includeInvalid: false });
    const f = engineFilter({ ...DEFAULT_FILTER, origins: ['extracted', 'manual'], types: ['semantic'], minConfidence: 0.3 });
    expect(f.sourceTypes).toEqual(['extraction', 'consolidation', 'reflection', 'manual']);
    expect(f.types).toEqual(['semantic']);
    expect(f.minConfidence).toBe(0.3);
  });
});

describe('chatIdOfSession', () => {
  it('finds the chat of a chat memory session and nothing else', () => {
    expect(chatIdOfSession('chat-3f1c2a9e-1b2c-4d5e-8f90-123456789abc-2')).toBe('3f1c2a9e-1b2c-4d5e-8f90-123456789abc');
    expect(chatIdOfSession('import-2024')).toBeNull();
    expect(chatIdOfSession(null)).toBeNull();
  });
});
