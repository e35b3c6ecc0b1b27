/**
 * The app's side of built-in model downloads (`model.*` calls): the catalog with what is installed and what
 * this computer is recommended, and one download at a time, started only by an explicit call, whose progress
 * and outcome are pushed as `model.progress`. The CLI uses ModelDownloader directly.
 */
import { totalmem } from 'node:os';
import { AppError } from '../../../src-shared/errors';
import { catalogEntry, recommendModel, type CatalogEntry } from './catalog';
import { DownloadError, ModelDownloader } from './download';
import type { ModelCatalogView, ModelDownloadEvent } from './model-types';

export type { CatalogModel, ModelCatalogView, ModelDownloadEvent } from './model-types';

export interface ModelServiceOptions {
  modelsDir: string;
  catalog: readonly CatalogEntry[];
  /** `ENGRAM_MODEL_BASE_URL`: a mirror or an offline folder served over HTTP. */
  baseUrl?: string | undefined;
  onProgress: (event: ModelDownloadEvent) => void;
  /** Injected by tests (a full disk); defaults to the disk's real free space. */
  freeSpace?: (dir: string) => Promise<number>;
  totalRamBytes?: number;
}

export class ModelService {
  private readonly downloader: ModelDownloader;
  private current: ModelDownloadEvent | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: ModelServiceOptions) {
    this.downloader = new ModelDownloader({
      modelsDir: options.modelsDir,
      baseUrl: options.baseUrl,
      ...(options.freeSpace ? { freeSpace: options.freeSpace } : {}),
    });
  }

  catalog(): ModelCatalogView {
    // No llama.cpp probe for a GPU here (it would load the native runtime just to list models): memory alone.
    const recommended = recommendModel({ totalRamBytes: this.options.totalRamBytes ?? totalmem(), hasGpu: false }, this.options.catalog);
    return {
      modelsDir: this.options.modelsDir,
      recommended: recommended?.id ?? null,
      models: this.options.catalog.map((e) => ({
        id: e.id,
        label: e.label,
        bytes: e.bytes,
        ramBytes: e.ramBytes,
        licence: e.licence,
        url: e.url,
        installed: this.downloader.isInstalled(e),
        partialBytes: this.downloader.partialBytes(e),
        recommended: recommended?.id === e.id,
      })),
      download: this.current,
    };
  }

  /** Starts (or resumes) a download; progress and the outcome arrive as events. One at a time. */
  download(id: string): ModelDownloadEvent {
    const entry = this.entry(id);
    if (this.running) {
      throw new AppError('conflict', `${this.current?.id ?? 'Another model'} is already downloading; pause or cancel it first.`);
    }
    if (this.downloader.isInstalled(entry)) {
      // Already verified on disk: say so, rather than leave a "downloading" that never ends.
      this.publish({ id, state: 'done', receivedBytes: entry.bytes, totalBytes: entry.bytes, bytesPerSecond: 0, secondsLeft: 0, error: null });
      return this.current as ModelDownloadEvent;
    }
    const have = this.downloader.partialBytes(entry);
    this.publish({ id, state: 'downloading', receivedBytes: have, totalBytes: entry.bytes, bytesPerSecond: 0, secondsLeft: null, error: null });
    const started = this.current as ModelDownloadEvent;
    this.running = this.downloader
      .download(entry, (p) => this.publish({ ...p, error: null }))
      .then(
        () => undefined,
        (err: unknown) => this.publish(failureEvent(entry, this.downloader.partialBytes(entry), err)),
      )
      .finally(() => {
        this.running = null;
      });
    return started;
  }

  /** Keeps what arrived; `download` again resumes from there. */
  pause(id: string): { paused: boolean } {
    const running = this.isRunning(id);
    this.downloader.pause(id);
    return { paused: running };
  }

  /** Stops the download (if running) and removes its partial file. */
  async cancel(id: string): Promise<{ cancelled: boolean }> {
    const entry = this.entry(id);
    const had = this.isRunning(id) || this.downloader.partialBytes(entry) > 0;
    this.downloader.cancel(entry);
    await this.running;
    if (!this.isRunning(id) && this.current?.id === id && this.current.state !== 'cancelled') {
      this.publish({ ...this.current, state: 'cancelled', receivedBytes: 0, bytesPerSecond: 0, secondsLeft: null, error: null });
    }
    return { cancelled: had };
  }

  remove(id: string): { removed: boolean } {
    const entry = this.entry(id);
    if (this.isRunning(id)) throw new AppError('conflict', `${entry.label} is downloading; cancel the download to remove it.`);
    if (this.current?.id === id) this.current = null;
    return { removed: this.downloader.remove(entry) };
  }

  /** Waits for the download under way (tests, and close). */
  async settled(): Promise<void> {
    await this.running;
  }

  /** Pauses the download under way, keeping its bytes for next time. */
  async close(): Promise<void> {
    if (this.current && this.running) this.downloader.pause(this.current.id);
    await this.running;
  }

  private isRunning(id: string): boolean {
    return this.running !== null && this.current?.id === id;
  }

  private entry(id: string): CatalogEntry {
    const entry = catalogEntry(id, this.options.catalog);
    if (!entry) throw new AppError('not_found', `There is no built-in model "${id}". Models: ${this.options.catalog.map((e) => e.id).join(', ')}`);
    return entry;
  }

  private publish(event: ModelDownloadEvent): void {
    this.current = event;
    this.options.onProgress(event);
  }
}

function failureEvent(entry: CatalogEntry, partialBytes: number, err: unknown): ModelDownloadEvent {
  const base = { id: entry.id, receivedBytes: partialBytes, totalBytes: entry.bytes, bytesPerSecond: 0, secondsLeft: null };
  if (err instanceof DownloadError && err.code === 'paused') return { ...base, state: 'paused', error: null };
  if (err instanceof DownloadError && err.code === 'cancelled') return { ...base, receivedBytes: 0, state: 'cancelled', error: null };
  const error = err instanceof DownloadError ? { code: err.code, message: err.message } : { code: 'interrupted' as const, message: err instanceof Error ? err.message : String(err) };
  return { ...base, state: 'failed', error };
}
