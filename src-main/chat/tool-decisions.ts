/**
 * The person's answer to a memory write the model proposed (a `pending` tool call): Confirm writes it, tagged
 * as the model's and confirmed by the person; Dismiss writes nothing. Either is final.
 */
import type { ChatMessage, ChatSession, ToolCallRecord } from '../../src-shared/chat-types';
import type { ChatDeps } from './deps';
import { ChatError, chatNotFound as notFound } from './errors';
import { executeTool } from './tools';

/** The reply's tool calls with `toolCallId` resolved; `chat` is read only for a Confirm. */
export async function decideToolCall(
  deps: ChatDeps,
  message: ChatMessage,
  stillWriting: boolean,
  chat: () => ChatSession,
  toolCallId: string,
  decision: 'confirm' | 'dismiss',
): Promise<ToolCallRecord[]> {
  const index = message.toolCalls.findIndex((c) => c.id === toolCallId);
  const call = message.toolCalls[index];
  if (!call) throw notFound('Tool call', toolCallId);
  if (call.status !== 'pending') throw new ChatError('conflict', `This proposal was already ${call.status === 'dismissed' ? 'dismissed' : 'answered'}.`);
  // The reply's own loop rewrites its tool calls until it ends.
  if (stillWriting) throw new ChatError('conflict', 'The reply is still being written; confirm once it has finished.');
  let resolved: ToolCallRecord;
  if (decision === 'dismiss') {
    resolved = { ...call, status: 'dismissed', result: { saved: false, dismissed: true } };
  } else {
    const { noRemember, id: chatId, spaceId } = chat();
    const outcome = await executeTool(call.name, JSON.stringify(call.arguments), {
      memory: deps.memory,
      memorySessionId: noRemember ? null : message.memorySessionId,
      readOnly: noRemember,
      spaceId,
      modelWrite: { model: message.model, chat_id: chatId, approved: 'confirmed_by_person' },
    });
    resolved = outcome.ok ? { ...call, status: 'done', result: outcome.result, error: null } : { ...call, status: 'error', error: outcome.error };
  }
  return message.toolCalls.map((c, i) => (i === index ? resolved : c));
}
