/**
 * The spaces UI's pure parts: the inspector's space filter as the engine's filter (sent through the real API to
 * a real memory: graph, timeline and search stay inside the space plus facts seen from every space), and the
 * words Settings → Memory spaces says before a space is deleted, held to what deleting actually does.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER, engineFilter } from '../../src-renderer/src/inspector/store';
import { memoriesCount, moveTargets, spaceDeletionConsequence, spaceHoldings } from '../../src-renderer/src/components/space-wording';
import type { MemorySpaceSummary } from '../../src-shared/spaces';
import { openTestHost } from '../helpers/app-host';

type Envelope = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
const value = <T>(r: Envelope): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
};

describe('the inspector space filter', () => {
  it('is left out for all spaces and sent as spaceId for one', () => {
    expect(engineFilter(DEFAULT_FILTER)).toEqual({ includeInvalid: false });
    expect(engineFilter({ ...DEFAULT_FILTER, spaceId: 'work-id' })).toEqual({ includeInvalid: false, spaceId: 'work-id' });
  });

  it('shows one space plus facts seen from every space in the graph, timeline and search', async () => {
    const { host } = openTestHost();
    const call = async <T>(name: string, input: unknown): Promise<T> => value<T>((await host.dispatch(name as never, input as never)) as Envelope);
    const work = await call<{ id: string }>('spaces.create', { name: 'Work' });
    const { id: release } = await call<{ id: string }>('memory.rememberFact', { content: 'The Falcon release is on Thursday', spaceId: work.id });
    const { id: kite } = await call<{ id: string }>('memory.rememberFact', { content: 'The Falcon kite needs a new string' });
    const { id: name } = await call<{ id: string }>('memory.rememberFact', { content: "User's name is Sam Rivera", everywhere: true });

    const inWork = { ...DEFAULT_FILTER, spaceId: work.id };
    const graph = await call<{ nodes: { id: string }[] }>('inspector.graph', { seed: { kind: 'recent' }, filter: engineFilter(inWork) });
    expect(graph.nodes.map((n) => n.id).sort()).toEqual([release, name].sort());
    const all = await call<{ nodes: { id: string }[] }>('inspector.graph', { seed: { kind: 'recent' }, filter: engineFilter(DEFAULT_FILTER) });
    expect(all.nodes.map((n) => n.id)).toContain(kite);

    const ef = engineFilter(inWork, { includeInvalid: true });
    const timeline = await call<{ items: { id: string }[] }>('inspector.timeline', { from: 0, to: Date.now() + 86_400_000, includeInvalid: true, spaceId: ef.spaceId });
    expect(timeline.items.map((i) => i.id)).not.toContain(kite);
    expect(timeline.items.map((i) => i.id)).toContain(release);

    const found = await call<{ hits: { node: { id: string } }[] }>('memory.search', { query: 'Falcon', types: ['semantic'], limit: 20, includeInvalid: false, spaceId: work.id });
    expect(found.hits.map((h) => h.node.id)).toContain(release);
    expect(found.hits.map((h) => h.node.id)).not.toContain(kite);
  });
});

const space = (over: Partial<MemorySpaceSummary>): MemorySpaceSummary => ({ id: 'w', name: 'Work', createdAt: 0, chats: 0, facts: 0, episodes: 0, ...over });

describe('Settings → Memory spaces wording', () => {
  it('counts what a space holds', () => {
    expect(spaceHoldings({ facts: 1, episodes: 12, chats: 2 })).toBe('1 fact, 12 episodes, 2 chats');
    expect([memoriesCount(1), memoriesCount(3)]).toEqual(['1 memory', '3 memories']);
  });

  it('says where the memories go before a space is deleted: moved, erased for good, or nothing to lose', () => {
    const work = space({ facts: 3, episodes: 5, chats: 1 });
    expect(spaceDeletionConsequence(work, { name: 'Personal' })).toBe('Its 3 facts, 5 episodes, 1 chat move to “Personal”, with the earlier versions of its facts; nothing is lost.');
    expect(spaceDeletionConsequence(work, null)).toMatch(/erased for good.*cannot be undone/);
    expect(spaceDeletionConsequence(space({}), null)).toBe('“Work” holds nothing; deleting it removes only its name.');
  });

  it('offers every other space as where to move them', () => {
    const all = [space({ id: 'personal', name: 'Personal' }), space({ id: 'w' }), space({ id: 'n', name: 'Novel' })];
    expect(moveTargets(all, 'w').map((s) => s.name)).toEqual(['Personal', 'Novel']);
  });

  it('matches what deleting does: moved rows keep every version; erased rows are gone, chats with them', async () => {
    const { host } = openTestHost();
    const call = async <T>(name: string, input: unknown): Promise<T> => value<T>((await host.dispatch(name as never, input as never)) as Envelope);
    const work = await call<{ id: string }>('spaces.create', { name: 'Work' });
    const { id: old } = await call<{ id: string }>('memory.rememberFact', { content: 'The standup is at 9', spaceId: work.id });
    const { id: current } = await call<{ id: string }>('memory.correctFact', { id: old, content: 'The standup is at 10' });
    const moved = await call<{ moved: number; erased: number; settled: number }>('spaces.delete', { id: work.id, rows: { rows: 'move', toSpaceId: 'personal' } });
    expect(moved).toEqual({ moved: 2, erased: 0, settled: 0 });
    for (const id of [old, current]) expect((await call<{ node: { spaceId: string } }>('memory.getNode', { id })).node.spaceId).toBe('personal');

    const novel = await call<{ id: string }>('spaces.create', { name: 'Novel' });
    const chat = await call<{ id: string }>('chat.create', { spaceId: novel.id });
    const { id: plot } = await call<{ id: string }>('memory.rememberFact', { content: 'The villain is the lighthouse keeper', spaceId: novel.id });
    const erased = await call<{ moved: number; erased: number; settled: number }>('spaces.delete', { id: novel.id, rows: { rows: 'erase' } });
    expect(erased).toEqual({ moved: 0, erased: 1, settled: 0 });
    expect((await host.dispatch('memory.getNode', { id: plot })).ok).toBe(false);
    expect((await call<{ id: string }[]>('chat.list', { includeArchived: true })).map((c) => c.id)).not.toContain(chat.id);
  });

  it('moves other apps bound to a deleted space to where its memories went, or to Personal when erased', async () => {
    const { host } = openTestHost();
    const call = async <T>(name: string, input: unknown): Promise<T> => value<T>((await host.dispatch(name as never, input as never)) as Envelope);
    const work = await call<{ id: string }>('spaces.create', { name: 'Work' });
    const office = await call<{ id: string }>('spaces.create', { name: 'Office' });
    const novel = await call<{ id: string }>('spaces.create', { name: 'Novel' });
    await call('mcp.configure', { spaceId: work.id });
    await call('spaces.delete', { id: work.id, rows: { rows: 'move', toSpaceId: office.id } });
    expect((await call<{ spaceId: string }>('mcp.status', {})).spaceId).toBe(office.id);

    // Deleting a space the apps are not bound to leaves them where they are.
    await call('spaces.delete', { id: novel.id, rows: { rows: 'erase' } });
    expect((await call<{ spaceId: string }>('mcp.status', {})).spaceId).toBe(office.id);

    await call('spaces.delete', { id: office.id, rows: { rows: 'erase' } });
    expect((await call<{ spaceId: string }>('mcp.status', {})).spaceId).toBe('personal');
  });
});
