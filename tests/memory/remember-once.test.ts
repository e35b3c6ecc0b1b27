/**
 * A fact said again word for word is restated, not written twice: by a model's remember_fact in the chat or over MCP
 * (at once, outside review), and by a person adding it in the inspector. The one fact cites every message that said it.
 */
import { describe, expect, it } from 'vitest';
import { callTool, mcpClient, textOf } from '../helpers/mcp-client';
import { openTestHost } from '../helpers/app-host';
import { openTestEngine } from '../helpers/temp-engine';

describe('remembering a fact memory already holds', () => {
  it('restates the current fact of the same space, citing both messages; other words, spaces and past versions are new facts', async () => {
    const { engine } = openTestEngine();
    const first = engine.recordEpisode({ sessionId: 'chat-a', role: 'user', content: 'my sister Ana lives in Porto' });
    const second = engine.recordEpisode({ sessionId: 'chat-b', role: 'user', content: 'Ana is still in Porto btw' });
    await engine.flush();
    const one = engine.rememberOnce({ content: 'Ana lives in Porto', derivedFrom: [first] });
    expect(one.restated).toBe(false);
    expect(engine.rememberOnce({ content: 'ana lives in porto.', derivedFrom: [second] })).toEqual({ id: one.id, restated: true });
    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content)).toEqual(['Ana lives in Porto']);
    expect(engine.getNode(one.id).derivedFrom.map((n) => n.id).sort()).toEqual([first, second].sort());

    expect(engine.rememberOnce({ content: 'Ana lives in Porto with Rui' }).restated).toBe(false);
    const work = engine.createSpace({ name: 'Work' });
    const inWork = engine.rememberOnce({ content: 'Ana lives in Porto', spaceId: work.id });
    expect(inWork.restated).toBe(false);
    expect(inWork.id).not.toBe(one.id);
    // A version no longer current is history: saying it again is a fact of its own, not a restatement of the past.
    engine.correctFact({ id: one.id, content: 'Ana lives in Lisbon' });
    expect(engine.rememberOnce({ content: 'Ana lives in Porto' }).restated).toBe(false);
    expect(engine.listNodes({ types: ['semantic'] }).items.filter((n) => n.validUntil === null && n.content === 'Ana lives in Porto')).toHaveLength(2);
  });

  it("MCP's remember_fact at once, twice: one fact, the second call says it was already remembered", async () => {
    const { engine } = openTestEngine();
    engine.saveReviewSettings({ mcp: 'at_once' });
    const client = await mcpClient(engine, { writeRefusal: 'no', version: '0' });
    const saved = await callTool(client, 'remember_fact', { content: 'The team standup moved to 9:30' });
    const again = await callTool(client, 'remember_fact', { content: 'The team standup moved to 9:30' });
    const id = (saved.structuredContent as { id: string }).id;
    expect(saved.structuredContent).not.toHaveProperty('already_remembered');
    expect(again.structuredContent).toMatchObject({ id, saved: true, already_remembered: true });
    expect(textOf(again)).toMatch(/already held this fact.*not saved twice/);
    expect(engine.listNodes({ types: ['semantic'] }).items).toHaveLength(1);
    await client.close();
  });

  it("the inspector's add fact answers restated for a fact already held", async () => {
    const { host } = openTestHost();
    const added = await host.dispatch('memory.rememberFact', { content: 'Grace is learning the violin' });
    const again = await host.dispatch('memory.rememberFact', { content: 'Grace is learning the violin' });
    expect(added).toMatchObject({ ok: true, value: { restated: false } });
    const id = added.ok ? (added.value as { id: string }).id : '';
    expect(again).toMatchObject({ ok: true, value: { id, restated: true } });
  });
});
