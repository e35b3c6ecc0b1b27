/**
 * `reextract --session ID [--dry-run] [--offline] [--json]`: reads a memory session's messages again with the
 * memory agent (ENGRAM_AGENT_*, or --agent builtin; else — or with --offline — the offline extractor) and shows
 * the difference with what memory holds from it; without --dry-run applies exactly that difference in one
 * transaction (undo: `retract --undo ID`). A reading that changes nothing, or an unknown session, fails loudly.
 */
import { UsageError } from '../../src-shared/errors';
import type { ReextractPreview } from '../../src-shared/reextract-types';
import { WritePathService } from '../writepath/service';
import { agentConfigFromEnv } from './consolidate';
import type { Command } from './command-types';

const clip = (text: string): string => text.replace(/\s+/g, ' ').slice(0, 120);

const list = (label: string, lines: string[]): string[] =>
  lines.length === 0 ? [] : [`${label} (${lines.length}):`, ...lines.slice(0, 20).map((l) => `  - ${l}`), ...(lines.length > 20 ? [`  … and ${lines.length - 20} more`] : [])];

export function renderReextract(p: ReextractPreview): string {
  const reader = p.mode === 'llm' ? `the memory agent (${p.model ?? ''})` : 'the offline extractor';
  const head = `Reading session ${p.sessionId} again (${p.episodes} message(s)) with ${reader}:`;
  if (p.empty) return `${head} it finds what memory already holds (${p.unchanged.length} fact(s) unchanged).`;
  return [
    head,
    ...list('Would add', p.added.map((a) => clip(a.content) + (a.note ? ` (${clip(a.note)})` : ''))),
    ...list('Would change', p.changed.map((c) => `${clip(c.old.content)} → ${clip(c.content)}`)),
    ...list('Would drop (only this session supports them)', p.dropped.map((f) => clip(f.content))),
    ...list('Would keep without this session’s support', p.losingSupport.map((f) => clip(f.content))),
    ...list('Older versions current again', p.currentAgain.map((f) => clip(f.content))),
    `Unchanged: ${p.unchanged.length}`,
    ...(p.review ? ['New and changed facts will wait for your review (this source asks first).'] : []),
    ...(p.leftOut.length > 0 ? [`Left out of the reading: ${p.leftOut.length}`] : []),
  ].join('\n');
}

export const reextractCommand: Command = async (ctx) => {
  const sessionId = ctx.options.session;
  if (sessionId === undefined) throw new UsageError('reextract needs --session ID');
  const offline = ctx.options.offline === 'true';
  const service = new WritePathService({ engine: ctx.engine, agent: offline ? null : agentConfigFromEnv(process.env, ctx.options.agent) });
  const off = service.onProgress((p) => ctx.progress(`${p.sessionId ?? ''} ${p.step} ${p.percent}%`));
  try {
    const preview = await service.previewReextract({ sessionId, offline });
    if (ctx.options['dry-run'] === 'true') {
      ctx.out(ctx.json ? JSON.stringify({ dryRun: true, preview }) : `${renderReextract(preview)}\n(dry run: nothing changed)`);
      return;
    }
    const result = await service.applyReextract(preview.previewId, 'cli');
    ctx.out(
      ctx.json
        ? JSON.stringify({ dryRun: false, preview, result })
        : `${renderReextract(preview)}\nRe-extracted: ${result.added} added, ${result.changed} changed, ${result.dropped} dropped, ${result.losingSupport} kept without this session's support` +
            (result.proposed > 0 ? `, ${result.proposed} waiting for your review` : '') +
            `.\nUndo: engram retract --undo ${result.retractionId}`,
    );
  } finally {
    off();
    await service.close();
  }
};
