/**
 * The whole prompt fits the model (seed 003: token-budget windowing with incremental summarisation).
 * System prompt, recalled memory, tool definitions, tool results and history are counted with the tokenizer
 * against the model's context length, with room kept for the reply. The newest turns go whole; the ones
 * that no longer fit are folded into an extractive summary of the conversation rather than cut, and the
 * memory block is never what gets dropped: history and tool results give way first.
 */
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { countTokens, truncateToTokens } from '../memory';

/** Per-message framing the chat template adds (role markers, separators). */
const MESSAGE_OVERHEAD = 4;
/** Room kept for the reply: a fifth of the window, at most this much. */
const MAX_REPLY_RESERVE = 2048;
/** The running summary may take this share of the window. */
const SUMMARY_SHARE = 0.15;
/** The recalled-memory block may take this share of the window (the pack is built to fit it). */
export const MEMORY_SHARE = 0.3;

export function replyReserve(contextLength: number): number {
  return Math.min(MAX_REPLY_RESERVE, Math.floor(contextLength * 0.2));
}

/** Tokens the memory block may use in a window of this size. */
export function memoryBudget(contextLength: number): number {
  return Math.max(50, Math.floor(contextLength * MEMORY_SHARE));
}

export function messageTokens(m: ChatCompletionMessageParam): number {
  const content = typeof m.content === 'string' ? m.content : m.content ? JSON.stringify(m.content) : '';
  const calls = 'tool_calls' in m && m.tool_calls ? JSON.stringify(m.tool_calls) : '';
  return MESSAGE_OVERHEAD + countTokens(content) + (calls ? countTokens(calls) : 0);
}

export function promptTokens(messages: readonly ChatCompletionMessageParam[], toolsJson = ''): number {
  return 3 + messages.reduce((n, m) => n + messageTokens(m), 0) + (toolsJson ? countTokens(toolsJson) : 0);
}

export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** One line per folded turn: who, and the gist (first sentence, cut to `perTurn` tokens). */
function summaryLine(turn: HistoryTurn, perTurn: number): string {
  const text = turn.content.replace(/\s+/g, ' ').trim();
  const first = /^(.{20,}?[.!?])(\s|$)/u.exec(text)?.[1] ?? text;
  return `- ${turn.role === 'user' ? 'User' : 'Assistant'}: ${truncateToTokens(first, perTurn)}`;
}

/**
 * Extractive summary of the folded turns within `budget` tokens: every turn gets a line while they fit,
 * shorter lines when they do not, and when even that is too long the oldest lines give way to a count.
 */
export function summarise(turns: readonly HistoryTurn[], budget: number): string {
  if (turns.length === 0 || budget <= 0) return '';
  for (const perTurn of [40, 20, 10]) {
    const lines = turns.map((t) => summaryLine(t, perTurn));
    const text = lines.join('\n');
    if (countTokens(text) <= budget) return text;
  }
  const lines = turns.map((t) => summaryLine(t, 10));
  const kept: string[] = [];
  let used = countTokens('(00000 earlier turns not summarised)\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const cost = countTokens(`${lines[i] as string}\n`);
    if (used + cost > budget) break;
    kept.unshift(lines[i] as string);
    used += cost;
  }
  const left = turns.length - kept.length;
  return [left > 0 ? `(${left} earlier turns not summarised)` : '', ...kept].filter(Boolean).join('\n');
}

export interface WindowPlan {
  messages: ChatCompletionMessageParam[];
  /** The summary that went into the system prompt ('' when every turn fit). */
  summary: string;
  /** Turns folded into the summary. */
  folded: number;
  tokens: number;
}

/**
 * Plans the request: `system(summary)` renders the system prompt (with the memory block) for a summary,
 * `history` is oldest first, `toolsJson` the tool definitions sent with it. The newest turns that fit are
 * sent whole, the rest are summarised. If even the system prompt and the question do not fit, the question
 * is shortened (a message larger than the model's window could never be answered whole).
 */
export function planWindow(input: {
  contextLength: number;
  system: (summary: string) => string;
  history: readonly HistoryTurn[];
  user: string;
  toolsJson: string;
}): WindowPlan {
  const limit = input.contextLength - replyReserve(input.contextLength);
  const toolsTokens = input.toolsJson ? countTokens(input.toolsJson) : 0;
  const bare = input.system('');
  let user = input.user;
  const fixed = (): number => 3 + toolsTokens + messageTokens({ role: 'system', content: bare }) + messageTokens({ role: 'user', content: user });
  if (fixed() > limit) {
    // Leave the question room, whatever the memory block took: a quarter of the window at least.
    const room = Math.max(Math.floor(limit / 4), limit - (fixed() - countTokens(user)));
    user = `${truncateToTokens(user, room)}\n\n[Engram shortened this message to fit the model's context window.]`;
  }
  const summaryBudget = Math.floor(input.contextLength * SUMMARY_SHARE);
  // Newest first: take turns whole while they fit next to a summary of the rest.
  const kept: HistoryTurn[] = [];
  let used = fixed();
  const reserveForSummary = input.history.length > 0 ? summaryBudget + 30 : 0;
  for (let i = input.history.length - 1; i >= 0; i--) {
    const turn = input.history[i] as HistoryTurn;
    const cost = messageTokens({ role: turn.role, content: turn.content });
    const needsSummary = i > 0 ? reserveForSummary : 0;
    if (used + cost + needsSummary > limit) break;
    kept.unshift(turn);
    used += cost;
  }
  const foldedTurns = input.history.slice(0, input.history.length - kept.length);
  let summary = '';
  let system = bare;
  if (foldedTurns.length > 0) {
    summary = summarise(foldedTurns, Math.min(summaryBudget, limit - used));
    system = input.system(summary);
    // The rendered summary may cost a few tokens more than counted (framing): drop the oldest whole turns then.
    while (kept.length > 0 && used - messageTokens({ role: 'system', content: bare }) + messageTokens({ role: 'system', content: system }) > limit) {
      const dropped = kept.shift() as HistoryTurn;
      used -= messageTokens({ role: dropped.role, content: dropped.content });
      foldedTurns.push(dropped);
      summary = summarise(foldedTurns, Math.min(summaryBudget, limit - used));
      system = input.system(summary);
    }
  }
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: system },
    ...kept.map((t): ChatCompletionMessageParam => ({ role: t.role, content: t.content })),
    { role: 'user', content: user },
  ];
  return { messages, summary, folded: foldedTurns.length, tokens: promptTokens(messages, input.toolsJson) };
}

/**
 * Between tool rounds: when the tool results pushed the request over the window, the largest tool results
 * are shortened (they were shown in full in the chat's tool chips); the system prompt is left alone.
 */
export function fitToolResults(messages: ChatCompletionMessageParam[], contextLength: number, toolsJson: string): void {
  const limit = contextLength - replyReserve(contextLength);
  let total = promptTokens(messages, toolsJson);
  const tools = messages
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.role === 'tool')
    .sort((a, b) => messageTokens(b.m) - messageTokens(a.m));
  for (const { m, i } of tools) {
    if (total <= limit) return;
    const content = typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
    const before = messageTokens(m);
    const room = Math.max(20, countTokens(content) - (total - limit) - 10);
    const shortened = { ...m, content: `${truncateToTokens(content, room)} [result shortened to fit the context window]` } as ChatCompletionMessageParam;
    messages[i] = shortened;
    total += messageTokens(shortened) - before;
  }
}
