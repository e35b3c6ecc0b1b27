/**
 * Memory session ids, built and read in one place. A chat records into `chat-<chatId>-<segment>` (a new
 * segment after inactivity, "don't remember" or a new chat); an imported conversation into its chat's segment
 * 1; a conversation another app recorded over MCP into `mcp:<client>:<conversation>`. Anything else (the CLI,
 * a test) is a session of its own with no chat behind it.
 */

const CHAT_SESSION = /^chat-(.+)-(\d+)$/;
export const MCP_SESSION_PREFIX = 'mcp:';

export type ParsedSessionId =
  | { kind: 'chat'; chatId: string; segment: number }
  | { kind: 'mcp'; client: string; conversationId: string }
  | { kind: 'other' };

/** The memory session of a chat's `segment`-th stretch of conversation (1 for an imported chat). */
export function chatSessionId(chatId: string, segment: number): string {
  return `chat-${chatId}-${segment}`;
}

/** The memory session of a conversation another app recorded over MCP. */
export function mcpSessionId(client: string, conversationId: string): string {
  return `${MCP_SESSION_PREFIX}${client}:${conversationId}`;
}

export function isMcpSession(sessionId: string): boolean {
  return sessionId.startsWith(MCP_SESSION_PREFIX);
}

/** What a session id says of where its episodes came from. An MCP client's name is read up to the first colon. */
export function parseSessionId(sessionId: string): ParsedSessionId {
  const chat = CHAT_SESSION.exec(sessionId);
  if (chat?.[1] && chat[2]) return { kind: 'chat', chatId: chat[1], segment: Number(chat[2]) };
  if (isMcpSession(sessionId)) {
    const rest = sessionId.slice(MCP_SESSION_PREFIX.length);
    const colon = rest.indexOf(':');
    if (colon > 0) return { kind: 'mcp', client: rest.slice(0, colon), conversationId: rest.slice(colon + 1) };
  }
  return { kind: 'other' };
}

/** Which chat a memory session belongs to; null for sessions that are not a chat's. */
export function chatIdOfSession(sessionId: string | null): string | null {
  if (!sessionId) return null;
  const parsed = parseSessionId(sessionId);
  return parsed.kind === 'chat' ? parsed.chatId : null;
}
