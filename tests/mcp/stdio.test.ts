/**
 * A real MCP client from the SDK spawns `engram mcp` as a child process (as Claude Desktop or Cursor would)
 * and talks to it over stdio.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

async function connect(dataDir: string, ...flags: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, 'mcp', ...flags],
    cwd: ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'vitest-agent', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr };
}

const call = async (client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

function seed(dir: string): string {
  const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
  const maria = engine.createEntity({ name: 'Maria', type: 'person' });
  const id = engine.rememberFact({ content: 'Maria prefers green tea over coffee in the morning', sourceType: 'manual', entityIds: [maria.id] });
  // Other apps' writes wait for review by default (issue 23); this test is about writing at once.
  engine.saveReviewSettings({ mcp: 'at_once' });
  void engine.close();
  return id;
}

describe('MCP over stdio', () => {
  it('lists the tools, searches, refuses writes without --allow-writes', async () => {
    const dir = makeTempDir();
    const seeded = seed(dir);
    const { client } = await connect(dir);

    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['confirm_fact', 'correct_fact', 'get_entity_info', 'get_profile', 'memory_stats', 'remember_conversation', 'remember_fact', 'search_memory'].sort(),
    );
    const search = tools.find((t) => t.name === 'search_memory');
    expect(search?.inputSchema.required).toEqual(['query']);
    expect(search?.annotations?.readOnlyHint).toBe(true);

    const found = await call(client, 'search_memory', { query: 'what does Maria drink in the morning' });
    expect(found.isError).toBeFalsy();
    const structured = found.structuredContent as { results: { id: string; content: string }[] };
    expect(structured.results[0]?.id).toBe(seeded);
    expect(textOf(found)).toContain('green tea');

    const refused = await call(client, 'remember_fact', { content: 'Maria moved to Lisbon in 2026' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/not allowed.*--allow-writes/s);
    const refusedConversation = await call(client, 'remember_conversation', { turns: [{ role: 'user', text: 'I moved to Lisbon' }] });
    expect(refusedConversation.isError).toBe(true);

    // Entity profiles are resources too.
    const resources = (await client.listResources()).resources;
    expect(resources.map((r) => r.uri)).toContain('engram://entity/Maria');
    const profile = await client.readResource({ uri: 'engram://entity/Maria' });
    const body = JSON.parse((profile.contents[0] as { text: string }).text) as { name: string; facts: { id: string }[] };
    expect(body.name).toBe('Maria');
    expect(body.facts.map((f) => f.id)).toContain(seeded);

    const stats = await call(client, 'memory_stats', {});
    expect((stats.structuredContent as { nodes: { semantic: number } }).nodes.semantic).toBe(1);
  }, 60_000);

  it('with --allow-writes saves facts and conversations tagged mcp and the client name', async () => {
    const dir = makeTempDir();
    const seeded = seed(dir);
    const { client } = await connect(dir, '--allow-writes');

    const saved = await call(client, 'remember_fact', { content: 'Maria moved to Lisbon in 2026' });
    expect(saved.isError).toBeFalsy();
    const factId = (saved.structuredContent as { id: string; saved: boolean }).id;
    expect(saved.structuredContent).toEqual({ id: factId, saved: true });

    const corrected = await call(client, 'correct_fact', { id: seeded, content: 'Maria now prefers black coffee in the morning' });
    const correctedId = (corrected.structuredContent as { id: string }).id;
    const confirmed = await call(client, 'confirm_fact', { id: factId });
    expect((confirmed.structuredContent as { confidence: number }).confidence).toBe(1);

    const bad = await call(client, 'correct_fact', { id: 'no-such-id', content: 'x' });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/not_found/);

    const conversation = await call(client, 'remember_conversation', {
      turns: [
        { role: 'user', text: 'My sister Ana is visiting from Porto next week', time: '2026-03-01T10:00:00Z' },
        { role: 'assistant', text: 'Nice! Want me to suggest things to do?', time: '2026-03-01T10:00:05Z' },
      ],
    });
    expect(conversation.isError).toBeFalsy();
    const rec = conversation.structuredContent as { session_id: string; recorded: number; episode_ids: string[] };
    expect(rec.recorded).toBe(2);
    expect(rec.session_id).toMatch(/^mcp:vitest-agent:/);
    // A turn dated after the clock refuses the whole call before any turn is recorded.
    const ahead = await call(client, 'remember_conversation', {
      turns: [
        { role: 'user', text: 'I live in Porto now', time: '2026-03-02T10:00:00Z' },
        { role: 'user', text: 'I live in Leeds', time: '2099-01-10T09:00:00Z' },
      ],
    });
    expect(ahead.isError).toBe(true);
    expect(textOf(ahead)).toMatch(/turns\.1\.time: dated 2099-01-10T09:00:00\.000Z, after this machine's clock/);
    // So does any turn the engine would refuse (here, one with no words), named by its place.
    const blank = await call(client, 'remember_conversation', { turns: [{ role: 'user', text: 'I live in Porto now' }, { role: 'user', text: '   ' }] });
    expect(blank.isError).toBe(true);
    expect(textOf(blank)).toMatch(/turns\.1\.text: content is empty/);
    await client.close();

    // The writes are in the memory file, attributed to MCP and to the client that made them.
    const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
    try {
      const fact = engine.getNode(factId).node;
      expect(fact).toMatchObject({ sourceType: 'mcp', sourceRole: 'vitest-agent', confidence: 1 });
      expect(fact.attributes).toMatchObject({ origin: 'mcp', mcp_client: 'vitest-agent', confirmed_by_client: 'vitest-agent' });
      expect(engine.getNode(correctedId).node).toMatchObject({ sourceType: 'mcp', sourceRole: 'vitest-agent' });
      expect(engine.getNode(correctedId).node.attributes).toMatchObject({ origin: 'mcp', mcp_client: 'vitest-agent' });
      expect(engine.getNode(seeded).node.invalidatedReason).toBe('superseded');
      const episodes = rec.episode_ids.map((id) => engine.getNode(id).node);
      expect(episodes.map((e) => [e.type, e.sourceType, e.sourceRole, e.sessionId])).toEqual([
        ['episodic', 'mcp', 'user', rec.session_id],
        ['episodic', 'mcp', 'assistant', rec.session_id],
      ]);
      expect(episodes[0]?.eventTime).toBe(Date.parse('2026-03-01T10:00:00Z'));
      expect(engine.listNodes({ types: ['episodic'] }).items.map((n) => n.content)).not.toContain('I live in Porto now');
      // Completed, so the write path consolidates it like a finished chat.
      expect(engine.getSession(rec.session_id)?.status).toBe('completed');
      expect(engine.listNodes({ sourceTypes: ['mcp'], types: ['semantic'] }).items.map((n) => n.id).sort()).toEqual([factId, correctedId].sort());
      // Undo works as for an edit made in the inspector.
      engine.undoCorrection({ newId: correctedId });
      expect(engine.getNode(seeded).node.validUntil).toBeNull();
    } finally {
      await engine.close();
    }
  }, 60_000);
});
