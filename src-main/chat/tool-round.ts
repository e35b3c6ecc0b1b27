/**
 * The memory tools a model called in one turn: each runs against memory, its record on the reply is kept up
 * to date for the chat's chips, and its result goes back to the model as a `tool` message.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolCallRecord } from '../../src-shared/chat-types';
import type { StreamedTurn } from './stream';
import { executeTool, type ToolContext } from './tools';

/** Runs the turn's tool calls in order; `progress` is told as each starts (with the text so far) and ends. */
export async function runToolRound(
  turn: StreamedTurn,
  messages: ChatCompletionMessageParam[],
  records: ToolCallRecord[],
  tools: ToolContext,
  progress: { started(): void; finished(): void },
): Promise<void> {
  messages.push({
    role: 'assistant',
    content: turn.content || null,
    tool_calls: turn.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
  });
  for (const call of turn.toolCalls) {
    const record: ToolCallRecord = { id: call.id, name: call.name, arguments: call.arguments, status: 'running', result: null, error: null };
    records.push(record);
    progress.started();
    const outcome = await executeTool(call.name, call.arguments, tools);
    record.arguments = outcome.arguments;
    if (outcome.ok) {
      record.status = outcome.pending ? 'pending' : 'done';
      record.result = outcome.result;
    } else {
      record.status = 'error';
      record.error = outcome.error;
    }
    progress.finished();
    messages.push({
      role: 'tool',
      tool_call_id: call.id,
      content: JSON.stringify(outcome.ok ? outcome.result : { error: outcome.error }),
    });
  }
}
