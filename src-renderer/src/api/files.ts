/**
 * Files in browser mode: import and restore upload the picked file, export and backup download the result
 * (src-main/web/file-transfer.ts). The answers are the contract's own envelopes, unwrapped like call().
 */
import type { BackupEntry, ExportResult, ImportResult, RestoreSummary } from '../../../src-main/data/api-types';
import type { ApiError, Envelope } from '../../../src-main/api/contract';
import type { ImportFormat } from '../../../src-shared/import-source';
import { ApiFailure } from './client';

const failure = (message: string, code: ApiError['code'] = 'internal'): ApiFailure => new ApiFailure({ code, message, issues: [] });

async function unwrap<T>(res: Response): Promise<T> {
  if (res.status === 403) throw failure('This page lost its access token. Open the URL Engram printed at start.', 'forbidden');
  const text = await res.text();
  let envelope: Envelope<T>;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    throw failure(`Engram answered ${res.status}: ${text}`);
  }
  if (!envelope.ok) throw new ApiFailure(envelope.error);
  return envelope.value;
}

async function upload<T>(call: 'data.import' | 'data.restore', file: File, params: Record<string, string>, passphrase?: string): Promise<T> {
  const query = new URLSearchParams({ name: file.name, ...params });
  let res: Response;
  try {
    res = await fetch(`/api/upload/${call}?${query.toString()}`, {
      method: 'POST',
      // An encrypted export's passphrase travels in a header (percent-encoded), never in the URL.
      headers: { 'content-type': 'application/octet-stream', ...(passphrase ? { 'x-engram-passphrase': encodeURIComponent(passphrase) } : {}) },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw failure('Engram is not reachable. Is it still running?');
  }
  return unwrap<T>(res);
}

export const uploadImport = (file: File, format: ImportFormat, preview: boolean, passphrase?: string): Promise<ImportResult> =>
  upload('data.import', file, { format, preview: String(preview) }, passphrase);
export const uploadRestore = (file: File): Promise<RestoreSummary> => upload('data.restore', file, {});

/** Asks for the export or backup and hands it to the browser as a download; returns the file's name. */
export async function download(call: 'data.export' | 'data.backup', body: { format?: 'json' | 'markdown'; passphrase?: string }): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`/api/download/${call}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch {
    throw failure('Engram is not reachable. Is it still running?');
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
    await unwrap<ExportResult | BackupEntry>(res);
    throw failure(`Engram answered ${res.status} without a file`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'engram-download';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
