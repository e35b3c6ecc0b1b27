/** The system prompt (with the injected context pack, ADR 008 §14) and the memory-only answer (§17). */
import type { ContextPack, SearchHit } from '../memory/retrieval/types';

export function systemPrompt(options: { pack: ContextPack | null; memoryEnabled: boolean; now: number }): string {
  const lines = [
    'You are Engram, a personal assistant with a long-term memory the user can see and edit.',
    `Current time: ${new Date(options.now).toISOString()}.`,
    'Answer clearly and concisely; use Markdown where it helps.',
  ];
  if (!options.memoryEnabled) {
    lines.push('Memory is switched off for this conversation: you cannot look anything up or save anything.');
    return lines.join('\n');
  }
  lines.push(
    'Use the memory tools: search_memory when the user refers to something from the past, remember_fact when they state something worth keeping,',
    'correct_fact when they say a remembered fact is wrong, confirm_fact when they confirm one. Never invent memories.',
  );
  if (options.pack && options.pack.markdown.trim() !== '') {
    lines.push('', '## What you remember that may be relevant', '', options.pack.markdown.trim());
  }
  return lines.join('\n');
}

export interface OfflineAnswerInput {
  /** Why no model answered: missing configuration, or the failure that made us fall back. */
  why: string;
  hits: SearchHit[] | null;
}

const typeLabel: Record<string, string> = {
  semantic: 'fact',
  procedural: 'how-to',
  opinion: 'opinion',
  episodic: 'you said',
};

/** A clearly labelled answer built only from memory. */
export function offlineAnswer({ why, hits }: OfflineAnswerInput): string {
  const head = `**Memory-only answer** — ${why}`;
  if (hits === null) return `${head}\n\nMemory is switched off for this chat, so there is nothing to look up.`;
  if (hits.length === 0) return `${head}\n\nI don't remember anything relevant to this yet. I've recorded your message.`;
  const items = hits.map((h) => {
    const oneLine = h.node.content.replace(/\s+/g, ' ').trim();
    const text = oneLine.length > 280 ? `${oneLine.slice(0, 279)}…` : oneLine;
    const when = h.event_time_relative ? ` · ${h.event_time_relative}` : '';
    return `- ${escapeMarkdown(text)} _(${typeLabel[h.node.type] ?? h.node.type}${when})_`;
  });
  return `${head}\n\nHere is what I remember that looks relevant:\n\n${items.join('\n')}`;
}

/** Remembered text is shown as text, not re-interpreted as Markdown structure. */
function escapeMarkdown(s: string): string {
  return s.replace(/([\\`*_[\]#<>|])/g, '\\$1');
}
