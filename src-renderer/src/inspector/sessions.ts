/** Memory sessions of chats are named `chat-<chatId>-<n>` (src-main/chat/repo.ts). */
export function chatIdOfSession(sessionId: string | null): string | null {
  const m = sessionId ? /^chat-(.+)-\d+$/.exec(sessionId) : null;
  return m?.[1] ?? null;
}
