/**
 * The model.* calls through the host's dispatch, against a local HTTP server serving a generated file whose
 * SHA-256 an injected test catalog carries: catalog view, download with pushed progress, one at a time,
 * pause/resume, cancel, typed failures (checksum, disk full, network), remove.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../src-main/llm/builtin/catalog';
import type { ModelCatalogView, ModelDownloadEvent } from '../../src-main/llm/builtin/model-service';
import type { Envelope } from '../../src-main/api/contract';
import { openTestHost, type TestHost } from '../helpers/app-host';

const FILE = randomBytes(512 * 1024);
const SHA = createHash('sha256').update(FILE).digest('hex');
const GB = 1024 ** 3;

let server: Server;
let base: string;
/** Send this many bytes and then hold the response open (for pause and cancel). */
let stallAfter: number | null;
let ranges: (string | undefined)[];

beforeEach(async () => {
  stallAfter = null;
  ranges = [];
  server = createServer((req, res) => {
    if (req.url !== '/tiny.gguf') return void res.writeHead(404).end('not found');
    ranges.push(req.headers.range);
    const start = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    const body = FILE.subarray(start);
    res.writeHead(start > 0 ? 206 : 200, { 'content-length': body.length });
    if (stallAfter !== null) return void res.write(body.subarray(0, stallAfter));
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const tiny = (sha256 = SHA): CatalogEntry => ({
  id: 'tiny',
  label: 'Tiny test model',
  file: 'tiny.gguf',
  bytes: FILE.length,
  ramBytes: 64 * 1024 ** 2,
  licence: 'MIT',
  url: 'https://example.invalid/tiny.gguf',
  sha256,
  recommendedFromRamBytes: 0,
});

function host(catalog: CatalogEntry[] = [tiny()], freeSpace = async () => 100 * GB): TestHost {
  return openTestHost({ models: { catalog, baseUrl: base, freeSpace, totalRamBytes: 16 * GB } });
}

async function call<T>(t: TestHost, name: string, input: unknown): Promise<Envelope<T>> {
  return (await t.host.dispatch(name, input)) as Envelope<T>;
}
async function value<T>(t: TestHost, name: string, input: unknown): Promise<T> {
  const envelope = await call<T>(t, name, input);
  if (!envelope.ok) throw new Error(`${name}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}
const lastProgress = (t: TestHost): ModelDownloadEvent | undefined => t.eventsOf('model.progress').at(-1);
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('model.* calls', () => {
  it('lists the catalog with size, RAM, licence and the recommendation; nothing downloads without a call', async () => {
    const t = host();
    const view = await value<ModelCatalogView>(t, 'model.catalog', {});
    expect(view.recommended).toBe('tiny');
    expect(view.modelsDir).toBe(join(t.dir, 'models'));
    expect(view.models).toEqual([expect.objectContaining({ id: 'tiny', bytes: FILE.length, ramBytes: 64 * 1024 ** 2, licence: 'MIT', installed: false, partialBytes: 0, recommended: true })]);
    expect(view.download).toBeNull();
    expect(ranges).toEqual([]);
  });

  it('downloads on model.download, pushes progress and ends installed (SHA-256 verified)', async () => {
    const t = host();
    const started = await value<ModelDownloadEvent>(t, 'model.download', { id: 'tiny' });
    expect(started.state).toBe('downloading');
    await t.host.models.settled();
    const events = t.eventsOf('model.progress');
    expect(events.some((e) => e.state === 'downloading' && e.receivedBytes > 0 && e.totalBytes === FILE.length)).toBe(true);
    expect(events.map((e) => e.state)).toContain('verifying');
    expect(lastProgress(t)).toMatchObject({ id: 'tiny', state: 'done', error: null });
    const view = await value<ModelCatalogView>(t, 'model.catalog', {});
    expect(view.models[0]?.installed).toBe(true);
    expect(readdirSync(join(t.dir, 'models'))).toEqual(['tiny.gguf']);
  });

  it('refuses a second download while one runs, then pauses and resumes with a Range request', async () => {
    const t = host();
    stallAfter = 100 * 1024;
    await value(t, 'model.download', { id: 'tiny' });
    await until(() => (lastProgress(t)?.receivedBytes ?? 0) >= 100 * 1024);
    const second = await call(t, 'model.download', { id: 'tiny' });
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await value(t, 'model.pause', { id: 'tiny' })).toEqual({ paused: true });
    await t.host.models.settled();
    expect(lastProgress(t)).toMatchObject({ state: 'paused', receivedBytes: 100 * 1024 });
    stallAfter = null;
    await value(t, 'model.download', { id: 'tiny' });
    await t.host.models.settled();
    expect(ranges.at(-1)).toBe(`bytes=${100 * 1024}-`);
    expect(lastProgress(t)?.state).toBe('done');
  });

  it('cancel stops the download and leaves nothing behind', async () => {
    const t = host();
    stallAfter = 64 * 1024;
    await value(t, 'model.download', { id: 'tiny' });
    await until(() => (lastProgress(t)?.receivedBytes ?? 0) >= 64 * 1024);
    expect(await value(t, 'model.cancel', { id: 'tiny' })).toEqual({ cancelled: true });
    expect(lastProgress(t)).toMatchObject({ state: 'cancelled', receivedBytes: 0 });
    expect(readdirSync(join(t.dir, 'models'))).toEqual([]);
  });

  it('a checksum mismatch is a typed failure and the bad file is removed', async () => {
    const t = host([tiny('0'.repeat(64))]);
    await value(t, 'model.download', { id: 'tiny' });
    await t.host.models.settled();
    expect(lastProgress(t)).toMatchObject({ state: 'failed', error: { code: 'checksum_mismatch' } });
    expect(lastProgress(t)?.error?.message).toMatch(/removed/);
    expect(existsSync(join(t.dir, 'models', 'tiny.gguf'))).toBe(false);
    expect(existsSync(join(t.dir, 'models', 'tiny.gguf.part'))).toBe(false);
  });

  it('a full disk refuses before the first byte', async () => {
    const t = host([tiny()], async () => 1024);
    await value(t, 'model.download', { id: 'tiny' });
    await t.host.models.settled();
    expect(lastProgress(t)).toMatchObject({ state: 'failed', error: { code: 'disk_full' } });
    expect(ranges).toEqual([]);
  });

  it('a server error is a typed network failure', async () => {
    const t = host([{ ...tiny(), file: 'missing.gguf' }]);
    await value(t, 'model.download', { id: 'tiny' });
    await t.host.models.settled();
    expect(lastProgress(t)).toMatchObject({ state: 'failed', error: { code: 'http_error' } });
    expect(lastProgress(t)?.error?.message).toMatch(/HTTP 404/);
  });

  it('downloading an installed model answers done at once; closing the app pauses a download and keeps its bytes', async () => {
    const t = host();
    await value(t, 'model.download', { id: 'tiny' });
    await t.host.models.settled();
    const requests = ranges.length;
    expect(await value<ModelDownloadEvent>(t, 'model.download', { id: 'tiny' })).toMatchObject({ state: 'done', receivedBytes: FILE.length });
    expect(ranges.length).toBe(requests);

    const other = host([{ ...tiny(), id: 'tiny2' }]);
    stallAfter = 32 * 1024;
    await value(other, 'model.download', { id: 'tiny2' });
    await until(() => (lastProgress(other)?.receivedBytes ?? 0) >= 32 * 1024);
    await other.host.close();
    expect(lastProgress(other)).toMatchObject({ state: 'paused', receivedBytes: 32 * 1024 });
    expect(readdirSync(join(other.dir, 'models'))).toEqual(['tiny.gguf.part']);
  });

  it('unknown names and bad input are typed errors; remove deletes an installed model', async () => {
    const t = host();
    expect(await call(t, 'model.download', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call(t, 'model.download', {})).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call(t, 'model.remove', { id: 'tiny', extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await value(t, 'model.download', { id: 'tiny' });
    await t.host.models.settled();
    expect(await value(t, 'model.remove', { id: 'tiny' })).toEqual({ removed: true });
    expect(existsSync(join(t.dir, 'models', 'tiny.gguf'))).toBe(false);
    expect(await value(t, 'model.remove', { id: 'tiny' })).toEqual({ removed: false });
  });
});
