import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startWebServer, type WebServer } from '../../src-main/web/server';
import { openTestHost } from '../helpers/app-host';
import { makeTempDir } from '../helpers/temp-engine';

const servers: WebServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start() {
  const t = openTestHost();
  const rendererDir = makeTempDir('engram-renderer-');
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Engram</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  const server = await startWebServer({ host: t.host, rendererDir, logger: t.logger, token: 'secret-token-123' });
  servers.push(server);
  return { t, server };
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Raw HTTP so tests can send any Host and Origin (fetch forbids setting them). */
function raw(server: WebServer, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method: options.method ?? 'GET', path: options.path ?? '/', headers: { host: `127.0.0.1:${server.port}`, ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const auth = { 'x-engram-token': 'secret-token-123' };
const json = { 'content-type': 'application/json' };

function wsOutcome(server: WebServer, headers: Record<string, string>): Promise<{ opened: boolean; status?: number; ws: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/events`, { headers });
    ws.on('open', () => resolve({ opened: true, ws }));
    ws.on('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode ?? 0, ws }));
    ws.on('error', () => resolve({ opened: false, ws }));
  });
}

describe('browser mode security', () => {
  it('binds to loopback only', async () => {
    const { server } = await start();
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses requests without the token or with a wrong one (403)', async () => {
    const { server } = await start();
    expect((await raw(server, {})).status).toBe(403);
    expect((await raw(server, { path: '/?token=wrong' })).status).toBe(403);
    expect((await raw(server, { path: '/assets/app.js' })).status).toBe(403);
    const call = await raw(server, { method: 'POST', path: '/api/call/chat.list', headers: json, body: '{}' });
    expect(call.status).toBe(403);
    expect(call.body).not.toContain('secret-token-123');
    expect((await raw(server, { headers: { cookie: `engram_token_${server.port}=nope` } })).status).toBe(403);
  });

  it('trades the URL token for an HttpOnly cookie and drops it from the address', async () => {
    const { server } = await start();
    const first = await raw(server, { path: '/?token=secret-token-123' });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toBe(`engram_token_${server.port}=secret-token-123; HttpOnly; SameSite=Strict; Path=/`);
    const page = await raw(server, { headers: { cookie: `engram_token_${server.port}=secret-token-123` } });
    // Another instance's cookie (other port) is not ours.
    expect((await raw(server, { headers: { cookie: 'engram_token_1=secret-token-123' } })).status).toBe(403);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const asset = await raw(server, { path: '/assets/app.js', headers: auth });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
  });

  it('refuses a wrong Host (DNS rebinding) even with the token', async () => {
    const { server } = await start();
    expect((await raw(server, { headers: { ...auth, host: `evil.example:${server.port}` } })).status).toBe(403);
    expect((await raw(server, { headers: { ...auth, host: '127.0.0.1:1' } })).status).toBe(403);
    expect((await raw(server, { headers: { ...auth, host: `localhost:${server.port}` } })).status).toBe(200);
  });

  it('refuses a foreign Origin even with the token', async () => {
    const { server } = await start();
    const foreign = await raw(server, { method: 'POST', path: '/api/call/chat.list', headers: { ...auth, ...json, origin: 'http://evil.example' }, body: '{}' });
    expect(foreign.status).toBe(403);
    const own = await raw(server, { method: 'POST', path: '/api/call/chat.list', headers: { ...auth, ...json, origin: server.origin }, body: '{}' });
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toEqual({ ok: true, value: [] });
  });

  it('answers calls with the contract envelope; bad input is a typed error, not a crash', async () => {
    const { server } = await start();
    const bad = await raw(server, { method: 'POST', path: '/api/call/chat.send', headers: { ...auth, ...json }, body: '{"chatId":"x","text":""}' });
    expect(bad.status).toBe(200);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const unknown = await raw(server, { method: 'POST', path: '/api/call/nope', headers: { ...auth, ...json }, body: '{}' });
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    const garbage = await raw(server, { method: 'POST', path: '/api/call/chat.list', headers: { ...auth, ...json }, body: '{oops' });
    expect(garbage.status).toBe(400);
    const form = await raw(server, { method: 'POST', path: '/api/call/chat.create', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' });
    expect(form.status).toBe(415);
    expect((await raw(server, { method: 'GET', path: '/api/call/chat.list', headers: auth })).status).toBe(405);
  });

  it('does not serve files outside the renderer folder', async () => {
    const { server } = await start();
    // "/../../etc/passwd" normalises to /etc/passwd: an app route, so the app page, never the file.
    expect((await raw(server, { path: '/../../etc/passwd', headers: auth })).body).not.toContain('root:');
    expect((await raw(server, { path: '/%2e%2e/%2e%2e/etc/passwd', headers: auth })).body).not.toContain('root:');
    // Encoded slashes survive URL parsing and are decoded later: they must not escape the folder.
    const encoded = await raw(server, { path: '/..%2f..%2f..%2fetc%2fpasswd', headers: auth });
    expect(encoded.body).not.toContain('root:');
    expect(encoded.body).toContain('<title>Engram</title>');
    expect((await raw(server, { path: '/assets/missing.js', headers: auth })).status).toBe(404);
  });

  it('guards the WebSocket the same way and pushes events to it', async () => {
    const { server, t } = await start();
    const noToken = await wsOutcome(server, { origin: server.origin });
    expect(noToken).toMatchObject({ opened: false, status: 403 });
    const foreign = await wsOutcome(server, { ...auth, origin: 'http://evil.example' });
    expect(foreign).toMatchObject({ opened: false, status: 403 });
    const noOrigin = await wsOutcome(server, auth);
    expect(noOrigin).toMatchObject({ opened: false, status: 403 });
    const good = await wsOutcome(server, { ...auth, origin: server.origin });
    expect(good.opened).toBe(true);
    const message = new Promise<{ event: string }>((resolve) => good.ws.once('message', (data) => resolve(JSON.parse(String(data)) as { event: string })));
    await t.host.dispatch('chat.create', {});
    expect((await message).event).toBe('chat.sessions');
    good.ws.close();
  });
});

/** Sends bytes as they are (no HTTP client to tidy them up) and returns the status line's code, or 0 if none. */
function rawBytes(server: WebServer, bytes: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let reply = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => (reply += c));
    socket.on('error', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0)));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0)));
    socket.end(bytes);
  });
}

/** The server answers 413 and closes while the client is still sending; the status is what counts. */
function oversizedBodyStatus(server: WebServer): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method: 'POST', path: '/api/call/chat.list', headers: { host: `127.0.0.1:${server.port}`, ...auth, ...json } },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      },
    );
    req.on('error', () => resolve(0));
    req.end('x'.repeat(3 * 1024 * 1024));
  });
}

describe('browser mode under hostile local clients', () => {
  const malformed = ['%E0%A4%A', '%', '%zz', '%C0%AF', '%ED%A0%80', '%00'];

  it('answers every malformed request with a 4xx and keeps serving', async () => {
    const { server } = await start();
    const statuses: number[] = [];
    for (const bad of malformed) {
      // Cookie, with and without a token elsewhere.
      statuses.push((await raw(server, { headers: { cookie: `engram_token_${server.port}=${bad}` } })).status);
      statuses.push((await raw(server, { headers: { cookie: `other=${bad}; engram_token_${server.port}=${bad}` } })).status);
      // Path, query and the API name, with the token.
      statuses.push((await raw(server, { path: `/${bad}`, headers: auth })).status);
      statuses.push((await raw(server, { path: `/assets/${bad}.js`, headers: auth })).status);
      statuses.push((await raw(server, { path: `/?q=${bad}&token=${bad}` })).status);
      statuses.push((await raw(server, { method: 'POST', path: `/api/call/${bad}`, headers: { ...auth, ...json }, body: '{}' })).status);
      statuses.push((await raw(server, { path: `/${bad}` })).status);
    }
    // Wrong methods, non-JSON and oversized bodies, a huge header, garbage on the wire.
    statuses.push((await raw(server, { method: 'DELETE', path: '/', headers: auth })).status);
    statuses.push((await raw(server, { method: 'PUT', path: '/api/call/chat.list', headers: { ...auth, ...json }, body: '{}' })).status);
    statuses.push((await raw(server, { method: 'POST', path: '/api/call/chat.list', headers: { ...auth, ...json }, body: '\u0000\u0001' })).status);
    statuses.push((await raw(server, { method: 'POST', path: '/api/call/chat.list', headers: { ...auth, ...json }, body: '"just a string"' })).status);
    statuses.push(await oversizedBodyStatus(server));
    statuses.push(await rawBytes(server, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`));
    statuses.push(await rawBytes(server, 'NONSENSE\r\n\r\n'));
    statuses.push(await rawBytes(server, `GET http://[::1 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`));
    for (const status of statuses) {
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
    }
    // Still alive and still guarded.
    const own = await raw(server, { method: 'POST', path: '/api/call/chat.list', headers: { ...auth, ...json }, body: '{}' });
    expect(JSON.parse(own.body)).toEqual({ ok: true, value: [] });
  });

  it('takes the token from the query only for page loads, never on API URLs', async () => {
    const { server } = await start();
    const viaQuery = await raw(server, { method: 'POST', path: '/api/call/chat.list?token=secret-token-123', headers: json, body: '{}' });
    expect(viaQuery.status).toBe(403);
    expect((await wsOutcome(server, { origin: server.origin })).opened).toBe(false);
  });
});
