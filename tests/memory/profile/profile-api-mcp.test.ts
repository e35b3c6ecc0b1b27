/**
 * The profile through its doors: the API contract (zod-validated, typed errors) on a real AppHost, and MCP's
 * `get_profile` tool and `engram://profile` resource through the SDK's own client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src-main/api/contract';
import { createEngramMcpServer } from '../../../src-main/mcp/server';
import type { Profile } from '../../../src-shared/profile-types';
import { openTestHost } from '../../helpers/app-host';
import { openTestEngine } from '../../helpers/temp-engine';

const ok = <T>(e: Envelope<unknown>): T => {
  if (!e.ok) throw new Error(`expected ok, got ${e.error.code}: ${e.error.message}`);
  return e.value as T;
};

describe('the profile over the API', () => {
  it('reads the profile, pins and hides through validated calls, and refuses bad input with typed errors', async () => {
    const { host } = openTestHost();
    const { id } = ok<{ id: string }>(await host.dispatch('memory.rememberFact', { content: 'User is learning Portuguese this month' }));
    const profile = ok<Profile>(await host.dispatch('memory.profile', {}));
    expect(profile.dynamic.map((l) => l.nodeId)).toEqual([id]);

    expect(ok(await host.dispatch('memory.setProfilePin', { id, state: 'hidden' }))).toEqual({ id, state: 'hidden', previous: 'auto' });
    expect(ok<Profile>(await host.dispatch('memory.profile', {})).hidden.map((h) => h.nodeId)).toEqual([id]);

    const badState = await host.dispatch('memory.setProfilePin', { id, state: 'sticky' });
    expect(!badState.ok && badState.error.code).toBe('invalid_input');
    const extra = await host.dispatch('memory.profile', { everything: true });
    expect(!extra.ok && extra.error.code).toBe('invalid_input');
    // As of a date before the fact was learned, the profile had nothing; a date that is no date is refused.
    expect(ok<Profile>(await host.dispatch('memory.profile', { asOf: Date.parse('2000-01-01T00:00:00Z') })).dynamic).toEqual([]);
    const notADate = await host.dispatch('memory.profile', { asOf: 'yesterday-ish' });
    expect(!notADate.ok && notADate.error.code).toBe('invalid_input');
    // What an as-of read leaves out for having been learned later: none here (the fact is no message); a bad date refused.
    expect(ok(await host.dispatch('memory.learnedLater', { asOf: Date.parse('2000-01-01T00:00:00Z') }))).toEqual({ count: 0, firstLearnedAt: null });
    const laterBad = await host.dispatch('memory.learnedLater', { asOf: 'soon' });
    expect(!laterBad.ok && laterBad.error.code).toBe('invalid_input');
    const missing = await host.dispatch('memory.setProfilePin', { id: 'no-such-node', state: 'pinned' });
    expect(!missing.ok && missing.error.code).toBe('not_found');
  });
});

describe('the profile over MCP', () => {
  it('get_profile and engram://profile answer an SDK client with the static and dynamic parts', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    const home = engine.rememberFact({ content: 'User lives in Lisbon', sourceType: 'manual', attributes: { slot: 'user.residence' } });
    engine.setProfilePin({ id: home, state: 'pinned' });
    const project = engine.rememberFact({ content: 'User is writing a novel called Tide', sourceType: 'extraction' });
    const server = createEngramMcpServer({ memory: engine, writesAllowed: () => false, writeRefusal: 'read-only', version: 'test' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'vitest-profile', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const tools = await client.listTools();
      expect(tools.tools.find((t) => t.name === 'get_profile')?.annotations?.readOnlyHint).toBe(true);

      const result = (await client.callTool({ name: 'get_profile', arguments: {} })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        static: [{ id: home, content: 'User lives in Lisbon', pinned: true }],
        dynamic: [{ id: project, content: 'User is writing a novel called Tide' }],
      });
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      expect(text).toMatch(/^What Engram knows about you/);
      expect(text).toContain('- User lives in Lisbon [pinned]');

      const resources = await client.listResources();
      expect(resources.resources.map((r) => r.uri)).toContain('engram://profile');
      const read = await client.readResource({ uri: 'engram://profile' });
      const body = read.contents[0] && 'text' in read.contents[0] ? JSON.parse(read.contents[0].text) : null;
      expect(body.dynamic.map((l: { id: string }) => l.id)).toEqual([project]);

      // A forgotten fact leaves what the next call reads.
      engine.forget(project);
      const again = (await client.callTool({ name: 'get_profile', arguments: {} })) as CallToolResult;
      expect(again.structuredContent).toMatchObject({ dynamic: [] });
    } finally {
      await client.close();
      await server.close();
    }
  });
});
