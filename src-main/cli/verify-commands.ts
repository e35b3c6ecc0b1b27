/**
 * `verify <backup|export|--live>` and `diff <backupA> <backupB>`: the memory's fingerprint (content hashes and
 * the Merkle root, memory/fingerprint.ts). A failed verification prints what changed and exits non-zero.
 */
import { resolve } from 'node:path';
import { isSealedFile, verificationFailure, verifyFile, verifySealedExport } from '../data/verify';
import { exportPassphrase } from './export-passphrase';
import { MemoryEngine, type RowChange, type VerifyReport } from '../memory';
import { UsageError } from '../../src-shared/errors';
import type { Command } from './command-types';

const short = (hash: string): string => `${hash.slice(0, 16)}…`;

function summary(what: string, report: VerifyReport): string {
  return `${what} verified: ${report.rows} rows match the fingerprint ${short(report.recordedRoot)}`;
}

export const verify: Command = async (ctx) => {
  const live = ctx.options.live === 'true';
  const target = ctx.args[0];
  if (live === (target !== undefined)) throw new UsageError('verify takes a backup or export file, or --live for this memory (one of them)');
  if (live) {
    const report = ctx.engine.verifyMemory();
    if (!report.ok) throw verificationFailure('The memory', report, 'storage');
    ctx.out(ctx.json ? JSON.stringify({ target: 'live', ...report }) : summary('The memory', report));
    return;
  }
  const file = resolve(target as string);
  // A passphrase-sealed export is opened with its passphrase (without one, verifyFile says it is needed).
  const passphrase = isSealedFile(file) ? exportPassphrase(ctx.options, process.env) : undefined;
  const checked = passphrase !== undefined ? await verifySealedExport(file, passphrase) : verifyFile(file, { key: ctx.engine.encryptionForCopies.key ?? null });
  if (!checked.report.ok) throw verificationFailure(checked.path, checked.report);
  ctx.out(ctx.json ? JSON.stringify({ target: checked.path, kind: checked.kind, ...checked.report }) : summary(`${checked.kind === 'backup' ? 'Backup' : 'Export'} ${checked.path}`, checked.report));
};

const noun = { nodes: 'memory', edges: 'link', entities: 'entity' } as const;
const line = (c: RowChange): string => `${c.change === 'added' ? '+' : c.change === 'removed' ? '-' : '~'} ${noun[c.table]} ${c.id}${c.preview ? `  “${c.preview}”` : ''}`;

export const diff: Command = async (ctx) => {
  const [a, b] = ctx.args;
  if (!a || !b) throw new UsageError('diff takes two backup files: diff <older.db> <newer.db>');
  const changes = MemoryEngine.diffDatabaseFiles(resolve(a), resolve(b), { key: ctx.engine.encryptionForCopies.key ?? null });
  const count = (kind: RowChange['change']) => changes.filter((c) => c.change === kind).length;
  if (ctx.json) {
    ctx.out(JSON.stringify({ from: resolve(a), to: resolve(b), added: count('added'), changed: count('changed'), removed: count('removed'), changes }));
    return;
  }
  if (changes.length === 0) {
    ctx.out('No differences: both backups have the same fingerprint.');
    return;
  }
  ctx.out([`${count('added')} added, ${count('changed')} changed, ${count('removed')} removed`, ...changes.map(line)].join('\n'));
};
