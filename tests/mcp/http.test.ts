/**
 * MCP over Streamable HTTP against a running host: off by default; on, it answers only our Host, no foreign
 * Origin, and the token; a real SDK client then reads, is refused writes until Settings allows them, and writes.
 */
import { request } from 'node:http';
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpStatus } from '../../src-main/mcp/settings-schema';
import type { NodeDetail } from '../../src-main/memory/queries';
import { openTestHost } from '../helpers/app-host';
import { freePort } from '../helpers/free-port';

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

async function ok<T>(p: Promise<{ ok: boolean; value?: unknown; error?: unknown }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value as T;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
});
/** An initialize request on a fresh connection (no pooled socket survives the endpoint's restarts). */
const post = (url: string, headers: Record<string, string>): Promise<{ status: number }> =>
  new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      },
    );
    req.on('error', reject);
    req.end(INITIALIZE);
  });

describe('MCP over Streamable HTTP (running app)', () => {
  it('is off by default, then guarded like browser mode, then reads and (when allowed) writes with the client name', async () => {
    const { host } = openTestHost();
    const off = await ok<McpStatus>(host.dispatch('mcp.status', {}));
    expect(off).toMatchObject({ enabled: false, allowWrites: false, running: false });

    const port = await freePort();
    const on = await ok<McpStatus>(host.dispatch('mcp.configure', { enabled: true, port }));
    expect(on).toMatchObject({ enabled: true, running: true, url: `http://127.0.0.1:${port}/mcp`, tokenHeader: 'x-engram-token', error: null });
    expect(on.token.length).toBeGreaterThanOrEqual(32);

    // The guard: no token, wrong token, foreign Origin, foreign Host are refused before any MCP is spoken.
    expect((await post(on.url, {})).status).toBe(403);
    expect((await post(on.url, { 'x-engram-token': 'wrong' })).status).toBe(403);
    expect((await post(on.url, { 'x-engram-token': on.token, origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(`http://localhost:${port}/mcp`, { 'x-engram-token': on.token, origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await post(on.url.replace('/mcp', '/other'), { 'x-engram-token': on.token })).status).toBe(404);

    const { id } = await ok<{ id: string }>(host.dispatch('memory.rememberFact', { content: 'The Atlas project deadline is the end of March' }));
    // Other apps' writes wait for review by default (issue 23); this test is about writing at once.
    await ok(host.dispatch('review.saveSettings', { mcp: 'at_once' }));
    const client = new Client({ name: 'Cursor', version: '1.2.3' });
    await client.connect(new StreamableHTTPClientTransport(new URL(on.url), { requestInit: { headers: { 'x-engram-token': on.token } } }));
    clients.push(client);
    expect((await client.listTools()).tools).toHaveLength(8);
    const found = (await client.callTool({ name: 'search_memory', arguments: { query: 'when is the Atlas deadline' } })) as CallToolResult;
    expect((found.structuredContent as { results: { id: string }[] }).results[0]?.id).toBe(id);

    const refused = (await client.callTool({ name: 'remember_fact', arguments: { content: 'Atlas moved to April' } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toContain('Allow them to change memory');
    expect((await ok<McpStatus>(host.dispatch('mcp.status', {}))).clients).toContain('Cursor');

    // The switch applies at once, to the session already open.
    await ok<McpStatus>(host.dispatch('mcp.configure', { allowWrites: true }));
    const saved = (await client.callTool({ name: 'correct_fact', arguments: { id, content: 'The Atlas project deadline moved to mid-April' } })) as CallToolResult;
    expect(saved.isError).toBeFalsy();
    const newId = (saved.structuredContent as { id: string }).id;
    const detail = await ok<NodeDetail>(host.dispatch('memory.getNode', { id: newId }));
    expect(detail.node).toMatchObject({ sourceType: 'mcp', sourceRole: 'Cursor' });
    // Undo, as in the inspector: the old version is current again.
    await ok(host.dispatch('inspector.undoCorrection', { newId }));
    expect((await ok<NodeDetail>(host.dispatch('memory.getNode', { id }))).node.validUntil).toBeNull();

    // A new token shuts out the old one.
    const rotated = await ok<McpStatus>(host.dispatch('mcp.configure', { regenerateToken: true }));
    expect(rotated.token).not.toBe(on.token);
    expect((await post(on.url, { 'x-engram-token': on.token })).status).toBe(403);
    expect((await post(on.url, { 'x-engram-token': rotated.token })).status).toBe(200);

    await ok(host.dispatch('mcp.configure', { enabled: false }));
    await expect(post(on.url, { 'x-engram-token': rotated.token })).rejects.toThrow();
  }, 60_000);

  it('a conversation recorded through the running app is consolidated by its write path', async () => {
    const { host } = openTestHost();
    const port = await freePort();
    const on = await ok<McpStatus>(host.dispatch('mcp.configure', { enabled: true, allowWrites: true, port }));
    const client = new Client({ name: 'Claude Code', version: '2' });
    await client.connect(new StreamableHTTPClientTransport(new URL(on.url), { requestInit: { headers: { 'x-engram-token': on.token } } }));
    clients.push(client);
    const r = (await client.callTool({
      name: 'remember_conversation',
      arguments: {
        turns: [
          { role: 'user', text: 'I live in Lisbon and I work at Acme Robotics as a firmware engineer.' },
          { role: 'assistant', text: 'Got it.' },
        ],
      },
    })) as CallToolResult;
    expect(r.isError).toBeFalsy();
    const sessionId = (r.structuredContent as { session_id: string }).session_id;
    expect(sessionId).toMatch(/^mcp:Claude Code:/);
    // The write path runs in the background (1 s trigger delay); wait for the session to be consolidated.
    let pending = 1;
    for (let i = 0; i < 100 && pending > 0; i++) {
      await new Promise((res) => setTimeout(res, 100));
      pending = (await ok<{ unconsolidated_sessions: number }>(host.dispatch('memory.stats', {}))).unconsolidated_sessions;
    }
    expect(pending).toBe(0);
  }, 60_000);

  it('a port another program holds is reported, not fatal; another port works', async () => {
    const { host } = openTestHost();
    const blocker = createServer();
    const taken = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    try {
      const busy = await ok<McpStatus>(host.dispatch('mcp.configure', { enabled: true, port: taken }));
      expect(busy).toMatchObject({ enabled: true, running: false });
      expect(busy.error).toMatch(/already in use/);
      const moved = await ok<McpStatus>(host.dispatch('mcp.configure', { port: await freePort() }));
      expect(moved).toMatchObject({ running: true, error: null });
      expect(await ok<McpStatus>(host.dispatch('mcp.configure', { port: 80 })).catch((e: Error) => e.message)).toMatch(/port/);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });
});
