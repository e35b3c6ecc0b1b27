/**
 * The app and `engram mcp` (another process, started by another app) write to one data folder at the same
 * time: nothing is lost, neither side sees "database is locked", and the app notices the other's writes
 * (its views are told to refresh and its search finds them).
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../src-shared/retrieval-types';
import { openTestHost } from '../helpers/app-host';

const ROOT = join(__dirname, '..', '..');
const WRITE_FOR_MS = 3_000;

describe('the app and the stdio MCP server on one data folder', () => {
  it('both write for a few seconds: nothing lost, nothing locked, the app sees the other process', async () => {
    const t = openTestHost();
    // Other apps' writes wait for review by default (issue 23); this test is about writing at once.
    t.host.memory.saveReviewSettings({ mcp: 'at_once', import: 'at_once' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', t.dir, 'mcp', '--allow-writes'],
      cwd: ROOT,
      stderr: 'pipe',
    });
    let childStderr = '';
    transport.stderr?.on('data', (d: Buffer) => (childStderr += d.toString()));
    const client = new Client({ name: 'Claude Desktop', version: '0.9' });
    await client.connect(transport);

    // Both sides load their embedder before the clock starts (a search embeds its question): the window measures
    // writing side by side, not the sentence encoder's start-up on a busy machine.
    await t.host.dispatch('memory.search', { query: 'warm up', limit: 1 });
    await client.callTool({ name: 'search_memory', arguments: { query: 'warm up' } });

    const appFacts: string[] = [];
    const appEpisodes: string[] = [];
    const mcpFacts: string[] = [];
    const mcpEpisodes: string[] = [];
    const failures: string[] = [];
    const until = Date.now() + WRITE_FOR_MS;

    const appSide = (async () => {
      for (let i = 0; Date.now() < until; i++) {
        const r = await t.host.dispatch('memory.rememberFact', { content: `App fact number ${i} about the garden` });
        if (r.ok) appFacts.push((r.value as { id: string }).id);
        else failures.push(`app: ${JSON.stringify(r.error)}`);
        appEpisodes.push(t.host.memory.recordEpisode({ content: `App chat line ${i}`, sessionId: 'app-chat', role: 'user' }));
        await new Promise((res) => setTimeout(res, 5));
      }
      await t.host.memory.flush();
    })();

    const mcpSide = (async () => {
      for (let i = 0; Date.now() < until; i++) {
        const fact = (await client.callTool({ name: 'remember_fact', arguments: { content: `Mcp fact number ${i} about the kitchen` } })) as CallToolResult;
        if (fact.isError) failures.push(`mcp: ${JSON.stringify(fact.content)}`);
        else mcpFacts.push((fact.structuredContent as { id: string }).id);
        const conv = (await client.callTool({
          name: 'remember_conversation',
          arguments: { conversation_id: 'long-chat', turns: [{ role: 'user', text: `Kitchen line ${i}` }, { role: 'assistant', text: `Noted ${i}` }] },
        })) as CallToolResult;
        if (conv.isError) failures.push(`mcp: ${JSON.stringify(conv.content)}`);
        else mcpEpisodes.push(...(conv.structuredContent as { episode_ids: string[] }).episode_ids);
      }
    })();

    await Promise.all([appSide, mcpSide]);
    await client.close();

    expect(failures).toEqual([]);
    // A busy moment may be logged as a warning and retried (the hot path does); it never reaches a caller or
    // becomes an error.
    expect(t.logger.errors).toEqual([]);
    expect(childStderr).not.toMatch(/error:.*(locked|SQLITE_BUSY)/i);
    expect(appFacts.length).toBeGreaterThan(10);
    expect(mcpFacts.length).toBeGreaterThan(3);

    // Every acknowledged write is in the file, read through the app.
    const ids = [...appFacts, ...appEpisodes, ...mcpFacts, ...mcpEpisodes];
    const missing = ids.filter((id) => {
      try {
        t.host.memory.getNode(id);
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
    const mcpNode = t.host.memory.getNode(mcpFacts[0] ?? '').node;
    expect(mcpNode).toMatchObject({ sourceType: 'mcp', sourceRole: 'Claude Desktop' });

    // The app noticed the other process: its views were told to refresh, and its search sees the new facts.
    const deadline = Date.now() + 5_000;
    while (!t.eventsOf('memory.changed').some((c) => c.kind === 'external.changed') && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(t.eventsOf('memory.changed').some((c) => c.kind === 'external.changed')).toBe(true);
    const found = await t.host.dispatch('memory.search', { query: 'Mcp fact number 0 about the kitchen', limit: 5 });
    expect(found.ok && (found.value as SearchResult).hits.map((h) => h.node.id)).toContain(mcpFacts[0]);
  }, 60_000);
});
