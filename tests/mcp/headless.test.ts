/**
 * `Engram --mcp`: the installed app's headless MCP server. Its arguments are parsed as the Electron entry
 * parses them, and a real MCP client from the SDK spawns the same runner with plain Node (no Electron binary
 * here) and uses it over stdio — while another process holds the app's instance lock on the same folder.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHeadlessMcpArgs, runHeadlessMcp } from '../../src-main/host/headless-mcp';
import { acquireInstanceLock } from '../../src-main/platform/instance-lock';
import { MemoryEngine } from '../../src-main/memory/engine';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

describe('headless MCP arguments', () => {
  it('are null without --mcp (the app opens its window)', () => {
    expect(parseHeadlessMcpArgs([])).toBeNull();
    expect(parseHeadlessMcpArgs(['.', '--no-sandbox'])).toBeNull();
  });

  it('read --allow-writes and --data-dir in either form, among switches Electron adds', () => {
    expect(parseHeadlessMcpArgs(['--mcp'])).toEqual({ dataDir: undefined, allowWrites: false });
    expect(parseHeadlessMcpArgs(['.', '--no-sandbox', '--mcp', '--allow-writes', '--data-dir', '/d'])).toEqual({ dataDir: '/d', allowWrites: true });
    expect(parseHeadlessMcpArgs(['--data-dir=/e', '--mcp'])).toEqual({ dataDir: '/e', allowWrites: false });
  });

  it('read --space NAME in either form (the space the client is bound to), and refuse it without a name', () => {
    expect(parseHeadlessMcpArgs(['.', '--mcp', '--space', 'Work', '--allow-writes'])).toEqual({ dataDir: undefined, allowWrites: true, space: 'Work' });
    expect(parseHeadlessMcpArgs(['--mcp', '--space=Side project', '--data-dir', '/d'])).toEqual({ dataDir: '/d', allowWrites: false, space: 'Side project' });
    expect(() => parseHeadlessMcpArgs(['--mcp', '--space'])).toThrow(/--space needs the name of a space/);
    expect(() => parseHeadlessMcpArgs(['--mcp', '--space', '--allow-writes'])).toThrow(/--space needs/);
    expect(() => parseHeadlessMcpArgs(['--mcp', '--space= '])).toThrow(/--space needs/);
  });

  it('refuse --data-dir without a folder', () => {
    expect(() => parseHeadlessMcpArgs(['--mcp', '--data-dir'])).toThrow(/--data-dir needs a folder/);
    expect(() => parseHeadlessMcpArgs(['--mcp', '--data-dir', '--allow-writes'])).toThrow(/needs a folder/);
    expect(() => parseHeadlessMcpArgs(['--mcp', '--data-dir='])).toThrow(/needs a folder/);
  });
});

describe('the headless MCP server (plain Node, no Electron binary)', () => {
  it('serves the memory over stdio while the app holds its instance lock on the same folder, writes only with --allow-writes', async () => {
    const dir = makeTempDir();
    const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    const seeded = engine.rememberFact({ content: 'Maria prefers green tea over coffee in the morning', sourceType: 'manual' });
    // Other apps' writes wait for review by default (issue 23); this test is about writing at once.
    engine.saveReviewSettings({ mcp: 'at_once' });
    await engine.close();
    // The window is open on this memory: the app's lock is held, and --mcp must not need it.
    const release = acquireInstanceLock(dir, 'desktop app');
    try {
      const connect = async (...flags: string[]): Promise<Client> => {
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', join(ROOT, 'tests/helpers/headless-mcp-entry.ts'), '--mcp', '--data-dir', dir, ...flags],
          cwd: ROOT,
          stderr: 'pipe',
        });
        const client = new Client({ name: 'vitest-headless', version: '1.0.0' });
        await client.connect(transport);
        clients.push(client);
        return client;
      };
      const readOnly = await connect();
      const tools = (await readOnly.listTools()).tools.map((t) => t.name);
      expect(tools).toContain('search_memory');
      expect(tools).toContain('remember_fact');
      const found = (await readOnly.callTool({ name: 'search_memory', arguments: { query: 'what does Maria drink' } })) as CallToolResult;
      expect((found.structuredContent as { results: { id: string }[] }).results[0]?.id).toBe(seeded);
      const refused = (await readOnly.callTool({ name: 'remember_fact', arguments: { content: 'Maria moved to Lisbon' } })) as CallToolResult;
      expect(refused.isError).toBe(true);

      const writer = await connect('--allow-writes');
      const saved = (await writer.callTool({ name: 'remember_fact', arguments: { content: 'Maria moved to Lisbon in 2026' } })) as CallToolResult;
      expect(saved.isError).toBeFalsy();
    } finally {
      release();
    }
  });

  it('binds the client to the space --space names (never Personal); an unknown name fails listing the spaces', async () => {
    const dir = makeTempDir();
    const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    const work = engine.createSpace({ name: 'Work' });
    const release = engine.rememberFact({ content: 'The Falcon release review is on Thursday', sourceType: 'manual', spaceId: work.id });
    const kite = engine.rememberFact({ content: 'The Falcon kite needs a new string', sourceType: 'manual' });
    await engine.close();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(ROOT, 'tests/helpers/headless-mcp-entry.ts'), '--mcp', '--data-dir', dir, '--space', 'work'],
      cwd: ROOT,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'vitest-headless-space', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    const found = (await client.callTool({ name: 'search_memory', arguments: { query: 'Falcon' } })) as CallToolResult;
    const ids = (found.structuredContent as { results: { id: string }[] }).results.map((r) => r.id);
    expect(ids).toContain(release);
    expect(ids).not.toContain(kite);
    await client.close();

    // The runner refuses before serving (the Electron entry prints this and exits 1).
    await expect(runHeadlessMcp({ dataDir: dir, allowWrites: false, space: 'Novel' })).rejects.toThrow('There is no space named "Novel". Spaces: "Personal", "Work".');
  }, 120_000);
});
