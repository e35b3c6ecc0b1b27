/**
 * `retract --message ID|--chat ID|--session ID|--origin NAME|--run ID [--dry-run] [--json]`: what memory learned
 * from a source and, without --dry-run, retract it (one transaction); `retract --undo RETRACTION_ID` puts back
 * the state before. A source that taught nothing left to retract fails loudly (the engine's conflict error).
 */
import type { RetractPreview, RetractSource, RetractSourceKind } from '../../src-shared/retract-types';
import { UsageError } from '../../src-shared/errors';
import type { Command, CommandContext } from './command-types';

const SOURCE_FLAGS: readonly RetractSourceKind[] = ['message', 'chat', 'session', 'origin', 'run'];

function sourceOf(ctx: CommandContext): RetractSource {
  const given = SOURCE_FLAGS.flatMap((kind) => {
    const ref = ctx.options[kind];
    return ref === undefined ? [] : [{ kind, ref }];
  });
  const [only, ...more] = given;
  if (!only || more.length > 0) throw new UsageError('retract needs exactly one of --message ID, --chat ID, --session ID, --origin NAME, --run ID');
  return only;
}

const line = (label: string, items: { content: string }[]): string[] =>
  items.length === 0 ? [] : [`${label} (${items.length}):`, ...items.slice(0, 20).map((i) => `  - ${i.content.replace(/\s+/g, ' ').slice(0, 120)}`), ...(items.length > 20 ? [`  … and ${items.length - 20} more`] : [])];

export function renderPreview(p: RetractPreview): string {
  const head = `What memory learned from ${p.source.kind} ${p.source.ref}:`;
  if (p.empty) return `${head} nothing left to retract.`;
  return [
    head,
    ...line('Messages forgotten', p.episodes),
    ...line('Facts forgotten (only this source supports them)', p.forgotten.map((f) => (f.current ? f : { content: `${f.content} (an earlier version)` }))),
    ...line('Facts kept, losing this support', p.losingSupport),
    ...line('Older versions current again', p.currentAgain),
    ...(p.supersedes.length > 0 ? [`Supersedes it caused: ${p.supersedes.length}`] : []),
    ...(p.entityLinks.length > 0 ? [`Entity links: ${[...new Set(p.entityLinks.map((l) => l.entityName))].join(', ')}`] : []),
  ].join('\n');
}

export const retractCommand: Command = async (ctx) => {
  const undo = ctx.options['undo'];
  if (undo !== undefined) {
    const undone = ctx.engine.undoRetract({ retractionId: undo });
    ctx.out(ctx.json ? JSON.stringify(undone) : `Undid retraction ${undone.retractionId}: memory is as it was before it.`);
    return;
  }
  const source = sourceOf(ctx);
  const preview = ctx.engine.previewRetract(source);
  if (ctx.options['dry-run'] === 'true') {
    ctx.out(ctx.json ? JSON.stringify({ dryRun: true, preview }) : `${renderPreview(preview)}\n(dry run: nothing changed)`);
    return;
  }
  const result = ctx.engine.retract(source);
  const c = result.counts;
  ctx.out(
    ctx.json
      ? JSON.stringify({ dryRun: false, preview, result })
      : `${renderPreview(preview)}\nRetracted: ${c.episodes} message(s) and ${c.forgotten} fact(s) forgotten, ${c.losingSupport} fact(s) lost this support, ${c.currentAgain} older version(s) current again.\nUndo: engram retract --undo ${result.retractionId}`,
  );
};
