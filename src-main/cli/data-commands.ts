/**
 * Data commands: `import <file|folder|zip>`, `export --format json|markdown [--out PATH]`,
 * `backup [--out PATH]`, `restore <file>`. Progress goes to stderr on a terminal; results to stdout.
 */
import { dirname, join, resolve } from 'node:path';
import { backupFileName, backupFolder, backupTo, removeInterruptedWork, restoreDatabase } from '../data/backup';
import { exportJson } from '../data/export/json';
import { exportMarkdown } from '../data/export/markdown';
import { runImport } from '../data/import/run';
import { MemoryEngine } from '../memory';
import { acquireInstanceLock, InstanceLockedError } from '../platform/instance-lock';
import { AppError, UsageError } from '../../src-shared/errors';
import { fingerprintNotice, IMPORT_FORMATS, type ImportFormat } from '../../src-shared/import-source';
import { WritePathService } from '../writepath/service';
import type { Command, CommandContext } from './command-types';
import { agentConfigFromEnv } from './consolidate';
import { exportPassphrase, exportSealing } from './export-passphrase';

function requirePath(ctx: CommandContext, what: string): string {
  const value = ctx.args[0];
  if (!value) throw new UsageError(`missing <${what}>`);
  return resolve(value);
}

const stamp = (ms: number): string => new Date(ms).toISOString().replace(/[:.]/g, '-');

function importFormat(value: string | undefined): ImportFormat {
  if (value === undefined) return 'auto';
  if ((IMPORT_FORMATS as readonly string[]).includes(value)) return value as ImportFormat;
  throw new UsageError(`--format: expected one of ${IMPORT_FORMATS.join(', ')}, not ${value}`);
}

export const importCommand: Command = async (ctx) => {
  const path = requirePath(ctx, 'file|folder|zip');
  const engine = ctx.engine;
  const preview = ctx.options.preview === 'true';
  const passphrase = exportPassphrase(ctx.options, process.env);
  const summary = await runImport(engine, path, {
    ...(passphrase !== undefined ? { passphrase } : {}),
    format: importFormat(ctx.options.format),
    preview,
    onProgress: (p) => ctx.progress(`importing ${p.file}: ${p.percent}% · ${p.conversations} conversations · ${p.messagesAdded} new messages`),
    ...(ctx.spaceId !== undefined ? { spaceId: ctx.spaceId } : {}),
  });
  let consolidation: { mode: string; consolidated: number; failed: number; facts: number; proposed: number } | null = null;
  if (!preview && ctx.options.consolidate !== 'false' && summary.sessions.length > 0) {
    const offline = ctx.options.offline === 'true';
    const service = new WritePathService({ engine, agent: offline ? null : agentConfigFromEnv(process.env, ctx.options.agent) });
    const off = service.onProgress((p) => ctx.progress(`consolidating ${p.sessionId ?? ''} ${p.step} ${p.percent}%`));
    try {
      const report = await service.consolidateNow({ offline, trigger: 'import' });
      consolidation = {
        mode: report.mode,
        consolidated: report.sessions.filter((s) => s.status === 'consolidated').length,
        failed: report.sessions.filter((s) => s.status === 'failed').length,
        facts: report.sessions.reduce((n, s) => n + s.factsCreated.length, 0),
        // Held in the review queue (imports ask first by default): not in memory until approved.
        proposed: report.sessions.reduce((n, s) => n + s.proposed.length, 0),
      };
    } finally {
      off();
      await service.close();
    }
  }
  const result = {
    preview,
    format: summary.format,
    files: summary.files,
    sources: summary.sources,
    conversations: summary.conversations,
    chats_created: summary.chatsCreated,
    chats_extended: summary.chatsExtended,
    messages_added: summary.messagesAdded,
    messages_already_imported: summary.messagesAlreadyThere,
    skipped: summary.skippedCount,
    skipped_examples: summary.skipped,
    elapsed_ms: summary.elapsedMs,
    messages_per_second: summary.messagesPerSecond,
    kept_apart: summary.keptApartCount,
    kept_apart_examples: summary.keptApart,
    ...(summary.restored ? { restored: summary.restored, already_there: summary.alreadyThere, rejected: summary.rejected, settled_versions: summary.settledVersions ?? 0 } : {}),
    ...(summary.fingerprint ? { fingerprint: summary.fingerprint } : {}),
    consolidation,
  };
  // An export edited since it was written (or one without a fingerprint) is said, before and after it is applied.
  const tampered = summary.fingerprint ? fingerprintNotice(summary.fingerprint, !preview) : null;
  if (tampered) ctx.notice(tampered);
  if (ctx.json) {
    ctx.out(JSON.stringify(result));
    return;
  }
  // An Engram export restores rows (its messages among them); the conversation counts are for chat histories.
  const lines = summary.restored
    ? [`${preview ? 'Preview (nothing written): would merge' : 'Merged'} an Engram export in ${summary.elapsedMs} ms`]
    : [
        `${preview ? 'Preview (nothing written): would import' : 'Imported'} ${summary.messagesAdded} new message(s) from ${summary.conversations} conversation(s) (${summary.sources.join(', ') || 'nothing recognised'}) in ${summary.elapsedMs} ms` +
          ` (${summary.messagesPerSecond} messages/s): ${summary.chatsCreated} new chat(s), ${summary.chatsExtended} extended, ${summary.messagesAlreadyThere} message(s) were already imported`,
      ];
  if (summary.restored) {
    const rows = Object.entries(summary.restored).filter(([, n]) => n > 0);
    lines.push(`${preview ? 'Rows to restore' : 'Restored rows'}: ${rows.length ? rows.map(([t, n]) => `${t} ${n}`).join(', ') : 'none (everything in the file is here already)'}`);
    const there = Object.values(summary.alreadyThere ?? {}).reduce((a, b) => a + b, 0);
    if (there > 0) lines.push(`${there} row(s) already in this memory (left as they are)`);
    if (summary.settledVersions) lines.push(`${summary.settledVersions} fact(s) ${preview ? 'would be' : 'were'} settled as versions: where the file and this memory disagree, the one that began later stays current`);
  }
  for (const r of summary.rejected ?? []) lines.push(`Refused ${r.count} ${r.table} row(s): ${r.reason} (first: ${r.example})`);
  if (summary.keptApartCount > 0) lines.push(`Kept apart ${summary.keptApartCount} conversation(s): ${summary.keptApart.slice(0, 3).map((k) => `“${k.title}” ${k.reason}`).join('; ')}`);
  if (summary.skippedCount > 0) lines.push(`Skipped ${summary.skippedCount} conversation(s): ${summary.skipped.slice(0, 3).map((s) => `#${s.index + 1} ${s.reason}`).join('; ')}`);
  if (consolidation) {
    const review = consolidation.proposed > 0 ? `, ${consolidation.proposed} waiting for your review ("review list", "review approve ID")` : '';
    lines.push(`Consolidated ${consolidation.consolidated} session(s) (${consolidation.mode}): ${consolidation.facts} fact(s)${review}${consolidation.failed ? `; ${consolidation.failed} failed and stay pending` : ''}`);
  }
  else if (summary.sessions.length > 0) lines.push('Consolidation skipped: run "consolidate" when ready.');
  ctx.out(lines.join('\n'));
};

export const exportCommand: Command = async (ctx) => {
  const format = ctx.options.format ?? 'json';
  if (format !== 'json' && format !== 'markdown') throw new UsageError(`--format: expected json or markdown, not ${format}`);
  const now = ctx.engine.clock.now();
  const out = resolve(ctx.options.out ?? (format === 'json' ? `engram-export-${stamp(now)}.json` : `engram-export-${stamp(now)}`));
  if (format === 'markdown' && ctx.spaceId !== undefined) throw new UsageError('--space exports JSON only (--format json)');
  const passphrase = exportSealing(ctx.options, process.env);
  if (format === 'markdown' && passphrase !== undefined) throw new UsageError('--encrypt exports JSON only (--format json): a Markdown export is a folder of readable pages');
  if (format === 'json') {
    const r = await exportJson(ctx.engine, out, { ...(ctx.spaceId !== undefined ? { spaceId: ctx.spaceId } : {}), ...(passphrase !== undefined ? { passphrase } : {}) });
    const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
    const sealed = passphrase !== undefined;
    ctx.out(ctx.json ? JSON.stringify({ format, path: r.path, rows: r.rows, vectors: r.vectors, encrypted: sealed }) : `Exported ${total} rows and ${r.vectors} vectors to ${r.path}${sealed ? ' (encrypted with the passphrase: it is needed to import or verify it)' : ''}`);
  } else {
    const r = await exportMarkdown(ctx.engine, out);
    ctx.out(ctx.json ? JSON.stringify({ format, ...r }) : `Exported ${r.entities} entities and ${r.facts} facts as ${r.files} Markdown files to ${r.path}`);
  }
};

export const backupCommand: Command = async (ctx) => {
  const engine = ctx.engine;
  const out = resolve(ctx.options.out ?? join(backupFolder(dirname(engine.dbPath)), backupFileName(engine.clock.now())));
  const info = await backupTo(engine, out);
  ctx.out(ctx.json ? JSON.stringify(info) : `Backed up the memory to ${info.path} (${(info.bytes / 1_048_576).toFixed(1)} MB, schema ${info.schemaVersion})`);
};

/**
 * The app's instance lock for the restore: an app running on this folder would keep writing into the file moved
 * aside, and those writes would vanish at its next launch. Refuses, naming the app, while one runs.
 */
function takeInstanceLockForRestore(dataDir: string): () => void {
  try {
    return acquireInstanceLock(dataDir, 'command-line restore');
  } catch (err) {
    if (!(err instanceof InstanceLockedError)) throw err;
    throw new AppError(
      'conflict',
      `Engram is running on ${dataDir} (${err.holder.mode}, process ${err.holder.pid}, since ${err.holder.startedAt}), so the memory was not restored: ` +
        'swapping the file under it would lose what it writes next. Quit Engram, then run restore again (or restore from its Settings). Nothing was changed.',
      { cause: err },
    );
  }
}

export const restoreCommand: Command = async (ctx) => {
  const file = requirePath(ctx, 'file');
  const engine = ctx.engine;
  const releaseInstanceLock = takeInstanceLockForRestore(dirname(engine.dbPath));
  let reopened: MemoryEngine | null = null;
  try {
    // With the app's lock held, nothing else restores here: what an interrupted one left can go.
    removeInterruptedWork(dirname(engine.dbPath), engine.clock.now());
    const encryption = engine.encryptionForCopies;
    const result = await restoreDatabase(engine.dbPath, file, {
      now: engine.clock.now(),
      encryption,
      stop: () => engine.close(),
      // Opening runs the migrations of an older backup and proves the restored file works.
      start: () => {
        reopened = MemoryEngine.open({ dbPath: engine.dbPath, embedder: ctx.makeEmbedder(), startSlowPath: false, encryption });
      },
    });
    ctx.out(
      ctx.json
        ? JSON.stringify(result)
        : `Restored ${result.restoredFrom} (${result.episodes} episodes, ${result.chats} chats, schema ${result.schemaVersion}); the previous database is kept in ${result.keptAt}`,
    );
  } finally {
    await (reopened as MemoryEngine | null)?.close();
    releaseInstanceLock();
  }
};
