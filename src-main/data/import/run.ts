/**
 * `import <file|folder|zip>`: read the export as a stream, write it in batches (yielding between them so the
 * app stays responsive and the slow path can embed), and report progress and a summary. Consolidation is the
 * caller's next step (the write path's public service), over `sessions`.
 */
import { basename } from 'node:path';
import type { MemoryEngine } from '../../memory';
import { AppError } from '../../../src-shared/errors';
import type { ExportFingerprintCheck, ImportFormat, RejectedRows } from '../../../src-shared/import-source';
import { importSnapshotFile } from '../snapshot-import';
import { detectedFormat, readConversations, resolveImportFiles, type ImportFile } from './source';
import type { ImportSource, SkippedConversation } from './types';
import { conversationProblem, ImportWriter, type ImportCounts, type KeptApart } from './writer';

export interface ImportProgress {
  phase: 'reading' | 'done';
  file: string;
  bytesRead: number;
  totalBytes: number;
  percent: number;
  conversations: number;
  messagesAdded: number;
}

export interface ImportSummary extends ImportCounts {
  /** Nothing was written: the counts are what importing would do. */
  preview: boolean;
  /** What the file was read as: the format chosen, or the one detected (`files[].format` has each file's). */
  format: ImportFormat;
  files: { name: string; format: string }[];
  sources: ImportSource[];
  skipped: SkippedConversation[];
  skippedCount: number;
  /** Memory sessions that received episodes: what consolidation should look at. */
  sessions: string[];
  elapsedMs: number;
  /** Messages added per second of reading and writing (before consolidation). */
  messagesPerSecond: number;
  /** Conversations that reused another's id and became chats of their own (the first 20, and how many). */
  keptApart: KeptApart[];
  keptApartCount: number;
  /** For an Engram export: rows restored per table, rows already there, rows refused and why. */
  restored?: Record<string, number>;
  alreadyThere?: Record<string, number>;
  rejected?: RejectedRows[];
  /** For an Engram export: facts of the file and of this memory that replace each other, settled as versions. */
  settledVersions?: number;
  /** For an Engram export: whether it is as it was written (its fingerprint). */
  fingerprint?: ExportFingerprintCheck;
}

export interface ImportOptions {
  /** What the person says the file is (default: detect, which never loads an Engram export). */
  format?: ImportFormat;
  /** Read and plan everything, write nothing, and report what would be added and refused. */
  preview?: boolean;
  onProgress?: (p: ImportProgress) => void;
  signal?: AbortSignal;
  /** Import into this space (its id; validated by the caller): chats, episodes and restored rows go there. */
  spaceId?: string;
  /** Opens an Engram export sealed with a passphrase (export/sealed.ts); other formats ignore it. */
  passphrase?: string;
}

const MAX_SKIPPED_LISTED = 20;
const PROGRESS_EVERY_MS = 200;

export async function runImport(engine: MemoryEngine, path: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const preview = options.preview === true;
  const files = resolveImportFiles(path, options.format ?? 'auto');
  const totalBytes = files.reduce((n, f) => n + f.bytes, 0);
  const snapshots = files.filter((f) => f.kind === 'engram-export');
  if (snapshots.length > 0 && files.length > 1) throw new AppError('invalid_input', 'An Engram export is imported on its own, not together with other files');

  if (options.spaceId !== undefined) engine.getSpace(options.spaceId); // an unknown space fails before anything is read
  const writer = new ImportWriter(engine, preview, options.spaceId);
  const skipped: SkippedConversation[] = [];
  let skippedCount = 0;
  const sources = new Set<ImportSource>();
  let bytesRead = 0;
  let lastReport = 0;
  let currentFile = '';
  const report = (phase: ImportProgress['phase'], force = false): void => {
    const t = performance.now();
    if (!force && t - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = t;
    options.onProgress?.({
      phase,
      file: currentFile,
      bytesRead,
      totalBytes,
      percent: totalBytes === 0 ? 100 : Math.min(100, Math.round((bytesRead / totalBytes) * 100)),
      conversations: writer.counts.conversations,
      messagesAdded: writer.counts.messagesAdded,
    });
  };

  let snapshot: Awaited<ReturnType<typeof importSnapshotFile>> | undefined;
  for (const file of files) {
    currentFile = basename(file.path);
    report('reading', true);
    if (file.kind === 'engram-export') {
      snapshot = await importSnapshotFile(engine, file.path, {
        preview,
        ...(options.spaceId !== undefined ? { spaceId: options.spaceId } : {}),
        ...(options.passphrase !== undefined ? { passphrase: options.passphrase } : {}),
      });
      bytesRead += file.bytes;
      sources.add('engram');
      continue;
    }
    await importFile(file);
  }
  writer.flush();
  await engine.flush();
  report('done', true);
  const elapsedMs = Math.round(performance.now() - started);
  return {
    ...writer.counts,
    preview,
    format: options.format && options.format !== 'auto' ? options.format : files[0] ? detectedFormat(files[0]) : 'auto',
    files: files.map((f) => ({ name: basename(f.path), format: f.kind })),
    sources: [...sources],
    skipped,
    skippedCount,
    sessions: [...writer.sessionsTouched],
    elapsedMs,
    messagesPerSecond: elapsedMs > 0 ? Math.round((writer.counts.messagesAdded / elapsedMs) * 1000) : 0,
    keptApart: writer.keptApart,
    keptApartCount: writer.keptApartTotal,
    ...(snapshot ? { restored: snapshot.added, alreadyThere: snapshot.alreadyThere, rejected: snapshot.rejected, settledVersions: snapshot.settled, fingerprint: snapshot.fingerprint } : {}),
  };

  async function importFile(file: ImportFile): Promise<void> {
    for await (const item of readConversations(file, engine.clock.now(), (n) => (bytesRead += n))) {
      if (options.signal?.aborted) {
        // What was written stays (it is whole conversations, and a re-import continues where this stopped).
        writer.flush();
        throw new AppError('conflict', 'The import was cancelled; what was imported so far is kept, and importing again continues from there');
      }
      // One conversation that cannot be imported (an impossible time, no text) is named and skipped, never fatal.
      const problem = item.kind === 'skipped' ? item.reason : conversationProblem(item.conversation, engine.clock.now());
      if (item.kind === 'skipped' || problem !== null) {
        skippedCount++;
        const index = item.kind === 'skipped' ? item.index : (item.conversation.index ?? writer.counts.conversations + skippedCount - 1);
        const reason = item.kind === 'conversation' ? `“${item.conversation.title}”: ${problem}` : item.reason;
        if (skipped.length < MAX_SKIPPED_LISTED) skipped.push({ index, reason });
        continue;
      }
      sources.add(item.conversation.source);
      if (writer.add(item.conversation)) {
        writer.flush();
        report('reading');
        // Let the event loop breathe: the app's calls, the slow path, progress events.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  }
}
