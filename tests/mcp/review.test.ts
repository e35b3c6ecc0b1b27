/**
 * Issue 23: another app's writes wait for the person's review by default. The tool result says so (text and
 * structured), nothing is in memory until approval, and a correction supersedes only on approval.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { mcpClient as connect, textOf } from '../helpers/mcp-client';
import { openTestEngine } from '../helpers/temp-engine';

describe('MCP writes under review', () => {
  it('remember_fact and correct_fact answer that they wait for review; approval writes and supersedes', async () => {
    const { engine } = openTestEngine();
    const boston = engine.rememberFact({ content: 'Maria lives in Boston', sourceType: 'manual' });
    const client = await connect(engine);

    const remembered = (await client.callTool({ name: 'remember_fact', arguments: { content: 'Maria plays the violin' } })) as CallToolResult;
    expect(remembered.isError).toBeFalsy();
    expect(textOf(remembered)).toMatch(/waiting for the person's review/);
    expect(remembered.structuredContent).toMatchObject({ saved: false, waiting_for_review: true });
    const corrected = (await client.callTool({ name: 'correct_fact', arguments: { id: boston, content: 'Maria lives in Lisbon' } })) as CallToolResult;
    expect(corrected.structuredContent).toMatchObject({ saved: false, waiting_for_review: true, would_supersede: boston });

    expect(engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content)).toEqual(['Maria lives in Boston']);
    const pending = engine.listProposals();
    expect(pending.items.map((p) => [p.origin, p.sourceLabel, p.kind])).toEqual([
      ['mcp', 'Cursor', 'correction'],
      ['mcp', 'Cursor', 'new'],
    ]);
    // The same write again is not a second proposal.
    const again = (await client.callTool({ name: 'remember_fact', arguments: { content: 'Maria plays the violin' } })) as CallToolResult;
    expect((again.structuredContent as { proposal_id: string }).proposal_id).toBe((remembered.structuredContent as { proposal_id: string }).proposal_id);
    expect(engine.pendingProposalCount()).toBe(2);

    engine.bulkReview({ action: 'approve', origin: 'mcp' });
    expect(engine.getNode(boston).node.invalidatedReason).toBe('superseded');
    const current = engine.listNodes({ types: ['semantic'] }).items.map((n) => n.content).sort();
    expect(current).toEqual(['Maria lives in Lisbon', 'Maria plays the violin']);
    expect(engine.listNodes({ types: ['semantic'] }).items.every((n) => n.sourceType === 'mcp' && n.sourceRole === 'Cursor')).toBe(true);

    // Set to "at once", the same app writes directly again.
    engine.saveReviewSettings({ mcp: 'at_once' });
    const direct = (await client.callTool({ name: 'remember_fact', arguments: { content: 'Maria has a cat named Miso' } })) as CallToolResult;
    expect(textOf(direct)).toMatch(/Saved to memory/);
    await client.close();
  });
});
