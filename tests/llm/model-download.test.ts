/** Model downloads against a local HTTP server: resume after a cut, checksum, disk full, cancel, pause. */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelUrl, recommendModel, MODEL_CATALOG, type CatalogEntry } from '../../src-main/llm/builtin/catalog';
import { DownloadError, ModelDownloader, type DownloadProgress } from '../../src-main/llm/builtin/download';

const FILE = randomBytes(256 * 1024);
const SHA = createHash('sha256').update(FILE).digest('hex');

interface ServerState {
  /** Cut the connection after this many bytes of the first response. */
  cutAfter: number | null;
  /** Send this many bytes and then wait (for pause and cancel). */
  stallAfter: number | null;
  ranges: (string | undefined)[];
}

let server: Server;
let base: string;
let dir: string;
let state: ServerState;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engram-models-'));
  state = { cutAfter: null, stallAfter: null, ranges: [] };
  server = createServer((req, res) => {
    if (req.url !== '/tiny.gguf') return void res.writeHead(404).end('not found');
    state.ranges.push(req.headers.range);
    const start = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const body = FILE.subarray(start);
    res.writeHead(start > 0 ? 206 : 200, { 'content-length': body.length, ...(start > 0 ? { 'content-range': `bytes ${start}-${FILE.length - 1}/${FILE.length}` } : {}) });
    if (state.cutAfter !== null) {
      const cut = state.cutAfter;
      state.cutAfter = null;
      res.write(body.subarray(0, cut), () => res.destroy());
      return;
    }
    if (state.stallAfter !== null) {
      res.write(body.subarray(0, state.stallAfter));
      return; // never ends: the test pauses or cancels
    }
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const entry = (sha256 = SHA): CatalogEntry => ({
  id: 'tiny',
  label: 'Tiny test model',
  file: 'tiny.gguf',
  bytes: FILE.length,
  ramBytes: 1,
  licence: 'test',
  url: 'https://example.invalid/tiny.gguf',
  sha256,
  recommendedFromRamBytes: 0,
});
const downloader = (extra: Partial<ConstructorParameters<typeof ModelDownloader>[0]> = {}): ModelDownloader =>
  new ModelDownloader({ modelsDir: dir, baseUrl: base, freeSpace: () => Promise.resolve(10 * 1024 ** 3), reserveBytes: 0, ...extra });

describe('model downloads', () => {
  it('resumes with an HTTP Range after the connection is cut, and verifies the file', async () => {
    state.cutAfter = 100_000;
    const progress: DownloadProgress[] = [];
    const path = await downloader().download(entry(), (p) => progress.push(p));
    expect(readFileSync(path).equals(FILE)).toBe(true);
    expect(state.ranges).toEqual([undefined, 'bytes=100000-']);
    expect(progress.at(-1)?.state).toBe('done');
    const moving = progress.filter((p) => p.state === 'downloading');
    expect(moving.at(-1)?.receivedBytes).toBe(FILE.length);
    expect(moving.some((p) => p.bytesPerSecond > 0 && p.secondsLeft !== null)).toBe(true);
    expect(readdirSync(dir)).toEqual(['tiny.gguf']);
  });

  it('removes a file whose SHA-256 does not match and says so', async () => {
    const failure = await downloader().download(entry('0'.repeat(64))).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DownloadError);
    expect(failure).toMatchObject({ code: 'checksum_mismatch' });
    expect((failure as Error).message).toMatch(/not the published file.*removed/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses to start when the disk has no room, before any request', async () => {
    const failure = await downloader({ freeSpace: () => Promise.resolve(1000) }).download(entry()).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'disk_full' });
    expect((failure as Error).message).toMatch(/Not enough disk space/);
    expect(state.ranges).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('cancel stops the download and leaves nothing behind', async () => {
    state.stallAfter = 50_000;
    const d = downloader();
    const running = d.download(entry(), (p) => p.receivedBytes >= 50_000 && d.cancel(entry()));
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('pause keeps what arrived and the next download resumes from there', async () => {
    state.stallAfter = 60_000;
    const d = downloader();
    const running = d.download(entry(), (p) => p.receivedBytes >= 60_000 && d.pause('tiny'));
    await expect(running).rejects.toMatchObject({ code: 'paused' });
    expect(d.partialBytes(entry())).toBe(60_000);
    state.stallAfter = null;
    const path = await d.download(entry());
    expect(readFileSync(path).equals(FILE)).toBe(true);
    expect(state.ranges.at(-1)).toBe('bytes=60000-');
    expect(existsSync(d.partialPath(entry()))).toBe(false);
  });

  it('reports an HTTP error without keeping a file', async () => {
    const failure = await new ModelDownloader({ modelsDir: dir, baseUrl: `${base}/missing`, freeSpace: () => Promise.resolve(1e12) })
      .download(entry())
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'http_error' });
    expect((failure as Error).message).toMatch(/HTTP 404/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('catalog', () => {
  it('every entry has a size, a SHA-256, a licence and a source', () => {
    for (const e of MODEL_CATALOG) {
      expect(e.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(e.bytes).toBeGreaterThan(0);
      expect(e.licence).not.toBe('');
      expect(e.url).toMatch(/^https:\/\//);
    }
  });

  it('recommends from total memory and GPU, and none on a machine too small', () => {
    const GB = 1024 ** 3;
    expect(recommendModel({ totalRamBytes: 8 * GB, hasGpu: false })?.id).toBe('qwen2.5-1.5b-instruct');
    expect(recommendModel({ totalRamBytes: 2 * GB, hasGpu: false })).toBeNull();
  });

  it('a mirror base URL serves the files by name', () => {
    const [first] = MODEL_CATALOG;
    if (!first) throw new Error('the catalog is empty');
    expect(modelUrl(first, 'http://mirror.local/models/')).toBe(`http://mirror.local/models/${first.file}`);
    expect(modelUrl(first, undefined)).toBe(first.url);
  });
});
