/**
 * An MCP client bound to one space (Settings, or `engram mcp --space NAME`) reads that space plus facts marked
 * everywhere and writes only there: a real SDK client over the SDK's in-memory transport.
 */
import { describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { PERSONAL_SPACE_ID } from '../../src-shared/spaces';
import { callTool as call, mcpClient, textOf } from '../helpers/mcp-client';
import { openTestEngine } from '../helpers/temp-engine';

const boundClient = (engine: MemoryEngine, spaceId: string) => mcpClient(engine, { writeRefusal: 'no', version: '0', spaceId: () => spaceId });

describe('MCP bound to a space', () => {
  it('a client bound to Work cannot read or write Personal', async () => {
    const { engine } = openTestEngine();
    // Writes from other apps wait for review by default; this test is about where they land once remembered.
    engine.saveReviewSettings({ mcp: 'at_once' });
    const work = engine.createSpace({ name: 'Work' });
    const personal = engine.rememberFact({ content: 'User has a dentist appointment about a wisdom tooth' });
    const everywhere = engine.rememberFact({ content: 'User prefers to be called Sam', everywhere: true });
    const workFact = engine.rememberFact({ content: 'The dentist software invoice is due Friday', spaceId: work.id });
    await engine.drainSlowPath();
    const client = await boundClient(engine, work.id);

    // Read: Work's fact and the one marked everywhere, never Personal's.
    const found = await call(client, 'search_memory', { query: 'dentist appointment wisdom tooth', limit: 20 });
    const hitIds = ((found.structuredContent as { results: { id: string }[] }).results ?? []).map((r) => r.id);
    expect(hitIds).toContain(workFact);
    expect(hitIds).not.toContain(personal);
    expect((await call(client, 'search_memory', { query: 'what should I call the user' })).structuredContent).toMatchObject({ results: expect.arrayContaining([expect.objectContaining({ id: everywhere })]) });

    // Write: Personal's fact is not found; the one marked everywhere belongs to Personal and is refused too.
    const correct = await call(client, 'correct_fact', { id: personal, content: 'User has no dentist appointment' });
    expect(correct.isError).toBe(true);
    expect(textOf(correct)).toMatch(/does not exist/);
    const confirm = await call(client, 'confirm_fact', { id: everywhere });
    expect(confirm.isError).toBe(true);
    expect(textOf(confirm)).toMatch(/another space/);
    expect(engine.getNode(personal).node.validUntil).toBeNull();
    expect(engine.getNode(personal).node.content).toBe('User has a dentist appointment about a wisdom tooth');

    // New memories go to Work, conversations too.
    const saved = await call(client, 'remember_fact', { content: 'The team standup moved to 9:30' });
    const savedId = (saved.structuredContent as { id: string }).id;
    expect(engine.getNode(savedId).node.spaceId).toBe(work.id);
    const recorded = await call(client, 'remember_conversation', { conversation_id: 'c1', turns: [{ role: 'user', text: 'Ship the release on Monday' }] });
    const episodeId = (recorded.structuredContent as { episode_ids: string[] }).episode_ids[0] as string;
    expect(engine.getNode(episodeId).node.spaceId).toBe(work.id);
    expect(engine.getSession((recorded.structuredContent as { session_id: string }).session_id)?.spaceId).toBe(work.id);

    // The same conversation continued by a client bound to Personal cannot pour into Work's session.
    const other = await boundClient(engine, PERSONAL_SPACE_ID);
    const continued = await call(other, 'remember_conversation', { conversation_id: 'c1', turns: [{ role: 'user', text: 'more' }] });
    expect(continued.isError).toBe(true);
    await client.close();
    await other.close();
  });
});
