/**
 * Issue 23 part 1, the review queue: a proposed fact stays out of memory (search, packs) until approved; a
 * decline survives a restart and the same evidence is not proposed again when the session is consolidated
 * again; approval applies the supersede it was held with. Real SQLite files in temp folders.
 */
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../../src-main/memory/engine';
import { consolidateSession } from '../../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../../src-main/writepath/extract-offline';
import { mcpSessionId } from '../../../src-shared/session-ids';
import { DEFAULT_REVIEW_SETTINGS } from '../../../src-shared/review-types';
import { CollectingLogger, makeTempDir, openTestEngine } from '../../helpers/temp-engine';

const open = (dir: string) => MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger() });

describe('review settings', () => {
  it('default: at once for the person’s chats, ask first for MCP and imports; saved per source and kept across a restart', async () => {
    const dir = makeTempDir();
    let engine = open(dir);
    expect(engine.reviewSettings()).toEqual(DEFAULT_REVIEW_SETTINGS);
    expect(engine.reviewSettings()).toEqual({ chat: 'at_once', mcp: 'ask_first', import: 'ask_first' });
    expect(engine.saveReviewSettings({ chat: 'ask_first' })).toEqual({ chat: 'ask_first', mcp: 'ask_first', import: 'ask_first' });
    expect(() => engine.saveReviewSettings({ mcp: 'sometimes' as never })).toThrow(/invalid/i);
    await engine.close();
    engine = open(dir);
    expect(engine.requiresReview('chat')).toBe(true);
    await engine.close();
  });
});

describe('pending facts', () => {
  it('are invisible to search and context packs until approved', async () => {
    const { engine } = openTestEngine();
    const receipt = engine.proposeFact({ action: 'remember', origin: 'mcp', sourceLabel: 'Cursor', input: { content: 'Zofia keeps bees on the roof in Gdańsk', sourceType: 'mcp' } });
    expect(receipt).toMatchObject({ state: 'pending', created: true });
    await engine.drainSlowPath();

    const search = await engine.search({ query: 'Zofia bees roof' });
    expect(search.hits.map((h) => h.node.content)).not.toContain('Zofia keeps bees on the roof in Gdańsk');
    const pack = await engine.buildContextPack('What does Zofia keep on the roof?');
    expect(JSON.stringify(pack)).not.toContain('keeps bees');
    expect(engine.listNodes({ types: ['semantic'] }).items).toHaveLength(0);
    // The switch shows them, marked as pending, apart from the hits.
    expect(engine.searchPendingProposals({ query: 'Zofia bees' }).map((p) => [p.content, p.state])).toEqual([['Zofia keeps bees on the roof in Gdańsk', 'pending']]);

    const approved = engine.approveProposal({ id: receipt.proposalId });
    expect(approved.state).toBe('approved');
    await engine.drainSlowPath();
    const after = await engine.search({ query: 'Zofia bees roof' });
    expect(after.hits[0]?.node.id).toBe(approved.nodeId);
    expect(after.hits[0]?.node).toMatchObject({ sourceType: 'mcp', attributes: { review: { proposal: receipt.proposalId, origin: 'mcp' } } });
    expect(engine.searchPendingProposals({ query: 'Zofia bees' })).toEqual([]);
    expect(() => engine.approveProposal({ id: receipt.proposalId })).toThrow(/approved/);
    expect(() => engine.declineProposal({ id: 'no-such-proposal' })).toThrow(/does not exist/);
  });

  it('edit and approve remembers the edited text', () => {
    const { engine } = openTestEngine();
    const { proposalId } = engine.proposeFact({ action: 'remember', origin: 'import', input: { content: 'Jon likes tea', sourceType: 'import' } });
    const { nodeId } = engine.approveProposal({ id: proposalId, content: 'Jon likes green tea' });
    expect(engine.getNode(nodeId ?? '').node).toMatchObject({ content: 'Jon likes green tea', attributes: { review: { edited: true } } });
    expect(() => engine.approveProposal({ id: proposalId, content: ' ' })).toThrow(/empty/);
  });

  it('approval applies its supersede; before it, the old version stays current', () => {
    const { engine } = openTestEngine();
    const boston = engine.rememberFact({ content: 'User lives in Boston', sourceType: 'manual' });
    const { proposalId } = engine.proposeFact({ action: 'correct', origin: 'mcp', sourceLabel: 'Claude', input: { id: boston, content: 'User lives in Denver', sourceType: 'mcp', reason: 'moved' } });
    expect(engine.getNode(boston).node.validUntil).toBeNull();
    const listed = engine.listProposals();
    expect(listed.items[0]).toMatchObject({ kind: 'correction', supersedes: { id: boston, content: 'User lives in Boston', current: true }, origin: 'mcp', sourceLabel: 'Claude', reason: 'moved' });

    const { nodeId } = engine.approveProposal({ id: proposalId });
    const old = engine.getNode(boston).node;
    expect(old.invalidatedReason).toBe('superseded');
    expect(engine.getNode(nodeId ?? '').node).toMatchObject({ content: 'User lives in Denver', validUntil: null });
  });

  it('the same claim from two chats is decided once: one fact citing both chats', async () => {
    const { engine } = openTestEngine();
    const first = engine.recordEpisode({ sessionId: 'import-a', role: 'user', content: 'cal is sober now, 6 months!!' });
    const second = engine.recordEpisode({ sessionId: 'import-b', role: 'user', content: 'cal has been sober for ages' });
    await engine.flush();
    const propose = (content: string, evidence: string, sessionId: string) =>
      engine.proposeFact({ action: 'remember', origin: 'import', input: { content, sourceType: 'import', derivedFrom: [evidence], sessionId } }).proposalId;
    const a = propose('Cal is sober', first, 'import-a');
    const b = propose('Cal is sober.', second, 'import-b');
    expect(engine.listProposals({ state: 'pending' }).total).toBe(2);
    const decided = engine.approveProposal({ id: a });
    expect(decided.sameClaim).toEqual([b]);
    const one = decided.nodeId;
    expect(engine.getProposal(b)).toMatchObject({ state: 'approved', nodeId: one });
    expect(engine.listProposals({ state: 'pending' }).total).toBe(0);
    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content)).toEqual(['Cal is sober']);
    expect(engine.getNode(one ?? '').derivedFrom.map((n) => n.id).sort()).toEqual([first, second].sort());
    // Approved after all the same (proposed again from a third chat): restated, not written twice.
    const third = engine.recordEpisode({ sessionId: 'import-c', role: 'user', content: 'cal: still sober' });
    await engine.flush();
    expect(engine.approveProposal({ id: propose('cal is sober', third, 'import-c') })).toMatchObject({ nodeId: one, sameClaim: [] });
    expect(engine.getNode(one ?? '').derivedFrom).toHaveLength(3);
    // Different words are a different claim, and are remembered as one.
    const c = propose('Cal is sober and happy', second, 'import-b');
    expect(engine.approveProposal({ id: c }).nodeId).not.toBe(one);
    expect(engine.listNodes({ types: ['semantic'] }).items).toHaveLength(2);
  });

  it('declining the same claim from two chats declines both; another space keeps its own; bulk approval writes it once', async () => {
    const { engine } = openTestEngine();
    const work = engine.createSpace({ name: 'Work' });
    const said = (sessionId: string, content: string) => engine.recordEpisode({ sessionId, role: 'user', content });
    const [a1, b1, w1] = [said('chat-a', 'the boss is leaving'), said('chat-b', 'heard the boss is leaving'), said('chat-w', 'boss leaving, confirmed')];
    await engine.flush();
    const propose = (content: string, evidence: string, sessionId: string, spaceId?: string) =>
      engine.proposeFact({
        action: 'remember',
        origin: 'mcp',
        input: { content, sourceType: 'mcp', derivedFrom: [evidence], sessionId, ...(spaceId ? { spaceId } : {}) },
      }).proposalId;
    const a = propose('The boss is leaving', a1, 'chat-a');
    const b = propose('the boss is leaving!', b1, 'chat-b');
    const w = propose('The boss is leaving', w1, 'chat-w', work.id);
    expect(engine.declineProposal({ id: a })).toMatchObject({ state: 'declined', sameClaim: [b] });
    expect(engine.getProposal(b).state).toBe('declined');
    expect(engine.getProposal(w).state).toBe('pending');
    // Restored, each on its own; then approved in bulk by source: the Personal claim is one fact citing both chats.
    engine.restoreProposal({ id: a });
    engine.restoreProposal({ id: b });
    const bulk = engine.bulkReview({ action: 'approve', origin: 'mcp' });
    expect(bulk.failed).toEqual([]);
    // Approving the first Personal claim approved its twin, which is not decided twice (nor reported as failed).
    const decided = new Map(bulk.decided.map((d) => [d.proposalId, d.sameClaim]));
    expect(decided.size).toBe(2);
    expect(decided.get(w)).toEqual([]);
    expect(decided.has(a) ? decided.get(a) : decided.get(b)).toEqual(decided.has(a) ? [b] : [a]);
    const facts = engine.listNodes({ types: ['semantic'] }).items;
    expect(facts.map((n) => n.spaceId).sort()).toEqual(['personal', work.id].sort());
    const personal = facts.find((n) => n.spaceId === 'personal');
    expect(engine.getNode(personal?.id ?? '').derivedFrom.map((n) => n.id).sort()).toEqual([a1, b1].sort());
    expect([a, b, w].map((id) => engine.getProposal(id).state)).toEqual(['approved', 'approved', 'approved']);
  });

  it('bulk by session or source; decline, restore; pages list newest first with a count', () => {
    const { engine } = openTestEngine();
    for (let i = 0; i < 5; i++) engine.proposeFact({ action: 'remember', origin: 'mcp', input: { content: `Fact number ${i} from Cursor`, sourceType: 'mcp', sessionId: i < 3 ? 's-a' : 's-b' } });
    const page = engine.listProposals({ limit: 2 });
    expect(page.total).toBe(5);
    expect(page.items.map((p) => p.content)).toEqual(['Fact number 4 from Cursor', 'Fact number 3 from Cursor']);
    const next = engine.listProposals({ limit: 2, cursor: page.nextCursor ?? '' });
    expect(next.items.map((p) => p.content)).toEqual(['Fact number 2 from Cursor', 'Fact number 1 from Cursor']);

    expect(engine.bulkReview({ action: 'decline', sessionId: 's-a' }).decided).toHaveLength(3);
    const approved = engine.bulkReview({ action: 'approve', origin: 'mcp' });
    expect(approved.decided.map((d) => d.state)).toEqual(['approved', 'approved']);
    expect(engine.listProposals({ state: 'declined' }).counts).toEqual({ pending: 0, approved: 2, declined: 3 });
    const declined = engine.listProposals({ state: 'declined' }).items[0];
    expect(engine.restoreProposal({ id: declined?.id ?? '' }).state).toBe('pending');
    expect(engine.pendingProposalCount()).toBe(1);
    expect(() => engine.bulkReview({ action: 'approve' } as never)).toThrow(/sessionId or an origin/);
  });
});

describe('consolidation under "ask me first"', () => {
  it('proposes instead of writing; a decline survives a restart and is not re-proposed by consolidating the session again', async () => {
    const dir = makeTempDir();
    let engine = open(dir);
    const session = mcpSessionId('Cursor', 'c1');
    engine.recordEpisode({ content: 'I moved to Porto yesterday.', sessionId: session, role: 'user', sourceType: 'mcp' });
    engine.markSessionCompleted(session);
    const first = await consolidateSession(engine, new OfflineExtractor(), session);
    expect(first.status).toBe('consolidated');
    expect(first.factsCreated).toEqual([]);
    expect(first.proposed).toHaveLength(1);
    const proposal = engine.getProposal(first.proposed[0] ?? '');
    expect(proposal).toMatchObject({ content: 'User lives in Porto', origin: 'mcp', sessionId: session, sourceLabel: 'memory agent' });
    expect(proposal.evidence.map((e) => e.content)).toEqual(['I moved to Porto yesterday.']);
    expect(engine.listNodes({ types: ['semantic'] }).items).toHaveLength(0);
    engine.declineProposal({ id: proposal.id });
    await engine.close();

    engine = open(dir);
    expect(engine.getProposal(proposal.id).state).toBe('declined');
    // Consolidate the same session again from its first message (what a re-extraction does).
    engine.database.prepare('UPDATE memory_sessions SET consolidated_through = 0 WHERE id = ?').run(session);
    const again = await consolidateSession(engine, new OfflineExtractor(), session, { force: true });
    expect(again.status).toBe('consolidated');
    expect(again.proposed).toEqual([]);
    expect(engine.listProposals({ state: 'pending' }).total).toBe(0);
    expect(engine.listProposals({ state: 'declined' }).total).toBe(1);
    expect(engine.listNodes({ types: ['semantic'] }).items).toHaveLength(0);
    await engine.close();
  });

  it('a chat session (at once by default) writes facts as before', async () => {
    const { engine } = openTestEngine();
    engine.recordEpisode({ content: 'I moved to Porto yesterday.', sessionId: 'chat-x-1', role: 'user' });
    engine.markSessionCompleted('chat-x-1');
    const out = await consolidateSession(engine, new OfflineExtractor(), 'chat-x-1');
    expect(out.factsCreated).toHaveLength(1);
    expect(out.proposed).toEqual([]);
  });
});
