import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../../src-main/memory/engine';
import { conflictCandidates } from '../../../src-main/writepath/candidates';
import { PERSONAL_SPACE_ID } from '../../../src-shared/spaces';
import { ManualClock, openTestEngine } from '../../helpers/temp-engine';

/** A memory with a Work space: a Work chat's turn and the fact learned from it, and a Personal fact. */
async function twoSpaces(): Promise<{ engine: MemoryEngine; workId: string; workFact: string; homeFact: string; workTurn: string }> {
  const { engine } = openTestEngine({ clock: new ManualClock(Date.parse('2026-03-01T09:00:00Z')) });
  const work = engine.createSpace({ name: 'Work' });
  const workTurn = engine.recordEpisode({ content: 'The quarterly budget review for Project Falcon is on Thursday', sessionId: 'w1', spaceId: work.id });
  const homeTurn = engine.recordEpisode({ content: 'I am planning a birthday dinner for my sister', sessionId: 'p1' });
  await engine.flush();
  // Learned in the Work session: the session's space is the fact's (as consolidation writes it).
  const workFact = engine.rememberFact({ content: 'Project Falcon budget review happens every quarter', sessionId: 'w1', derivedFrom: [workTurn], sourceType: 'extraction' });
  const homeFact = engine.rememberFact({ content: 'User is planning a birthday dinner for their sister', sessionId: 'p1', derivedFrom: [homeTurn], sourceType: 'extraction' });
  await engine.drainSlowPath();
  return { engine, workId: work.id, workFact, homeFact, workTurn };
}

const ids = (hits: { node: { id: string } }[]): string[] => hits.map((h) => h.node.id);
const packIds = (pack: { sections: { items: { nodeId: string | null }[] }[] }): string[] => pack.sections.flatMap((s) => s.items.flatMap((i) => i.nodeId ?? []));

describe('memory spaces', () => {
  it('stamps writes with their space: a session takes its first episode\'s space and facts learned in it follow', async () => {
    const { engine, workId, workFact, homeFact, workTurn } = await twoSpaces();
    expect(engine.getNode(workTurn).node.spaceId).toBe(workId);
    expect(engine.getNode(workFact).node.spaceId).toBe(workId);
    expect(engine.getNode(homeFact).node.spaceId).toBe(PERSONAL_SPACE_ID);
    expect(engine.getSession('w1')?.spaceId).toBe(workId);
    // A correction stays in its chain's space.
    const corrected = engine.correctFact({ id: workFact, content: 'Project Falcon budget review happens every month' });
    expect(engine.getNode(corrected).node.spaceId).toBe(workId);
  });

  it('a fact learned in Work never appears in a Personal search or pack, unless marked everywhere', async () => {
    const { engine, workId, workFact, workTurn } = await twoSpaces();
    const prompt = 'When is the Project Falcon budget review?';
    const personalSearch = await engine.search({ query: prompt, spaceId: PERSONAL_SPACE_ID });
    const personalPack = await engine.buildContextPack(prompt, { spaceId: PERSONAL_SPACE_ID });
    expect(ids(personalSearch.hits)).not.toContain(workFact);
    expect(ids(personalSearch.hits)).not.toContain(workTurn);
    expect(packIds(personalPack)).not.toContain(workFact);
    expect(personalPack.markdown).not.toMatch(/Falcon/);

    // The same question in Work finds it (so the absence above is the space, not the search).
    expect(ids((await engine.search({ query: prompt, spaceId: workId })).hits)).toContain(workFact);
    expect(packIds(await engine.buildContextPack(prompt, { spaceId: workId }))).toContain(workFact);

    engine.setEverywhere({ id: workFact, everywhere: true });
    expect(ids((await engine.search({ query: prompt, spaceId: PERSONAL_SPACE_ID })).hits)).toContain(workFact);
    expect(packIds(await engine.buildContextPack(prompt, { spaceId: PERSONAL_SPACE_ID }))).toContain(workFact);
    // The turn it came from stays in Work.
    expect(ids((await engine.search({ query: prompt, spaceId: PERSONAL_SPACE_ID })).hits)).not.toContain(workTurn);
  });

  it('the profile (and the pack it leads) of a Personal chat holds no Work fact unless it is marked everywhere', async () => {
    const { engine, workId } = await twoSpaces();
    const workAboutUser = engine.rememberFact({ content: 'User works on Project Falcon as its lead engineer', sessionId: 'w1', sourceType: 'extraction' });
    const homeAboutUser = engine.rememberFact({ content: 'User lives in Porto', sessionId: 'p1', sourceType: 'extraction' });
    expect(engine.getNode(workAboutUser).node.spaceId).toBe(workId);
    const lineIds = (p: { static: { nodeId: string }[]; dynamic: { nodeId: string }[] }) => [...p.static, ...p.dynamic].map((l) => l.nodeId);

    const personal = lineIds(engine.profile({ scope: { spaceId: PERSONAL_SPACE_ID } }));
    expect(personal).toContain(homeAboutUser);
    expect(personal).not.toContain(workAboutUser);
    expect(lineIds(engine.profile({ scope: { spaceId: workId } }))).toContain(workAboutUser);
    const pack = await engine.buildContextPack('What should I cook tonight?', { spaceId: PERSONAL_SPACE_ID });
    expect(pack.markdown).not.toMatch(/Falcon/);
    expect(packIds(pack)).toContain(homeAboutUser);

    engine.setEverywhere({ id: workAboutUser, everywhere: true });
    expect(lineIds(engine.profile({ scope: { spaceId: PERSONAL_SPACE_ID } }))).toContain(workAboutUser);
  });

  it('a shared entity\'s summary is not quoted into another space\'s pack', async () => {
    const { engine, workId } = await twoSpaces();
    engine.createEntity({ name: 'Falcon', type: 'project', summary: 'Secret merger codename with the budget review' });
    const pack = await engine.buildContextPack('Tell me about Falcon', { spaceId: PERSONAL_SPACE_ID });
    expect(pack.markdown).not.toMatch(/merger/);
    // In a memory of one space the summary is used as before.
    engine.deleteSpace({ id: workId, rows: { rows: 'move', toSpaceId: PERSONAL_SPACE_ID } });
    expect((await engine.buildContextPack('Tell me about Falcon', { spaceId: PERSONAL_SPACE_ID })).markdown).toMatch(/merger/);
  });

  it('lists, filters the inspector by space, and keeps Personal', async () => {
    const { engine, workId, workFact, homeFact } = await twoSpaces();
    expect(engine.listSpaces().map((s) => [s.name, s.facts, s.episodes])).toEqual([
      ['Personal', 1, 1],
      ['Work', 1, 1],
    ]);
    expect(engine.listNodes({ spaceId: workId, types: ['semantic'] }).items.map((n) => n.id)).toEqual([workFact]);
    expect(engine.listNodes({ spaceId: PERSONAL_SPACE_ID, types: ['semantic'] }).items.map((n) => n.id)).toEqual([homeFact]);
    const timeline = engine.inspectorTimeline({ from: 0, to: Date.parse('2027-01-01'), spaceId: workId });
    expect(timeline.items.map((i) => i.id)).not.toContain(homeFact);
    expect(() => engine.deleteSpace({ id: PERSONAL_SPACE_ID, rows: { rows: 'erase' } })).toThrow(/Personal space cannot be deleted/);
    expect(() => engine.createSpace({ name: 'work' })).toThrow(/already exists/);
    expect(engine.spaceByName('WORK').id).toBe(workId);
    expect(() => engine.spaceByName('Novel')).toThrow(/no space named "Novel".*"Personal", "Work"/);
    expect(engine.renameSpace({ id: workId, name: 'Job' }).name).toBe('Job');
  });

  it('moving a fact moves its supersedes chain, refuses episodes with a reason, and is undone by moving back', async () => {
    const { engine, workId, workFact, workTurn } = await twoSpaces();
    const v2 = engine.correctFact({ id: workFact, content: 'Project Falcon budget review happens every month' });
    const moved = engine.moveToSpace({ id: v2, spaceId: PERSONAL_SPACE_ID });
    expect(new Set(moved.movedIds)).toEqual(new Set([workFact, v2]));
    expect(moved.fromSpaceId).toBe(workId);
    expect([engine.getNode(workFact).node.spaceId, engine.getNode(v2).node.spaceId]).toEqual([PERSONAL_SPACE_ID, PERSONAL_SPACE_ID]);
    expect(ids((await engine.search({ query: 'Falcon budget review', spaceId: PERSONAL_SPACE_ID })).hits)).toContain(v2);

    // Undo: the same call back to where they came from.
    engine.moveToSpace({ id: v2, spaceId: moved.fromSpaceId });
    expect([engine.getNode(workFact).node.spaceId, engine.getNode(v2).node.spaceId]).toEqual([workId, workId]);
    expect(ids((await engine.search({ query: 'Falcon budget review', spaceId: PERSONAL_SPACE_ID })).hits)).not.toContain(v2);

    expect(() => engine.moveToSpace({ id: workTurn, spaceId: PERSONAL_SPACE_ID })).toThrow(/move the chat/);
    expect(() => engine.moveToSpace({ id: v2, spaceId: workId })).toThrow(/already in that space/);
    expect(() => engine.moveToSpace({ id: v2, spaceId: 'nope' })).toThrow(/Space "nope" does not exist/);
  });

  it('deleting a space moves its rows or erases them', async () => {
    const { engine, workId, workFact, workTurn } = await twoSpaces();
    const side = engine.createSpace({ name: 'Side' });
    const sideFact = engine.rememberFact({ content: 'The side project uses Rust', spaceId: side.id });
    expect(engine.deleteSpace({ id: side.id, rows: { rows: 'move', toSpaceId: workId } })).toEqual({ moved: 1, erased: 0, settled: 0 });
    expect(engine.getNode(sideFact).node.spaceId).toBe(workId);
    expect(engine.deleteSpace({ id: workId, rows: { rows: 'erase' } })).toEqual({ moved: 0, erased: 3, settled: 0 });
    for (const id of [workFact, workTurn, sideFact]) expect(() => engine.getNode(id)).toThrow(/does not exist/);
    expect(engine.listSpaces().map((s) => s.name)).toEqual(['Personal']);
    const left = ids((await engine.search({ query: 'Falcon budget' })).hits);
    for (const id of [workFact, workTurn, sideFact]) expect(left).not.toContain(id);
  });

  it('a space merged into another leaves one current value per slot: the one that began later', () => {
    const { engine } = openTestEngine({ clock: new ManualClock(Date.parse('2026-03-01T09:00:00Z')) });
    const work = engine.createSpace({ name: 'Work' });
    const slotted = (content: string, value: string, from: string, spaceId?: string) =>
      engine.rememberFact({ content, validFrom: Date.parse(from), attributes: { slot: 'user.residence', value }, ...(spaceId ? { spaceId } : {}) });
    const paris = slotted('User lives in Paris', 'paris', '2025-01-01T00:00:00Z');
    const lyon = slotted('User lives in Lyon', 'lyon', '2026-01-01T00:00:00Z', work.id);
    expect(engine.deleteSpace({ id: work.id, rows: { rows: 'move', toSpaceId: PERSONAL_SPACE_ID } })).toEqual({ moved: 1, erased: 0, settled: 1 });
    expect(engine.getNode(lyon).node.validUntil).toBeNull();
    expect(engine.getNode(paris).node.invalidatedReason).toBe('superseded');
    expect(engine.getNode(lyon).versions.map((v) => v.content)).toEqual(expect.arrayContaining(['User lives in Paris', 'User lives in Lyon']));
  });

  it('consolidation candidates stay inside the session\'s space', async () => {
    const { engine, workId, workFact } = await twoSpaces();
    const input = { content: 'Project Falcon budget review happens every week', slot: null, entityIds: [], nameWords: new Set<string>(), neighbours: [] };
    expect(conflictCandidates(engine.writePathStore, { ...input, spaceId: workId }).map((n) => n.id)).toContain(workFact);
    expect(conflictCandidates(engine.writePathStore, { ...input, spaceId: PERSONAL_SPACE_ID }).map((n) => n.id)).not.toContain(workFact);
  });

  it('refuses a write to a space that does not exist', () => {
    const { engine } = openTestEngine();
    expect(() => engine.rememberFact({ content: 'x is y', spaceId: 'nowhere' })).toThrow(/Space "nowhere" does not exist/);
  });
});
