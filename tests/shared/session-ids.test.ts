import { describe, expect, it } from 'vitest';
import { chatIdOfSession, chatSessionId, isMcpSession, mcpSessionId, parseSessionId } from '../../src-shared/session-ids';

describe('session ids', () => {
  it('reads back what it builds', () => {
    const chatId = '3f1c2a9e-1b2c-4d5e-8f90-123456789abc';
    expect(chatSessionId(chatId, 2)).toBe(`chat-${chatId}-2`);
    expect(parseSessionId(chatSessionId(chatId, 2))).toEqual({ kind: 'chat', chatId, segment: 2 });
    expect(chatIdOfSession(chatSessionId(chatId, 12))).toBe(chatId);
    expect(mcpSessionId('claude-desktop', '2026-01-05-10-00-ab12cd')).toBe('mcp:claude-desktop:2026-01-05-10-00-ab12cd');
    expect(parseSessionId(mcpSessionId('cursor', 'a:b'))).toEqual({ kind: 'mcp', client: 'cursor', conversationId: 'a:b' });
    expect(isMcpSession(mcpSessionId('cursor', 'x'))).toBe(true);
  });

  it('names no chat for other sessions', () => {
    for (const id of ['import-2024', 'chat-', 'chat-abc', 'chat-abc-', 'mcp:', 'cli-1', '']) {
      expect(chatIdOfSession(id)).toBeNull();
    }
    expect(chatIdOfSession(null)).toBeNull();
    expect(parseSessionId('mcp:noconversation')).toEqual({ kind: 'other' });
    expect(isMcpSession('chat-a-1')).toBe(false);
  });
});
