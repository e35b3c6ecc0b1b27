/**
 * Hand edits, each through the same API calls (and so the same engine protocols) the assistant's tools use.
 * Every edit leaves an undo toast; `z` undoes the latest. memory.changed refreshes every view.
 */
import type { CallInput } from '../../../src-main/api/contract';
import type { EntityType } from '../../../src-shared/memory-types';
import { call, errorMessage } from '../api/client';
import { useInspector } from './store';

const state = () => useInspector.getState();

async function run(what: string, fn: () => Promise<{ message: string; undo?: () => Promise<unknown> } | null>): Promise<boolean> {
  try {
    const done = await fn();
    if (done) state().pushToast(done);
    return true;
  } catch (err) {
    state().pushToast({ message: `${what} failed: ${errorMessage(err)}`, error: true });
    return false;
  }
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Show these nodes in the graph even if filters would hide them (after a correction, a restore, a jump). */
export function pinInGraph(ids: string[]): void {
  if (ids.length === 0) return;
  state().addGraph({ kind: 'seed', input: { seed: { kind: 'nodes', ids }, filter: { includeInvalid: true } }, at: 0 });
}

const PIN_WORDS = { pinned: 'Pinned to your profile', hidden: 'Hidden from your profile', auto: 'Back to the profile\'s own choice' } as const;

export const actions = {
  /** Pin a fact to the profile, hide it from it, or hand it back to the rules; undo puts back what it was. */
  profilePin: (id: string, pin: CallInput<'memory.setProfilePin'>['state']) =>
    run('Profile', async () => {
      const { previous } = await call('memory.setProfilePin', { id, state: pin });
      return { message: PIN_WORDS[pin], undo: () => call('memory.setProfilePin', { id, state: previous }) };
    }),

  /** Move a fact with all its versions to another space; undo moves them back. */
  moveToSpace: (id: string, spaceId: string, toName: string) =>
    run('Move', async () => {
      const moved = await call('inspector.moveToSpace', { id, spaceId });
      const versions = moved.movedIds.length > 1 ? ` with its ${moved.movedIds.length - 1} earlier ${moved.movedIds.length === 2 ? 'version' : 'versions'}` : '';
      return { message: `Moved to ${toName}${versions}`, undo: () => call('inspector.moveToSpace', { id, spaceId: moved.fromSpaceId }) };
    }),

  /** Let every space see a fact (all its versions), or only its own; undo flips it back. */
  setEverywhere: (id: string, everywhere: boolean, spaceName: string) =>
    run('Everywhere', async () => {
      await call('inspector.setEverywhere', { id, everywhere });
      return {
        message: everywhere ? 'Seen from every space' : `Seen only from ${spaceName}`,
        undo: () => call('inspector.setEverywhere', { id, everywhere: !everywhere }),
      };
    }),

  confirm: (ids: string[]) =>
    run('Confirm', async () => {
      const nodes = await Promise.all(ids.map((id) => call('memory.getNode', { id })));
      const facts = nodes.filter((d) => d.node.type !== 'episodic' && d.node.validUntil === null && d.node.decayRate > 0);
      if (facts.length === 0) return { message: 'Nothing to confirm: episodes and confirmed facts do not decay' };
      for (const d of facts) await call('memory.confirmFact', { id: d.node.id });
      return {
        message: `Confirmed ${plural(facts.length, 'fact')} — protected from decay`,
        undo: async () => {
          for (const d of facts) await call('inspector.undoConfirm', { id: d.node.id });
        },
      };
    }),

  /** `dates` only when the person changed them: otherwise the new version keeps the old one's. */
  correct: (id: string, content: string, dates: { eventTime?: number; validFrom?: number } = {}) =>
    run('Correct', async () => {
      // The engine records what the correction changed; undo names the correction, nothing more.
      const { id: newId } = await call('memory.correctFact', { id, content, ...dates });
      pinInGraph([newId, id]);
      state().select(newId);
      return {
        message: 'Corrected — the old version stays in history',
        undo: async () => {
          await call('inspector.undoCorrection', { newId });
          state().select(id);
        },
      };
    }),

  forget: (ids: string[]) =>
    run('Forget', async () => {
      const done: string[] = [];
      for (const id of ids) {
        await call('memory.forget', { id });
        done.push(id);
      }
      return {
        message: `Forgot ${plural(done.length, 'memory')}`.replace('memorys', 'memories'),
        undo: async () => {
          for (const id of done) await call('memory.restore', { id });
        },
      };
    }),

  /** Undo a correction made elsewhere (another app, through MCP): the version it replaced is current again. */
  revertCorrection: (newId: string, previousId: string) =>
    run('Undo correction', async () => {
      await call('inspector.undoCorrection', { newId });
      pinInGraph([previousId, newId]);
      state().select(previousId);
      return { message: 'Correction undone — the previous version is current again' };
    }),

  restore: (id: string) =>
    run('Restore', async () => {
      await call('memory.restore', { id });
      return { message: 'Restored', undo: () => call('memory.forget', { id }) };
    }),

  setTags: (id: string, tags: string[], previous: string[]) =>
    run('Tags', async () => {
      await call('inspector.setTags', { id, tags });
      return { message: 'Tags saved', undo: () => call('inspector.setTags', { id, tags: previous }) };
    }),

  addFact: (input: CallInput<'memory.rememberFact'>) =>
    run('Add fact', async () => {
      const { id, restated } = await call('memory.rememberFact', { sourceType: 'manual', ...input });
      pinInGraph([id]);
      state().select(id);
      // The fact was already held: nothing new to undo (forgetting it would remove what was there before).
      if (restated) return { message: 'Memory already held this fact — restated, not added twice' };
      return { message: 'Fact added — yours, so it counts as confirmed', undo: () => call('memory.forget', { id }) };
    }),

  merge: (sourceId: string, targetId: string, names: { source: string; target: string }) =>
    run('Merge', async () => {
      await call('entity.merge', { sourceId, targetId });
      state().openEntity(targetId);
      return {
        message: `Merged ${names.source} into ${names.target}`,
        undo: async () => {
          await call('entity.unmerge', { entityId: sourceId });
          state().openEntity(sourceId);
        },
      };
    }),

  unmerge: (sourceId: string, names: { source: string; target: string }) =>
    run('Undo merge', async () => {
      const { target } = await call('entity.unmerge', { entityId: sourceId });
      state().openEntity(sourceId);
      return {
        message: `Split ${names.source} back out of ${names.target}`,
        undo: async () => {
          await call('entity.merge', { sourceId, targetId: target.id });
          state().openEntity(target.id);
        },
      };
    }),

  split: (input: CallInput<'entity.split'>) =>
    run('Split', async () => {
      const { created, from } = await call('entity.split', input);
      state().openEntity(created.id);
      return {
        message: `Split ${created.canonicalName} off ${from.canonicalName}`,
        undo: async () => {
          await call('entity.merge', { sourceId: created.id, targetId: from.id });
          state().openEntity(from.id);
        },
      };
    }),

  addAlias: (entityId: string, alias: string) =>
    run('Add alias', async () => {
      await call('entity.addAlias', { entityId, alias });
      return { message: `Alias “${alias}” added`, undo: () => call('entity.removeAlias', { entityId, alias }) };
    }),

  /** Rename and/or retype; undo puts the previous name and type back. */
  updateEntity: (entityId: string, change: { name?: string; type?: EntityType }, previous: { name: string; type: EntityType }) =>
    run('Edit entity', async () => {
      const updated = await call('entity.update', { entityId, ...change });
      return {
        message: `${previous.name} (${previous.type}) is now ${updated.canonicalName} (${updated.type})`,
        undo: () => call('entity.update', { entityId, name: previous.name, type: previous.type }),
      };
    }),

  /** Delete an entity: its links go, its facts stay; undo restores it with its links. */
  deleteEntity: (entityId: string, name: string) =>
    run('Delete entity', async () => {
      const deleted = await call('entity.delete', { entityId });
      state().openEntity(null);
      return {
        message: `Deleted ${name}; its ${plural(deleted.nodeIds.length, 'link')} went, the facts stay`,
        undo: async () => {
          await call('entity.restore', deleted);
          state().openEntity(entityId);
        },
      };
    }),

  removeAlias: (entityId: string, alias: string) =>
    run('Remove alias', async () => {
      await call('entity.removeAlias', { entityId, alias });
      return { message: `Alias “${alias}” removed`, undo: () => call('entity.addAlias', { entityId, alias }) };
    }),
};

/** Undo the latest undoable toast (the `z` key and the toast's button). */
export async function undoLatest(toastId?: number): Promise<void> {
  const toasts = state().toasts;
  const t = toastId === undefined ? [...toasts].reverse().find((x) => x.undo) : toasts.find((x) => x.id === toastId);
  if (!t?.undo) return;
  state().dismissToast(t.id);
  try {
    await t.undo();
    state().pushToast({ message: 'Undone', brief: true });
  } catch (err) {
    state().pushToast({ message: `Undo failed: ${errorMessage(err)}`, error: true });
  }
}
