/**
 * Downloads of catalog models into the data folder's models/, only when the person asks. The file grows as
 * `NAME.part` and resumes from where it stopped (HTTP Range) after a pause or a cut connection; it becomes
 * `NAME` only once its size and SHA-256 match the catalog. A mismatch removes it and says so; cancel removes
 * the partial file; a disk without room refuses before the first byte.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { modelUrl, type CatalogEntry } from './catalog';
import { formatBytes } from '../../../src-shared/format-bytes';
import type { DownloadFailure, DownloadProgress } from './model-types';

export { DOWNLOAD_FAILURES, type DownloadFailure, type DownloadProgress } from './model-types';

export class DownloadError extends Error {
  constructor(
    readonly code: DownloadFailure,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}


export interface DownloaderOptions {
  modelsDir: string;
  /** `ENGRAM_MODEL_BASE_URL`: a mirror holding the files by name. */
  baseUrl?: string | undefined;
  /** Free bytes on the disk holding `dir`; injectable so a full disk can be tested. */
  freeSpace?: (dir: string) => Promise<number>;
  /** Attempts per download when the connection is cut (each resumes where the last stopped). */
  attempts?: number;
  /** Room to leave free beyond the file, so the memory database can still grow. */
  reserveBytes?: number;
  now?: () => number;
}

async function diskFreeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

const GB = 1024 ** 3;

export class ModelDownloader {
  private readonly running = new Map<string, { controller: AbortController; intent: 'pause' | 'cancel' | null }>();

  constructor(private readonly options: DownloaderOptions) {}

  finalPath(entry: CatalogEntry): string {
    return join(this.options.modelsDir, entry.file);
  }

  partialPath(entry: CatalogEntry): string {
    return `${this.finalPath(entry)}.part`;
  }

  isInstalled(entry: CatalogEntry): boolean {
    return existsSync(this.finalPath(entry));
  }

  /** Bytes already on disk for a paused or interrupted download. */
  partialBytes(entry: CatalogEntry): number {
    return existsSync(this.partialPath(entry)) ? statSync(this.partialPath(entry)).size : 0;
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Stops a running download and keeps what arrived; `download` again resumes. */
  pause(id: string): void {
    const run = this.running.get(id);
    if (!run) return;
    run.intent = 'pause';
    run.controller.abort();
  }

  /** Stops a running download (if any) and removes its partial file. */
  cancel(entry: CatalogEntry): void {
    const run = this.running.get(entry.id);
    if (run) {
      run.intent = 'cancel';
      run.controller.abort();
    }
    rmSync(this.partialPath(entry), { force: true });
  }

  /** Removes a downloaded model. */
  remove(entry: CatalogEntry): boolean {
    const had = this.isInstalled(entry) || existsSync(this.partialPath(entry));
    rmSync(this.finalPath(entry), { force: true });
    rmSync(this.partialPath(entry), { force: true });
    return had;
  }

  async download(entry: CatalogEntry, onProgress: (p: DownloadProgress) => void = () => undefined): Promise<string> {
    if (this.running.has(entry.id)) throw new DownloadError('interrupted', `${entry.label} is already downloading.`);
    mkdirSync(this.options.modelsDir, { recursive: true });
    if (this.isInstalled(entry)) return this.finalPath(entry);
    const run = { controller: new AbortController(), intent: null as 'pause' | 'cancel' | null };
    this.running.set(entry.id, run);
    try {
      await this.checkSpace(entry);
      const attempts = this.options.attempts ?? 3;
      const meter = new SpeedMeter(this.options.now ?? Date.now);
      for (let attempt = 1; ; attempt++) {
        try {
          await this.fetchRest(entry, run.controller.signal, meter, onProgress);
          break;
        } catch (err) {
          if (run.intent === 'cancel') {
            rmSync(this.partialPath(entry), { force: true });
            throw new DownloadError('cancelled', `The download of ${entry.label} was cancelled; nothing was kept.`);
          }
          if (run.intent === 'pause') throw new DownloadError('paused', `The download of ${entry.label} is paused at ${this.partialBytes(entry)} bytes.`);
          if (err instanceof DownloadError || attempt >= attempts) throw asDownloadError(err, entry);
        }
      }
      onProgress({ id: entry.id, receivedBytes: entry.bytes, totalBytes: entry.bytes, bytesPerSecond: 0, secondsLeft: 0, state: 'verifying' });
      await this.verify(entry);
      renameSync(this.partialPath(entry), this.finalPath(entry));
      onProgress({ id: entry.id, receivedBytes: entry.bytes, totalBytes: entry.bytes, bytesPerSecond: 0, secondsLeft: 0, state: 'done' });
      return this.finalPath(entry);
    } finally {
      this.running.delete(entry.id);
    }
  }

  private async checkSpace(entry: CatalogEntry): Promise<void> {
    const needed = entry.bytes - this.partialBytes(entry) + (this.options.reserveBytes ?? 0.5 * GB);
    const free = await (this.options.freeSpace ?? diskFreeBytes)(this.options.modelsDir);
    if (free < needed) {
      throw new DownloadError(
        'disk_full',
        `Not enough disk space for ${entry.label}: it needs ${formatBytes(needed)} free in ${this.options.modelsDir}, and ${formatBytes(free)} is free. Make room and try again.`,
      );
    }
  }

  /** One request for the bytes not yet on disk, appended to the partial file. */
  private async fetchRest(entry: CatalogEntry, signal: AbortSignal, meter: SpeedMeter, onProgress: (p: DownloadProgress) => void): Promise<void> {
    const have = this.partialBytes(entry);
    if (have >= entry.bytes) return;
    const url = modelUrl(entry, this.options.baseUrl);
    const response = await fetch(url, { signal, headers: have > 0 ? { range: `bytes=${have}-` } : {} });
    if (response.status !== 200 && response.status !== 206) {
      throw new DownloadError('http_error', `${url} answered HTTP ${response.status}; the download of ${entry.label} did not start.`);
    }
    if (!response.body) throw new DownloadError('http_error', `${url} sent no file.`);
    // A server that ignores Range sends the whole file again: start the partial over.
    const append = response.status === 206 && have > 0;
    let received = append ? have : 0;
    // Each chunk is written before the next is read, so what was counted is on disk when the connection drops.
    const file = await open(this.partialPath(entry), append ? 'a' : 'w');
    try {
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        await file.write(chunk);
        received += chunk.length;
        meter.add(chunk.length);
        const speed = meter.bytesPerSecond();
        onProgress({
          id: entry.id,
          receivedBytes: received,
          totalBytes: entry.bytes,
          bytesPerSecond: speed,
          secondsLeft: speed > 0 ? Math.ceil((entry.bytes - received) / speed) : null,
          state: 'downloading',
        });
        if (received > entry.bytes) throw new DownloadError('http_error', `${url} sent more than the ${entry.bytes} bytes ${entry.label} has.`);
      }
    } finally {
      await file.close();
    }
    // The server sent all it announced and it is not the whole file: not a cut but a wrong file, which the
    // checksum then refuses and removes.
    const announced = Number(response.headers.get('content-length') ?? Number.NaN);
    if (received < entry.bytes && received - (append ? have : 0) === announced) return;
    if (received < entry.bytes) throw new Error(`the connection closed at ${received} of ${entry.bytes} bytes`);
  }

  private async verify(entry: CatalogEntry): Promise<void> {
    const path = this.partialPath(entry);
    const size = statSync(path).size;
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    const digest = hash.digest('hex');
    if (size !== entry.bytes || digest !== entry.sha256) {
      rmSync(path, { force: true });
      throw new DownloadError(
        'checksum_mismatch',
        `The downloaded ${entry.label} is not the published file (SHA-256 ${digest.slice(0, 12)}…, ${size} bytes; expected ${entry.sha256.slice(0, 12)}…, ${entry.bytes} bytes). It was removed; download it again, or check the mirror.`,
      );
    }
  }
}

function asDownloadError(err: unknown, entry: CatalogEntry): DownloadError {
  if (err instanceof DownloadError) return err;
  const why = err instanceof Error ? err.message : String(err);
  return new DownloadError('interrupted', `The download of ${entry.label} stopped (${why}). What arrived is kept; download again to resume.`);
}

/** Speed over a sliding window of a few seconds, so time-left does not jump with every chunk. */
class SpeedMeter {
  private readonly samples: { at: number; bytes: number }[] = [];
  constructor(private readonly now: () => number) {}
  add(bytes: number): void {
    const at = this.now();
    this.samples.push({ at, bytes });
    while (this.samples.length > 1 && at - (this.samples[0]?.at ?? at) > 5000) this.samples.shift();
  }
  bytesPerSecond(): number {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at === first.at) return 0;
    const bytes = this.samples.slice(1).reduce((n, s) => n + s.bytes, 0);
    return Math.round((bytes * 1000) / (last.at - first.at));
  }
}

export { formatBytes };
