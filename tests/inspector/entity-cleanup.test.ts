/**
 * Junk entities can be cleaned up through the API the entity page uses: rename, change type, delete (its links
 * go, its facts stay) and undo; "first seen / last mentioned" are both event times.
 */
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src-main/api/contract';
import type { DeletedEntity } from '../../src-main/memory/entity-edits';
import type { EntityProfile } from '../../src-main/memory/entities';
import type { Entity } from '../../src-shared/memory-types';
import { openTestHost } from '../helpers/app-host';
import { expectTalliesMatchRows } from '../helpers/tallies';
import type { MemoryEngine } from '../../src-main/memory/engine';

function ok<T>(res: Envelope<unknown>): T {
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
  return res.value as T;
}

const OCT_2023 = Date.parse('2023-10-13T09:00:00Z');
const MAY_2024 = Date.parse('2024-05-02T09:00:00Z');

describe('entity clean-up', () => {
  it('renames, retypes, deletes with its links (facts stay) and restores with them', async () => {
    const t = openTestHost();
    const fri = ok<Entity>(await t.host.dispatch('entity.create', { name: 'Fri', type: 'person', aliases: ['Friday'] }));
    const other = ok<Entity>(await t.host.dispatch('entity.create', { name: 'Gym', type: 'place' }));
    const a = t.host.memory.rememberFact({ content: 'User goes to the gym on Fri', entityIds: [fri.id, other.id], eventTime: OCT_2023 });
    const b = t.host.memory.rememberFact({ content: 'User has yoga on Fri evenings', entityIds: [fri.id], eventTime: MAY_2024 });

    // "first seen" and "last mentioned" are both when it was said, not when it was recorded (2026 here).
    const profile = ok<EntityProfile>(await t.host.dispatch('entity.profile', { idOrName: fri.id }));
    expect([profile.firstMentioned, profile.lastMentioned]).toEqual([OCT_2023, MAY_2024]);
    expect(profile.entity.firstSeen).toBe(t.clock.now());

    const renamed = ok<Entity>(await t.host.dispatch('entity.update', { entityId: fri.id, name: 'Friday', type: 'concept' }));
    expect(renamed).toMatchObject({ canonicalName: 'Friday', type: 'concept', aliases: [] });
    expect(ok<Entity[]>(await t.host.dispatch('entity.find', { name: 'friday' })).map((e) => e.id)).toEqual([fri.id]);
    expect(await t.host.dispatch('entity.update', { entityId: other.id, name: 'Friday', type: 'concept' })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await t.host.dispatch('entity.update', { entityId: other.id })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await t.host.dispatch('entity.update', { entityId: other.id, type: 'weekday' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    // Something merged into it goes with it and comes back with it.
    const tues = ok<Entity>(await t.host.dispatch('entity.create', { name: 'Fri.', type: 'concept' }));
    ok(await t.host.dispatch('entity.merge', { sourceId: tues.id, targetId: fri.id }));

    const deleted = ok<DeletedEntity>(await t.host.dispatch('entity.delete', { entityId: fri.id }));
    expect(deleted.nodeIds.sort()).toEqual([a, b].sort());
    expect(deleted.mergedFrom.map((e) => e.id)).toEqual([tues.id]);
    expect(await t.host.dispatch('entity.profile', { idOrName: fri.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(ok<Entity[]>(await t.host.dispatch('entity.list', {})).map((e) => e.id)).toEqual([other.id]);
    for (const id of [a, b]) {
      const detail = t.host.memory.getNode(id);
      expect(detail.node.validUntil).toBeNull();
      expect(detail.entities.map((e) => e.id)).not.toContain(fri.id);
    }
    expect(t.host.memory.getNode(a).entities.map((e) => e.id)).toEqual([other.id]);
    expectTalliesMatchRows((t.host.memory as MemoryEngine).database);

    const restored = ok<Entity>(await t.host.dispatch('entity.restore', deleted));
    expect(restored).toMatchObject({ id: fri.id, canonicalName: 'Friday', type: 'concept', mentionCount: 2 });
    expect(t.host.memory.getNode(b).entities.map((e) => e.id)).toEqual([fri.id]);
    expect(ok<EntityProfile>(await t.host.dispatch('entity.profile', { idOrName: fri.id })).mergedFrom.map((m) => m.id)).toEqual([tues.id]);
    expect(await t.host.dispatch('entity.restore', deleted)).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expectTalliesMatchRows((t.host.memory as MemoryEngine).database);
  });
});
