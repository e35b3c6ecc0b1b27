/**
 * Deleting a chat and the preview its dialog shows. The chat's messages and stored packs leave the chat tables;
 * what memory learned from it is kept, forgotten or erased by the person's choice (see ChatService.delete).
 */
import type { ChatDeleteMode, ChatDeletePreview, ChatDeleteResult, ChatSession } from '../../src-shared/chat-types';
import { nowOf, type ChatDeps } from './deps';
import { withoutErasedQuotes } from './prompt';
import type { MemorySegments } from './segments';

/** The counts the delete dialog shows for each of its choices; nothing is changed. */
export async function previewDelete(deps: ChatDeps, chatId: string): Promise<ChatDeletePreview> {
  const { memory } = deps;
  const { chats } = memory;
  await memory.flush();
  const sessions = chats.memorySessionsOf(chatId);
  const current = memory.learnedFromSessions(sessions);
  const all = memory.previewErase(sessions);
  return {
    messages: chats.countMessages(chatId),
    keep: { episodes: current.episodeIds.length, facts: current.factIds.length },
    forget: {
      episodes: current.episodeIds.length,
      facts: current.factIds.length,
      packs: chats.countPacksQuoting([...current.episodeIds, ...current.factIds]),
    },
    erase: {
      episodes: all.episodeIds.length,
      facts: all.factIds.length,
      factsLosingSupport: all.supportedElsewhereIds.length,
      factsCurrentAgain: all.versions.currentAgainIds.length,
      packs: chats.countPacksQuoting([...all.episodeIds, ...all.factIds]),
      answers: answersQuoting(deps, chatId, all.contents).length,
    },
  };
}

/** Deletes a chat whose replies have stopped; see ChatService.delete for what each mode does. */
export async function deleteChat(deps: ChatDeps, segments: MemorySegments, chat: ChatSession, mode: ChatDeleteMode): Promise<ChatDeleteResult> {
  const { memory } = deps;
  const { chats } = memory;
  await memory.flush();
  const messages = chats.countMessages(chat.id);
  const sessions = chats.memorySessionsOf(chat.id);
  const segmentOpen = chat.memorySessionOpen && chat.memorySessionId ? chat.memorySessionId : null;
  if (segmentOpen) chats.closeMemorySegment(chat.id);
  if (mode === 'erase') return erase(deps, chat.id, sessions, messages);
  if (mode === 'keep' && segmentOpen) segments.complete(chat, 'archived');
  const forgotten = mode === 'forget' ? memory.forgetLearnedFromSessions(sessions) : { episodeIds: [], factIds: [] };
  // Completed only after its episodes were forgotten: consolidation then finds nothing left to learn.
  if (mode === 'forget' && segmentOpen) memory.markSessionCompleted(segmentOpen);
  const packs = await memory.writeWhenFree(() => {
    chats.deleteChat(chat.id);
    return chats.dropPacksQuoting([...forgotten.episodeIds, ...forgotten.factIds]);
  });
  const counts = { episodes: forgotten.episodeIds.length, facts: forgotten.factIds.length, factsLosingSupport: 0, factsCurrentAgain: 0, packs, answers: 0 };
  return { deleted: true, mode, messages, ...counts, walCleared: null };
}

function erase(deps: ChatDeps, chatId: string, sessions: string[], messages: number): ChatDeleteResult {
  const { chats } = deps.memory;
  const { erased, result, walCleared } = deps.memory.eraseLearnedFromSessions(sessions, (found) => {
    const answers = answersQuoting(deps, chatId, found.contents);
    for (const a of answers) chats.updateMessage(a.id, { content: a.content }, nowOf(deps));
    chats.deleteChat(chatId);
    return { packs: chats.dropPacksQuoting([...found.episodeIds, ...found.factIds]), answers: answers.length };
  });
  if (!walCleared) deps.logger.warn('erase: another program was reading the memory, so its WAL could not be truncated yet');
  return {
    deleted: true,
    mode: 'erase',
    messages,
    episodes: erased.episodeIds.length,
    facts: erased.factIds.length,
    factsLosingSupport: erased.supportedElsewhereIds.length,
    factsCurrentAgain: erased.versions.currentAgainIds.length,
    ...result,
    walCleared,
  };
}

/** Memory-only answers of other chats that quote one of these texts, with the quotes replaced. */
function answersQuoting(deps: ChatDeps, chatId: string, texts: readonly string[]): { id: string; content: string }[] {
  if (texts.length === 0) return [];
  return deps.memory.chats.offlineAnswers(chatId).flatMap((a) => {
    const content = withoutErasedQuotes(a.content, texts);
    return content === null ? [] : [{ id: a.id, content }];
  });
}
