/** The text another app's model reads after a tool call: counts with the noun that fits them. */
import { describe, expect, it } from 'vitest';
import { summarize } from '../../src-main/mcp/summaries';

describe('MCP tool summaries', () => {
  it('says "1 turn" and "2 turns"', () => {
    expect(summarize('remember_conversation', { recorded: 1, conversation_id: 'c1' })).toMatch(/^Recorded 1 turn as conversation c1;/);
    expect(summarize('remember_conversation', { recorded: 2, conversation_id: 'c2' })).toMatch(/^Recorded 2 turns as conversation c2;/);
  });
});
