/**
 * ChatGPT data export (`conversations.json`): an array of conversations, each a tree of messages in
 * `mapping` (node id → { message, parent, children }). Regenerated replies are sibling branches; the one the
 * person last saw ends at `current_node`, so only that branch is imported, walking `parent` links up.
 * Kept: user and assistant messages addressed to everyone, with text. Skipped: system and tool messages,
 * hidden ones (system prompts, memory and tool plumbing), assistant calls to tools, and empty messages.
 */
import { z } from 'zod';
import type { ImportedConversation, ImportedMessage } from './types';
import { contentHash, secondsToMs, storableText, titleFromText } from './text';

const seconds = z.number().finite().nonnegative().nullish(); // impossible times are refused per conversation (writer.ts)

const messageSchema = z.looseObject({
  id: z.string().optional(),
  author: z.looseObject({ role: z.string() }),
  create_time: seconds,
  content: z.looseObject({ content_type: z.string().optional(), parts: z.array(z.unknown()).optional(), text: z.unknown().optional() }).nullish(),
  recipient: z.string().nullish(),
  metadata: z.looseObject({}).nullish(),
});

const nodeSchema = z.looseObject({
  id: z.string().optional(),
  message: z.unknown().optional(),
  parent: z.string().nullish(),
});

const conversationSchema = z.looseObject({
  id: z.string().optional(),
  conversation_id: z.string().optional(),
  title: z.string().nullish(),
  create_time: seconds,
  current_node: z.string().nullish(),
  // Read as it is: a record schema copies keys into a fresh object, where a "__proto__" node id vanishes.
  mapping: z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'expected an object'),
});

type MessageTree = Map<string, z.output<typeof nodeSchema>>;

/** The mapping as a Map over its own keys (any string is a node id, "__proto__" too); unreadable nodes left out. */
function messageTree(mapping: Record<string, unknown>): MessageTree {
  const tree: MessageTree = new Map();
  for (const [id, raw] of Object.entries(mapping)) {
    const node = nodeSchema.safeParse(raw);
    if (node.success) tree.set(id, node.data);
  }
  return tree;
}

export function isChatGptConversation(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'mapping' in value;
}

/** Content types whose parts are what the person saw as the message. */
const TEXT_CONTENT_TYPES = new Set(['text', 'multimodal_text']);

/** One part of `content.parts`: a string, or an object (an image, a file, a voice transcription). */
function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (typeof part !== 'object' || part === null) return '';
  const p = part as Record<string, unknown>;
  const type = typeof p.content_type === 'string' ? p.content_type : '';
  if (type === 'audio_transcription' && typeof p.text === 'string') return p.text;
  // The recording behind a voice message: its transcription is the text.
  if (type.includes('audio')) return '';
  if (type.includes('image')) return '[image]';
  return '[file]';
}

function attachmentNotes(metadata: Record<string, unknown> | null | undefined): string[] {
  const attachments = metadata?.attachments;
  if (!Array.isArray(attachments)) return [];
  return attachments.map((a) => {
    const name = typeof a === 'object' && a !== null && typeof (a as { name?: unknown }).name === 'string' ? (a as { name: string }).name : '';
    const mime = typeof a === 'object' && a !== null && typeof (a as { mime_type?: unknown }).mime_type === 'string' ? (a as { mime_type: string }).mime_type : '';
    return mime.startsWith('image/') ? '[image]' : name ? `[file: ${name}]` : '[file]';
  });
}

function isHidden(metadata: Record<string, unknown> | null | undefined): boolean {
  return metadata?.is_visually_hidden_from_conversation === true || metadata?.is_user_system_message === true;
}

/** The leaf of the branch to import: `current_node`, or (older exports) the newest leaf. */
function branchLeaf(mapping: MessageTree, current: string | null | undefined): string | undefined {
  if (current && mapping.has(current)) return current;
  const parents = new Set([...mapping.values()].flatMap((n) => (n.parent ? [n.parent] : [])));
  let best: { id: string; t: number } | undefined;
  for (const [id, node] of mapping) {
    if (parents.has(id)) continue;
    const m = messageSchema.safeParse(node.message);
    const t = m.success ? (m.data.create_time ?? 0) : 0;
    if (!best || t >= best.t) best = { id, t };
  }
  return best?.id;
}

export function chatGptConversation(value: unknown): ImportedConversation | { error: string } {
  const parsed = conversationSchema.safeParse(value);
  if (!parsed.success) return { error: `not a ChatGPT conversation: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}` };
  const conv = parsed.data;
  const mapping = messageTree(conv.mapping);
  const convId = conv.conversation_id ?? conv.id ?? contentHash(conv.title ?? '', conv.create_time ?? 0, [...mapping.keys()].sort()[0]);
  const leaf = branchLeaf(mapping, conv.current_node);
  // Every node is some node's parent: the tree is a cycle with no last message to walk back from.
  if (leaf === undefined && mapping.size > 0) return { error: 'its message tree has no last message (the parent links form a cycle)' };
  // Walk from the leaf to the root; a cycle (a broken file) stops the walk rather than looping.
  const branch: string[] = [];
  const seen = new Set<string>();
  for (let id = leaf; id !== undefined && !seen.has(id); id = mapping.get(id)?.parent ?? undefined) {
    seen.add(id);
    branch.push(id);
  }
  branch.reverse();

  const fallbackTime = secondsToMs(conv.create_time ?? 0);
  let lastTime = fallbackTime;
  const messages: ImportedMessage[] = [];
  for (const nodeId of branch) {
    const m = messageSchema.safeParse(mapping.get(nodeId)?.message);
    if (!m.success) continue;
    const msg = m.data;
    const role = msg.author.role;
    if (role !== 'user' && role !== 'assistant') continue;
    if (isHidden(msg.metadata)) continue;
    if (msg.recipient && msg.recipient !== 'all') continue; // an assistant's call to a tool
    const contentType = msg.content?.content_type ?? 'text';
    if (!TEXT_CONTENT_TYPES.has(contentType)) continue;
    const parts = (msg.content?.parts ?? []).map(partText).filter((p) => p.trim() !== '');
    const notes = attachmentNotes(msg.metadata);
    // Only placeholders and no words: nothing was said that memory could use, but the chat keeps the turn.
    const text = storableText([...parts, ...notes.filter((n) => !parts.includes(n))].join('\n\n'));
    if (!text) continue;
    const time = msg.create_time != null ? secondsToMs(msg.create_time) : lastTime;
    lastTime = time;
    messages.push({ key: `chatgpt:${convId}:${msg.id ?? nodeId}`, role, text, time });
  }
  const title = conv.title?.trim() || titleFromText(messages[0]?.text ?? '', 'Imported ChatGPT conversation');
  return { source: 'chatgpt', key: `chatgpt:${convId}`, title: storableText(title).slice(0, 200) || 'Imported ChatGPT conversation', messages };
}
