/**
 * The shapes of built-in model downloads that cross the API (contract.ts, the renderer): types and one list,
 * no Node imports, so the web build and the preload can read them.
 */
export const DOWNLOAD_FAILURES = ['disk_full', 'checksum_mismatch', 'http_error', 'interrupted', 'cancelled', 'paused'] as const;
export type DownloadFailure = (typeof DOWNLOAD_FAILURES)[number];

export interface DownloadProgress {
  id: string;
  receivedBytes: number;
  totalBytes: number;
  /** Average over the last few seconds; 0 before data arrives. */
  bytesPerSecond: number;
  /** null while the speed is unknown. */
  secondsLeft: number | null;
  state: 'downloading' | 'verifying' | 'done';
}

export interface CatalogModel {
  id: string;
  label: string;
  bytes: number;
  ramBytes: number;
  licence: string;
  url: string;
  installed: boolean;
  /** Bytes of a paused or interrupted download already on disk. */
  partialBytes: number;
  recommended: boolean;
}

export interface ModelCatalogView {
  modelsDir: string;
  /** The catalog id this computer should start with; null when none fits comfortably. */
  recommended: string | null;
  models: CatalogModel[];
  /** The download under way or the last one's outcome, so a reopened Settings shows it. */
  download: ModelDownloadEvent | null;
}

export type ModelDownloadState = DownloadProgress['state'] | 'paused' | 'cancelled' | 'failed';

/** Pushed as `model.progress`; `error` is set when `state` is 'failed'. */
export interface ModelDownloadEvent {
  id: string;
  state: ModelDownloadState;
  receivedBytes: number;
  totalBytes: number;
  bytesPerSecond: number;
  secondsLeft: number | null;
  error: { code: DownloadFailure; message: string } | null;
}

