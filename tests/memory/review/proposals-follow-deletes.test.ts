/**
 * A proposal waiting for review holds words learned from a chat. When the person erases the chat (or its
 * space), the proposals made from it go too, whatever their state; forgetting or retracting it sets the
 * waiting ones aside as declined (restorable), and undoing the retract puts them back in the queue.
 * Real SQLite files in temp folders.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../../src-main/memory/engine';
import { openTestEngine } from '../../helpers/temp-engine';

/** One chat session with a message, a pending proposal resting on it, and an unrelated one from elsewhere. */
function setUp(engine: MemoryEngine, sessionId = 's-oslo', spaceId?: string) {
  const episode = engine.recordEpisodeNow({ content: 'I moved to Oslo last spring, keep it quiet', sessionId, ...(spaceId ? { spaceId } : {}) });
  const resting = engine.proposeFact({ action: 'remember', origin: 'import', input: { content: 'User moved to Oslo', derivedFrom: [episode], sessionId } });
  const other = engine.recordEpisodeNow({ content: 'My sister lives in Porto', sessionId: 's-porto' });
  const elsewhere = engine.proposeFact({ action: 'remember', origin: 'import', input: { content: "User's sister lives in Porto", derivedFrom: [other], sessionId: 's-porto' } });
  return { episode, resting: resting.proposalId, elsewhere: elsewhere.proposalId };
}

const state = (engine: MemoryEngine, id: string) => engine.getProposal(id).state;

describe('proposals follow what they were learned from', () => {
  it('erasing a chat deletes its proposals, pending or declined, and leaves other chats’ proposals alone', () => {
    const { engine } = openTestEngine();
    const { resting, elsewhere } = setUp(engine);
    const declined = engine.proposeFact({ action: 'remember', origin: 'import', input: { content: 'User keeps it quiet', sessionId: 's-oslo' } });
    engine.declineProposal({ id: declined.proposalId });

    engine.eraseLearnedFromSessions(['s-oslo'], () => undefined);

    expect(() => engine.getProposal(resting)).toThrow(/does not exist/);
    expect(() => engine.getProposal(declined.proposalId)).toThrow(/does not exist/);
    expect(state(engine, elsewhere)).toBe('pending');
    expect(engine.listProposals({}).items.map((p) => p.content)).toEqual(["User's sister lives in Porto"]);
    // In no state: not hidden among the declined or the approved either.
    for (const st of ['pending', 'declined', 'approved'] as const) {
      expect(engine.listProposals({ state: st }).items.filter((p) => /Oslo|quiet/.test(p.content))).toEqual([]);
    }
  });

  it('erasing a space deletes the proposals made in it', () => {
    const { engine } = openTestEngine();
    const work = engine.createSpace({ name: 'Work' });
    const { resting, elsewhere } = setUp(engine, 's-work', work.id);
    expect(engine.deleteSpace({ id: work.id, rows: { rows: 'erase' } }).erased).toBeGreaterThan(0);
    expect(() => engine.getProposal(resting)).toThrow(/does not exist/);
    expect(state(engine, elsewhere)).toBe('pending');
  });

  it('forgetting a chat sets its waiting proposals aside as declined, which the person can restore', () => {
    const { engine } = openTestEngine();
    const { resting, elsewhere } = setUp(engine);
    engine.forgetLearnedFromSessions(['s-oslo']);
    expect(state(engine, resting)).toBe('declined');
    expect(state(engine, elsewhere)).toBe('pending');
    expect(engine.restoreProposal({ id: resting }).state).toBe('pending');
  });

  it('a retract declines the proposals waiting on its messages; its undo puts them back in the queue', () => {
    const { engine } = openTestEngine();
    const { resting, elsewhere } = setUp(engine);
    const result = engine.retract({ kind: 'session', ref: 's-oslo' });
    expect(state(engine, resting)).toBe('declined');
    expect(state(engine, elsewhere)).toBe('pending');
    engine.undoRetract({ retractionId: result.retractionId });
    expect(state(engine, resting)).toBe('pending');
    expect(engine.listProposals({}).total).toBe(2);
  });

  it('an undo leaves alone a proposal the person decided on after the retract', () => {
    const { engine } = openTestEngine();
    const { resting } = setUp(engine);
    const result = engine.retract({ kind: 'session', ref: 's-oslo' });
    engine.restoreProposal({ id: resting });
    const approved = engine.approveProposal({ id: resting, content: 'User moved to Oslo in spring' });
    expect(approved.state).toBe('approved');
    // The approval wrote a fact from a forgotten message: the undo may be refused or go on, but never un-approves.
    try {
      engine.undoRetract({ retractionId: result.retractionId });
    } catch {
      // refused: fine
    }
    expect(state(engine, resting)).toBe('approved');
  });
});
