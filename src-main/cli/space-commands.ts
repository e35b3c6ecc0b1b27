/**
 * `engram spaces [list | create NAME | rename NAME NEW | delete NAME (--move-to NAME | --erase)]`, and the global
 * `--space NAME` every command that reads or writes memories takes (an unknown name fails with the list).
 */
import type { MemorySpaceSummary } from '../../src-shared/spaces';
import { UsageError } from '../../src-shared/errors';
import type { Command, CommandContext } from './command-types';

/** Commands that read or write inside one space; the others (stats, decay, backup…) refuse `--space`. */
export const SPACE_SCOPED_COMMANDS: ReadonlySet<string> = new Set(['search', 'context', 'ingest', 'node', 'mcp', 'export', 'import', 'spaces', 'profile']);

function render(spaces: readonly MemorySpaceSummary[]): string {
  return spaces.map((s) => `${s.name}  (${s.facts} facts, ${s.episodes} episodes, ${s.chats} chats)  id ${s.id}`).join('\n');
}

function arg(ctx: CommandContext, index: number, name: string): string {
  const value = ctx.args[index];
  if (!value) throw new UsageError(`missing <${name}>`);
  return value;
}

export const spaces: Command = async (ctx) => {
  const [action = 'list'] = ctx.args;
  const engine = ctx.engine;
  let result: unknown;
  let line: string;
  switch (action) {
    case 'list': {
      const all = engine.listSpaces();
      return ctx.out(ctx.json ? JSON.stringify(all) : render(all));
    }
    case 'create': {
      const space = engine.createSpace({ name: arg(ctx, 1, 'name') });
      result = space;
      line = `Created space "${space.name}"`;
      break;
    }
    case 'rename': {
      const space = engine.renameSpace({ id: engine.spaceByName(arg(ctx, 1, 'name')).id, name: arg(ctx, 2, 'new name') });
      result = space;
      line = `Renamed to "${space.name}"`;
      break;
    }
    case 'delete': {
      const space = engine.spaceByName(arg(ctx, 1, 'name'));
      const moveTo = ctx.options['move-to'];
      const erase = ctx.options.erase === 'true';
      // What happens to its rows is the person's choice, always said out loud.
      if ((moveTo === undefined) === !erase) throw new UsageError('spaces delete NAME needs --move-to NAME (keep its memories elsewhere) or --erase (delete them for good)');
      const rows = moveTo !== undefined ? ({ rows: 'move', toSpaceId: engine.spaceByName(moveTo).id } as const) : ({ rows: 'erase' } as const);
      const done = engine.deleteSpace({ id: space.id, rows });
      result = { deleted: space.name, ...done };
      line = `Deleted space "${space.name}": ${done.moved} memories moved, ${done.erased} erased${done.settled ? `; ${done.settled} fact(s) settled as versions (where the two spaces disagreed, the one that began later stays current)` : ""}`;
      break;
    }
    default:
      throw new UsageError(`unknown spaces action "${action}" (list, create, rename, delete)`);
  }
  ctx.out(ctx.json ? JSON.stringify(result) : line);
};
