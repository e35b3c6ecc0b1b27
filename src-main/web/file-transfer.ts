/**
 * Browser mode handles files like a browser: import and restore take an upload (the file picker's file, not a
 * typed path), export and backup come back as a download (not a file left in the data folder). An upload is
 * streamed to a fresh folder under the data folder's tmp/, handed to the same contract call the desktop app
 * uses (data.import / data.restore), and removed afterwards whatever happened; a download is written there by
 * data.export / data.backup, streamed to the browser, and removed once sent.
 *
 * POST /api/upload/data.import?name=<file name>&format=<format>&preview=true|false   (application/octet-stream)
 *      an encrypted export's passphrase in the X-Engram-Passphrase header (never the URL, which logs keep)
 * POST /api/upload/data.restore?name=<file name>                                      (application/octet-stream)
 * POST /api/download/data.export   {"format":"json"|"markdown", "passphrase"?: "…"}    (application/json)
 * POST /api/download/data.backup   {}                                                 (application/json)
 *
 * Only octet-stream and JSON bodies are taken: a cross-site form cannot send either without a preflight.
 */
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SECURITY_HEADERS } from '../platform/loopback-security';
import type { HostTransport } from '../host/host-transport';

/** Uploads larger than this are refused (an export of years of chats is far smaller). */
export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

export interface FileTransferOptions {
  host: Pick<HostTransport, 'dispatchJson'>;
  /** The data folder; transfers live in its tmp/ while they run. */
  dataDir: string;
  maxUploadBytes?: number;
}

type Send = (res: ServerResponse, status: number, body: string | Uint8Array, headers?: Record<string, string>) => void;

const UPLOAD_CALLS = new Set(['data.import', 'data.restore']);
const DOWNLOAD_CALLS = new Set(['data.export', 'data.backup']);
const JSON_TYPE = { 'content-type': 'application/json' };

const envelopeError = (message: string, code = 'invalid_input'): string => JSON.stringify({ ok: false, error: { code, message, issues: [] } });

/** The uploaded file's own name (its extension tells the import what it is), reduced to safe characters. */
export function safeFileName(name: string | null): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const safe = base.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '').slice(-120);
  return safe === '' ? 'upload' : safe;
}

/** The passphrase of an encrypted export being imported: a header, so it never lands in a URL or a log. */
function passphraseHeader(req: IncomingMessage): string | undefined {
  const value = req.headers['x-engram-passphrase'];
  if (typeof value !== 'string' || value === '') return undefined;
  // Header values are Latin-1 on the wire; the page sends the passphrase percent-encoded so any text survives.
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const stamp = (): string => new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');

export function createFileTransfer(options: FileTransferOptions, send: Send) {
  const maxBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const workFolder = (kind: string): string => {
    const tmp = join(options.dataDir, 'tmp');
    mkdirSync(tmp, { recursive: true });
    return mkdtempSync(join(tmp, `${kind}-`));
  };

  async function upload(req: IncomingMessage, res: ServerResponse, call: string, url: URL): Promise<void> {
    if (!UPLOAD_CALLS.has(call)) return send(res, 404, 'Not found');
    if (req.headers['content-type'] !== 'application/octet-stream') return send(res, 415, envelopeError('Expected application/octet-stream'), JSON_TYPE);
    const tooLarge = (): void => {
      res.once('finish', () => req.destroy());
      send(res, 413, envelopeError(`The file is larger than ${Math.round(maxBytes / 1024 ** 2)} MB, the most Engram takes in browser mode.`), {
        ...JSON_TYPE,
        connection: 'close',
      });
    };
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) return tooLarge();
    const folder = workFolder('upload');
    try {
      const file = join(folder, safeFileName(url.searchParams.get('name')));
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(size > maxBytes ? new RangeError('too large') : null, chunk);
        },
      });
      try {
        await pipeline(req, limit, createWriteStream(file));
      } catch (err) {
        if (err instanceof RangeError) return tooLarge();
        throw err;
      }
      const passphrase = passphraseHeader(req);
      const input =
        call === 'data.import'
          ? { path: file, format: url.searchParams.get('format') ?? 'auto', preview: url.searchParams.get('preview') === 'true', ...(passphrase !== undefined ? { passphrase } : {}) }
          : { path: file };
      send(res, 200, await options.host.dispatchJson(call, input), JSON_TYPE);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  async function download(req: IncomingMessage, res: ServerResponse, call: string): Promise<void> {
    if (!DOWNLOAD_CALLS.has(call)) return send(res, 404, 'Not found');
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(res, 415, envelopeError('Expected application/json'), JSON_TYPE);
    let body = '';
    for await (const chunk of req) {
      body += String(chunk);
      if (body.length > 4096) return send(res, 413, envelopeError('Request too large'), JSON_TYPE);
    }
    let request: { format?: unknown; passphrase?: unknown };
    try {
      request = body.trim() === '' ? {} : (JSON.parse(body) as { format?: unknown; passphrase?: unknown });
    } catch {
      return send(res, 400, envelopeError('Body is not valid JSON'), JSON_TYPE);
    }
    const { format, passphrase } = request;
    const folder = workFolder('download');
    const extension = format === 'markdown' ? 'zip' : passphrase !== undefined ? 'engram' : 'json';
    const name = call === 'data.backup' ? `engram-backup-${stamp()}.db` : `engram-export-${stamp()}.${extension}`;
    const file = join(folder, name);
    const remove = (): void => rmSync(folder, { recursive: true, force: true });
    try {
      // The contract validates the passphrase (and refuses one for Markdown) like any call's input.
      const json = await options.host.dispatchJson(call, call === 'data.backup' ? { path: file } : { format, path: file, ...(passphrase !== undefined ? { passphrase } : {}) });
      const envelope = JSON.parse(new TextDecoder().decode(json)) as { ok: boolean };
      // A refusal (bad format, full disk…) is the contract's own error envelope, as for any call.
      if (!envelope.ok) {
        remove();
        return send(res, 200, json, JSON_TYPE);
      }
    } catch (err) {
      remove();
      throw err;
    }
    res.once('close', remove);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    await pipeline(createReadStream(file), res);
  }

  return { upload, download };
}
