/**
 * Undo puts back what the engine recorded at the edit, never what a client sends: a forged `previous` is
 * refused at the API and by the engine, and the recorded state survives a restart.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryNode } from '../../src-shared/memory-types';
import { openTestHost } from '../helpers/app-host';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

const forged = { confidence: 0.01, confidenceBase: 0.01, decayRate: 10, lastAccessed: 0, stability: 1 };
const decayOf = (n: MemoryNode) => ({ confidence: n.confidence, confidenceBase: n.confidenceBase, decayRate: n.decayRate, lastAccessed: n.lastAccessed });

describe('undo state recorded by the engine', () => {
  it('a forged previous state from the client changes nothing; the undo by id restores the recorded state', async () => {
    const { host } = openTestHost();
    const created = await host.dispatch('memory.rememberFact', { content: 'Ada likes tea', confidence: 0.6, sourceType: 'extraction' });
    const id = created.ok ? (created.value as { id: string }).id : '';
    const before = host.memory.getNode(id).node;
    await host.dispatch('memory.confirmFact', { id });
    const confirmed = host.memory.getNode(id).node;

    const refused = await host.dispatch('inspector.undoConfirm', { id, previous: forged });
    expect(!refused.ok && refused.error.code).toBe('invalid_input');
    expect(host.memory.getNode(id).node).toEqual(confirmed);
    expect(() => host.memory.undoConfirm({ id, previous: forged } as unknown as { id: string })).toThrow(/previous/);
    expect(host.memory.getNode(id).node).toEqual(confirmed);

    const undone = await host.dispatch('inspector.undoConfirm', { id });
    expect(undone.ok && decayOf(undone.value as MemoryNode)).toEqual(decayOf(before));
    // Once: the record is used up.
    const again = await host.dispatch('inspector.undoConfirm', { id });
    expect(!again.ok && again.error.code).toBe('conflict');
  });

  it('refuses the undo of a confirm that never happened', async () => {
    const { host } = openTestHost();
    const created = await host.dispatch('memory.rememberFact', { content: 'Ada likes coffee', sourceType: 'extraction' });
    const id = created.ok ? (created.value as { id: string }).id : '';
    const before = host.memory.getNode(id).node;
    const refused = await host.dispatch('inspector.undoConfirm', { id });
    expect(!refused.ok && refused.error.code).toBe('conflict');
    expect(host.memory.getNode(id).node).toEqual(before);
  });

  it('a correction undone after a restart gives the old version back the state it had, forged input refused', async () => {
    const clock = new ManualClock();
    const first = openTestEngine({ clock, startSlowPath: false });
    const old = first.engine.rememberFact({ content: 'Ada lives in Boston', sourceType: 'extraction' });
    clock.advanceDays(2);
    first.engine.recordAccess([old]);
    const before = first.engine.getNode(old).node;
    clock.advanceDays(1);
    const newer = first.engine.correctFact({ id: old, content: 'Ada lives in Lisbon' });
    expect(first.engine.getNode(old).node.confidence).not.toBe(before.confidence);
    await first.engine.close();

    const { engine } = openTestEngine({ dataDir: first.dir, clock, startSlowPath: false });
    expect(() => engine.undoCorrection({ newId: newer, previous: forged } as unknown as { newId: string })).toThrow(/previous/);
    expect(engine.getNode(newer).node.validUntil).toBeNull();
    const restored = engine.undoCorrection({ newId: newer });
    expect(restored.id).toBe(old);
    expect(restored.validUntil).toBeNull();
    expect(decayOf(restored)).toEqual(decayOf(before));
  });
});
