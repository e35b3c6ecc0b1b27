/**
 * MCP over HTTP takes its token from a header only (`x-engram-token` or `Authorization: Bearer`): a `?token=`
 * ends up in logs and shell history. At the session cap a new client is refused with a clear 503; it cannot
 * close other clients' live sessions, and only sessions idle past the idle limit make room.
 */
import { request } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startMcpHttpServer, type McpHttpServer } from '../../src-main/mcp/http';
import { CollectingLogger } from '../helpers/temp-engine';

const TOKEN = 'a'.repeat(43);
const servers: McpHttpServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start(extra: { maxSessions?: number; sessionIdleMs?: number; now?: () => number } = {}): Promise<McpHttpServer> {
  const server = await startMcpHttpServer({
    createServer: () => new McpServer({ name: 'engram-test', version: '1' }),
    port: 0,
    token: TOKEN,
    logger: new CollectingLogger(),
    ...extra,
  });
  servers.push(server);
  return server;
}

const initialize = (name: string): string =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name, version: '1' } } });

interface Answer {
  status: number;
  sessionId: string | undefined;
  body: string;
  retryAfter: string | undefined;
}

function send(url: string, headers: Record<string, string>, body: string, method = 'POST'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            sessionId: typeof res.headers['mcp-session-id'] === 'string' ? res.headers['mcp-session-id'] : undefined,
            body: text,
            retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });

describe('MCP over HTTP: tokens', () => {
  it('refuses ?token= and accepts the token header or Authorization: Bearer', async () => {
    const server = await start();
    const inQuery = await send(`${server.url}?token=${TOKEN}`, {}, initialize('query'));
    expect(inQuery.status).toBe(403);
    expect(inQuery.body).toMatch(/header/);
    expect((await send(server.url, { 'x-engram-token': TOKEN }, initialize('header'))).status).toBe(200);
    expect((await send(server.url, { authorization: `Bearer ${TOKEN}` }, initialize('bearer'))).status).toBe(200);
    expect((await send(server.url, { authorization: 'Bearer wrong' }, initialize('wrong'))).status).toBe(403);
    expect((await send(server.url, { authorization: `Basic ${TOKEN}` }, initialize('basic'))).status).toBe(403);
  });
});

describe('MCP over HTTP: the session cap', () => {
  it('refuses a new session at the cap with 503 and keeps every live session', async () => {
    const server = await start({ maxSessions: 3 });
    const auth = { 'x-engram-token': TOKEN };
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three']) {
      const opened = await send(server.url, auth, initialize(name));
      expect(opened.status).toBe(200);
      ids.push(opened.sessionId ?? '');
    }
    const refused = await send(server.url, auth, initialize('intruder'));
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('60');
    expect(JSON.parse(refused.body)).toMatchObject({ error: { message: expect.stringMatching(/Too many MCP sessions/) } });
    // Every earlier client still has its session.
    for (const id of ids) {
      expect((await send(server.url, { ...auth, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }, ping)).status).toBe(200);
    }
    expect(server.clients().sort()).toEqual(['one', 'three', 'two']);
  });

  it('makes room by closing only sessions idle past the limit', async () => {
    let now = 1_000_000;
    const server = await start({ maxSessions: 2, sessionIdleMs: 60_000, now: () => now });
    const auth = { 'x-engram-token': TOKEN };
    const idle = await send(server.url, auth, initialize('idle'));
    const busy = await send(server.url, auth, initialize('busy'));
    now += 50_000;
    // The busy client keeps using its session; the idle one does not.
    expect((await send(server.url, { ...auth, 'mcp-session-id': busy.sessionId ?? '', 'mcp-protocol-version': '2025-06-18' }, ping)).status).toBe(200);
    expect((await send(server.url, auth, initialize('early'))).status).toBe(503);
    now += 20_000;
    expect((await send(server.url, auth, initialize('late'))).status).toBe(200);
    expect(server.clients().sort()).toEqual(['busy', 'late']);
    expect((await send(server.url, { ...auth, 'mcp-session-id': idle.sessionId ?? '', 'mcp-protocol-version': '2025-06-18' }, ping)).status).toBe(404);
  });
});

describe('MCP over HTTP: who is connected now', () => {
  it('names each app once, and not after it closed its session or went quiet', async () => {
    let now = 1_000_000;
    const server = await start({ sessionIdleMs: 60_000, now: () => now });
    const auth = { 'x-engram-token': TOKEN };
    const first = await send(server.url, auth, initialize('Claude Desktop'));
    await send(server.url, auth, initialize('Claude Desktop'));
    const cursor = await send(server.url, auth, initialize('Cursor'));
    expect(server.clients().sort()).toEqual(['Claude Desktop', 'Cursor']);

    // Cursor closes its session (DELETE); one of Claude Desktop's two sessions is closed too.
    const session = (id: string | undefined) => ({ ...auth, 'mcp-session-id': id ?? '', 'mcp-protocol-version': '2025-06-18' });
    expect((await send(server.url, session(cursor.sessionId), '', 'DELETE')).status).toBe(200);
    expect((await send(server.url, session(first.sessionId), '', 'DELETE')).status).toBe(200);
    expect(server.clients()).toEqual(['Claude Desktop']);

    // The other one is left open by an app that quit: once idle past the limit it is not "connected now".
    now += 61_000;
    expect(server.clients()).toEqual([]);
  });
});
