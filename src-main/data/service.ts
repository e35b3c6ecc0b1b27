/**
 * The app's data operations behind the API: import (then consolidation in the background, through the write
 * path's public service), export, backups (on demand and daily, keeping the last 7) and restore. One
 * operation at a time; each reports progress. Plain Node.
 */
import { join, resolve } from 'node:path';
import type { Logger } from '../../src-shared/clock';
import type { MemoryEngine } from '../memory';
import { AppError } from '../../src-shared/errors';
import type { ImportFormat } from '../../src-shared/import-source';
import type { WritePathService } from '../writepath/service';
import type { BackupEntry, BackupList, DataProgress, EncryptionStatus, ExportResult, ImportResult, RestoreSummary } from './api-types';
import type { MemoryEncryption } from './memory-encryption';
import { backupFileName, backupFolder, backupTo, dailyBackupIfDue, listBackups, removeInterruptedWork } from './backup';
import { exportJson } from './export/json';
import { exportMarkdown } from './export/markdown';
import { runImport } from './import/run';

export interface DataServiceOptions {
  dataDir: string;
  /** The current engine (it changes after a restore). */
  engine: () => MemoryEngine;
  writePath: () => WritePathService;
  /** Restarts the app's services on the restored database (AppHost.restore). */
  restore: (file: string) => Promise<RestoreSummary>;
  /** Settings → Encryption (memory-encryption.ts); absent where the memory cannot be converted in place. */
  encryption?: MemoryEncryption;
  logger: Logger;
  onProgress: (p: DataProgress) => void;
  /** How often the daily backup checks whether one is due; 0 disables it (tests). Default hourly. */
  dailyCheckMs?: number;
  /** First check after start (default 2 minutes, away from the launch's own work). */
  dailyFirstCheckMs?: number;
}

const stamp = (ms: number): string => new Date(ms).toISOString().replace(/[:.]/g, '-');

export class DataService {
  private busy: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private firstCheck: NodeJS.Timeout | null = null;

  constructor(private readonly options: DataServiceOptions) {}

  /** Clears what an interrupted backup or restore left behind, then starts the automatic daily backup. */
  start(): void {
    try {
      const removed = removeInterruptedWork(this.options.dataDir, Date.now());
      if (removed.length > 0) this.options.logger.warn(`Removed ${removed.length} file(s) left by an interrupted backup or restore: ${removed.join(', ')}`);
    } catch (err) {
      this.options.logger.warn(`Could not clear what an interrupted backup or restore left: ${String(err)}`);
    }
    const every = this.options.dailyCheckMs ?? 3_600_000;
    if (every <= 0) return;
    this.firstCheck = setTimeout(() => void this.dailyBackup(), this.options.dailyFirstCheckMs ?? 120_000);
    this.firstCheck.unref();
    this.timer = setInterval(() => void this.dailyBackup(), every);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.firstCheck) clearTimeout(this.firstCheck);
    this.timer = null;
    this.firstCheck = null;
  }

  /** The daily backup, when due and nothing else runs; failures are logged (and retried at the next check). */
  async dailyBackup(): Promise<BackupEntry | null> {
    if (this.busy) return null;
    this.busy = 'backup';
    try {
      const info = await dailyBackupIfDue(this.options.engine(), this.options.dataDir);
      return info ? { path: info.path, bytes: info.bytes, createdAt: info.createdAt } : null;
    } catch (err) {
      this.options.logger.error('the daily backup failed', err);
      return null;
    } finally {
      this.busy = null;
    }
  }

  private async exclusive<T>(operation: DataProgress['operation'], fn: () => Promise<T>, done: (r: T) => string): Promise<T> {
    if (this.busy) throw new AppError('conflict', `Another data operation (${this.busy}) is running; try again when it has finished.`);
    this.busy = operation;
    this.options.onProgress({ operation, phase: 'running', percent: 0, message: `${operation} started` });
    try {
      const result = await fn();
      this.options.onProgress({ operation, phase: 'done', percent: 100, message: done(result) });
      return result;
    } catch (err) {
      this.options.onProgress({ operation, phase: 'failed', percent: 100, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      this.busy = null;
    }
  }

  /** Imports `path` read as `format`; with `preview`, only reports what importing would add and refuse. */
  import(path: string, options: { format?: ImportFormat; preview?: boolean; passphrase?: string } = {}): Promise<ImportResult> {
    return this.exclusive(
      'import',
      async () => {
        const engine = this.options.engine();
        const summary = await runImport(engine, resolve(path), {
          ...options,
          onProgress: (p) =>
            this.options.onProgress({
              operation: 'import',
              phase: 'running',
              percent: p.percent,
              message: `${p.file}: ${p.conversations} conversations, ${p.messagesAdded} new messages`,
            }),
        });
        // Consolidation follows in the background; its progress is the write path's own event.
        if (summary.sessions.length > 0) {
          this.options
            .writePath()
            .consolidateNow({ trigger: 'import', includeOpen: false })
            .catch((err: unknown) => this.options.logger.error('consolidation after import failed', err));
        }
        const { sessions, ...rest } = summary;
        return { ...rest, sessionsToConsolidate: sessions.length };
      },
      (r) =>
        r.preview
          ? 'preview ready'
          : r.restored
            ? `merged an Engram export (${Object.values(r.restored).reduce((a, b) => a + b, 0)} rows restored)`
            : `imported ${r.messagesAdded} new messages (${r.messagesAlreadyThere} already there)`,
    );
  }

  /** `passphrase`: a JSON export encrypted with it (export/sealed.ts); its default name ends in .engram. */
  export(format: 'json' | 'markdown', path?: string, passphrase?: string): Promise<ExportResult> {
    return this.exclusive(
      'export',
      async () => {
        const engine = this.options.engine();
        const extension = format === 'markdown' ? '' : passphrase !== undefined ? '.engram' : '.json';
        const target = resolve(path ?? join(this.options.dataDir, 'exports', `engram-export-${stamp(engine.clock.now())}${extension}`));
        if (format === 'json') {
          const r = await exportJson(engine, target, passphrase !== undefined ? { passphrase } : {});
          return { format, path: r.path, rows: r.rows, encrypted: passphrase !== undefined };
        }
        if (passphrase !== undefined) throw new AppError('invalid_input', 'Only the JSON export can be encrypted with a passphrase');
        const r = await exportMarkdown(engine, target);
        return { format, path: r.path, files: r.files, entities: r.entities, facts: r.facts };
      },
      (r) => `exported to ${r.path}`,
    );
  }

  backup(path?: string): Promise<BackupEntry> {
    return this.exclusive(
      'backup',
      async () => {
        const engine = this.options.engine();
        const info = await backupTo(engine, resolve(path ?? join(backupFolder(this.options.dataDir), backupFileName(engine.clock.now()))));
        return { path: info.path, bytes: info.bytes, createdAt: info.createdAt };
      },
      (r) => `backed up to ${r.path}`,
    );
  }

  backups(): BackupList {
    return {
      folder: backupFolder(this.options.dataDir),
      backups: listBackups(this.options.dataDir).map((b) => ({ path: b.path, bytes: b.bytes, createdAt: b.createdAt })),
    };
  }

  restore(path: string): Promise<RestoreSummary> {
    return this.exclusive('restore', () => this.options.restore(resolve(path)), (r) => `restored ${r.restoredFrom}`);
  }

  encryptionStatus(): EncryptionStatus {
    return this.encryption().status();
  }

  /** "Encrypt this memory": one data operation like the others (never during an export or a backup). */
  encryptMemory(): Promise<EncryptionStatus> {
    const encryption = this.encryption();
    return this.exclusive(
      'encrypt',
      () => encryption.encrypt((percent, message) => this.options.onProgress({ operation: 'encrypt', phase: 'running', percent, message })),
      (s) => `encrypted the memory; its key is in ${s.keyFile ?? 'engram.key'}`,
    );
  }

  setPassphrase(passphrase: string): EncryptionStatus {
    if (this.busy) throw new AppError('conflict', `Another data operation (${this.busy}) is running; try again when it has finished.`);
    return this.encryption().setPassphrase(passphrase);
  }

  private encryption(): MemoryEncryption {
    if (!this.options.encryption) throw new AppError('invalid_input', 'Encryption settings are not available here');
    return this.options.encryption;
  }
}
