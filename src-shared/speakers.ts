/**
 * Who said a remembered message, as packs, memory-only answers, the node panel and exports name them. Only
 * Engram's own replies are "Engram replied": an imported ChatGPT or Claude reply keeps its origin, a transcript
 * its speaker's name, and another app's conversation (over MCP) that app.
 */
import type { JsonObject } from './memory-types';

export interface SpokenNode {
  /** When given, a question reads "you asked", never as a statement ("you said"). */
  content?: string;
  sourceRole: string | null;
  sourceType: string | null;
  attributes: JsonObject;
}

/** The app an imported conversation came from (chat_sessions.import_source / attributes.import_source). */
const IMPORTED_ASSISTANT: Record<string, string> = { chatgpt: 'ChatGPT', claude: 'Claude', engram: 'Engram' };

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/** The speaker's name: "you" for the person, else who it was ("ChatGPT", "Caroline", "Engram"). */
export function speakerName(n: SpokenNode): string {
  const named = text(n.attributes.speaker);
  if (named) return named;
  if (n.sourceRole === 'user' || !n.sourceRole) return 'you';
  if (n.sourceRole !== 'assistant') return n.sourceRole;
  const imported = text(n.attributes.import_source);
  if (imported) return IMPORTED_ASSISTANT[imported] ?? 'the assistant';
  const app = text(n.attributes.mcp_client);
  if (app) return app;
  return n.sourceType === 'import' ? 'the assistant' : 'Engram';
}

/** "you said", "ChatGPT said", "Caroline said"; "Engram replied" only for Engram's own replies; "you asked" for a question. */
export function saidLabel(n: SpokenNode): string {
  const who = speakerName(n);
  if (n.content !== undefined && isQuestion(n.content)) return `${who} asked`;
  return who === 'Engram' ? 'Engram replied' : `${who} said`;
}

/** A message that asks rather than states: it ends with a question mark (after any closing quote or bracket). */
export function isQuestion(text: string): boolean {
  return /\?[\s"'”’)\]]*$/u.test(text.trim());
}

/**
 * Who said a turn, as the model reads it (packs, tool results): "user" for the person and "assistant" for its
 * own earlier replies (the words it is addressed with), else the speaker's own name ("ChatGPT", "Caroline").
 */
export function speakerForModel(n: SpokenNode): string {
  const who = speakerName(n);
  return who === 'you' ? 'user' : who === 'Engram' ? 'assistant' : who;
}

/**
 * A turn's words without the "Speaker: " prefix a transcript import writes into its content (`speaker`: the name
 * as the import wrote it); the content as it is when it has no such prefix.
 */
export function withoutSpeakerPrefix(content: string, speaker: string): string {
  const prefix = `${speaker}:`;
  return content.startsWith(prefix) ? content.slice(prefix.length).trim() : content;
}
