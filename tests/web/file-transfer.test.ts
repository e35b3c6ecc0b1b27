/**
 * Browser mode's uploads (import, restore) and downloads (export, backup) over real HTTP against a real host:
 * the token guards them, uploads are size-limited and streamed through the data folder's tmp/, which is empty
 * again afterwards, and downloads carry the file itself.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { keyOf, openWithKey } from '../helpers/encrypted-files';
import { afterEach, describe, expect, it } from 'vitest';
import { safeFileName } from '../../src-main/web/file-transfer';
import { startWebServer, type WebServer } from '../../src-main/web/server';
import { openTestHost, type TestHost } from '../helpers/app-host';
import { makeTempDir } from '../helpers/temp-engine';

const servers: WebServer[] = [];
const hosts: TestHost[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const h of hosts.splice(0)) await h.host.close();
});

const TOKEN = 'secret-token-123';
const CHATGPT = readFileSync(join(__dirname, '..', 'fixtures', 'import', 'chatgpt-conversations.json'));

async function start(maxUploadBytes?: number) {
  const t = openTestHost();
  hosts.push(t);
  const server = await startWebServer({ host: t.host, rendererDir: makeTempDir('engram-renderer-'), logger: t.logger, token: TOKEN, dataDir: t.dir, ...(maxUploadBytes ? { maxUploadBytes } : {}) });
  servers.push(server);
  return { t, server };
}

function post(server: WebServer, path: string, body: Buffer | string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method: 'POST', path, headers: { host: `127.0.0.1:${server.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const octet = { 'content-type': 'application/octet-stream', 'x-engram-token': TOKEN };
const jsonHeaders = { 'content-type': 'application/json', 'x-engram-token': TOKEN };
const tmpEntries = (dir: string): string[] => (existsSync(join(dir, 'tmp')) ? readdirSync(join(dir, 'tmp')) : []);

describe('browser-mode uploads and downloads', () => {
  it('imports an uploaded ChatGPT export: preview writes nothing, the import adds the chats, and tmp/ is left empty', async () => {
    const { t, server } = await start();
    const preview = await post(server, '/api/upload/data.import?name=conversations.json&preview=true', CHATGPT, octet);
    expect(preview.status).toBe(200);
    const planned = JSON.parse(preview.body.toString()) as { ok: boolean; value: { chatsCreated: number } };
    expect(planned.ok).toBe(true);
    expect(planned.value.chatsCreated).toBeGreaterThan(0);
    expect(t.host.chat.list(false, {})).toHaveLength(0);

    const applied = JSON.parse((await post(server, '/api/upload/data.import?name=conversations.json', CHATGPT, octet)).body.toString()) as { ok: boolean; value: { chatsCreated: number } };
    expect(applied.ok).toBe(true);
    expect(t.host.chat.list(false, {}).length).toBe(planned.value.chatsCreated);
    expect(tmpEntries(t.dir)).toEqual([]);
  });

  it('refuses uploads without the token, of another type, to another call, or over the size limit, and keeps nothing', async () => {
    const { t, server } = await start(1024);
    expect((await post(server, '/api/upload/data.import?name=c.json', CHATGPT, { 'content-type': 'application/octet-stream' })).status).toBe(403);
    expect((await post(server, '/api/upload/data.import?name=c.json', CHATGPT, { ...octet, 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post(server, '/api/upload/memory.forget?name=c.json', CHATGPT, octet)).status).toBe(404);
    const big = await post(server, '/api/upload/data.import?name=c.json', CHATGPT, octet);
    expect(big.status).toBe(413);
    expect(big.body.toString()).toMatch(/larger than/);
    expect(tmpEntries(t.dir)).toEqual([]);
  });

  it("answers a bad upload with the contract's typed error (not valid JSON), and cleans up", async () => {
    const { t, server } = await start();
    const reply = JSON.parse((await post(server, '/api/upload/data.import?name=c.json&preview=true', '{ not json', octet)).body.toString()) as { ok: boolean; error: { code: string } };
    expect(reply.ok).toBe(false);
    expect(reply.error.code).toBe('invalid_input');
    expect(tmpEntries(t.dir)).toEqual([]);
  });

  it('downloads a JSON export with the memory in it, and a backup that is an encrypted SQLite database; nothing stays in the data folder', async () => {
    const { t, server } = await start();
    t.host.memory.rememberFact({ content: 'Ada keeps bees on the roof', sourceType: 'manual' });
    const exported = await post(server, '/api/download/data.export', JSON.stringify({ format: 'json' }), jsonHeaders);
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-disposition'])).toMatch(/^attachment; filename="engram-export-.*\.json"$/);
    expect(exported.body.toString()).toContain('Ada keeps bees on the roof');

    const backup = await post(server, '/api/download/data.backup', '{}', jsonHeaders);
    expect(backup.status).toBe(200);
    // Encrypted with the memory's key (issue 27): no readable header, none of the fact's text.
    expect(backup.body.subarray(0, 15).toString()).not.toBe('SQLite format 3');
    expect(backup.body.includes('keeps bees')).toBe(false);
    const copy = join(makeTempDir(), 'b.db');
    writeFileSync(copy, backup.body);
    const db = openWithKey(copy, keyOf(t.dir), { readonly: true });
    expect((db.prepare("SELECT count(*) AS n FROM nodes WHERE content LIKE '%bees%'").get() as { n: number }).n).toBe(1);
    db.close();
    expect(tmpEntries(t.dir)).toEqual([]);
    expect(existsSync(join(t.dir, 'exports')) ? readdirSync(join(t.dir, 'exports')) : []).toEqual([]);
  });

  it('restores an uploaded backup (the one it downloaded) and removes the upload', async () => {
    const { t, server } = await start();
    t.host.memory.rememberFact({ content: 'Ada keeps bees on the roof', sourceType: 'manual' });
    const backup = await post(server, '/api/download/data.backup', '{}', jsonHeaders);
    t.host.memory.rememberFact({ content: 'Ada sold the bees in May', sourceType: 'manual' });
    const restored = JSON.parse((await post(server, '/api/upload/data.restore?name=engram-backup.db', backup.body, octet)).body.toString()) as { ok: boolean };
    expect(restored.ok).toBe(true);
    const contents = t.host.memory.listNodes({ limit: 50 }).items.map((n) => n.content);
    expect(contents).toContain('Ada keeps bees on the roof');
    expect(contents).not.toContain('Ada sold the bees in May');
    expect(tmpEntries(t.dir)).toEqual([]);
  });

  it("answers a refused download with the contract's error envelope", async () => {
    const { t, server } = await start();
    const reply = await post(server, '/api/download/data.export', JSON.stringify({ format: 'pdf' }), jsonHeaders);
    expect(reply.headers['content-type']).toBe('application/json');
    expect((JSON.parse(reply.body.toString()) as { error: { code: string } }).error.code).toBe('invalid_input');
    expect((await post(server, '/api/download/data.export', '{}', { 'content-type': 'application/json' })).status).toBe(403);
    expect(tmpEntries(t.dir)).toEqual([]);
  });

  it("serves this installation's README for Help → About, with the token only", async () => {
    const t = openTestHost();
    hosts.push(t);
    const readmeFile = join(makeTempDir(), 'README.md');
    writeFileSync(readmeFile, '# Engram\nRead me.');
    const server = await startWebServer({ host: t.host, rendererDir: makeTempDir('engram-renderer-'), logger: t.logger, token: TOKEN, readmeFile });
    servers.push(server);
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ host: '127.0.0.1', port: server.port, path: '/docs/README.md', headers: { host: `127.0.0.1:${server.port}`, ...headers } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
    expect(await get({ 'x-engram-token': TOKEN })).toEqual({ status: 200, body: '# Engram\nRead me.' });
    expect((await get({})).status).toBe(403);
  });

  it('keeps only a safe base name of the uploaded file', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\ada\\conversations.zip')).toBe('conversations.zip');
    expect(safeFileName('my export (1).json')).toBe('my_export_1_.json');
    expect(safeFileName('..')).toBe('upload');
    expect(safeFileName(null)).toBe('upload');
  });

  it('downloads a passphrase-encrypted export (.engram) and imports its upload with the passphrase in a header, never the URL', async () => {
    const { t, server } = await start();
    t.host.memory.recordEpisode({ content: 'The boat is moored at pier nine', sessionId: 'web-1', role: 'user' });
    await t.host.memory.flush();
    const passphrase = 'pässphrase with ümlauts';
    const download = await post(server, '/api/download/data.export', JSON.stringify({ format: 'json', passphrase }), jsonHeaders);
    expect(download.status).toBe(200);
    expect(String(download.headers['content-disposition'])).toMatch(/\.engram"$/);
    expect(download.body.includes(Buffer.from('pier nine'))).toBe(false);
    const short = await post(server, '/api/download/data.export', JSON.stringify({ format: 'json', passphrase: 'short' }), jsonHeaders);
    expect(JSON.parse(short.body.toString())).toMatchObject({ ok: false, error: { code: 'invalid_input' } });

    const { server: other, t: target } = await start();
    const url = '/api/upload/data.import?name=mine.engram&format=engram-export';
    const without = JSON.parse((await post(other, url, download.body, octet)).body.toString()) as unknown;
    expect(without).toMatchObject({ ok: false, error: { code: 'key_unavailable' } });
    const wrong = JSON.parse((await post(other, url, download.body, { ...octet, 'x-engram-passphrase': encodeURIComponent('not it at all') })).body.toString()) as unknown;
    expect(wrong).toMatchObject({ ok: false, error: { code: 'key_unavailable' } });
    const applied = JSON.parse((await post(other, url, download.body, { ...octet, 'x-engram-passphrase': encodeURIComponent(passphrase) })).body.toString()) as unknown;
    expect(applied).toMatchObject({ ok: true, value: { restored: { nodes: 1 } } });
    expect(tmpEntries(t.dir)).toEqual([]);
    expect(tmpEntries(target.dir)).toEqual([]);
  });
});
