/**
 * Claude export (`conversations.json`): an array of conversations with `name`, `uuid`, `created_at` and
 * `chat_messages` ({ uuid, sender: human | assistant, text, content: [{ type, text }], created_at, files,
 * attachments }). Text comes from the `content` blocks of type text when there are any (tool use and results
 * are left out), else from `text`; attached files are noted as "[file: name]".
 */
import { z } from 'zod';
import type { ImportedConversation, ImportedMessage } from './types';
import { contentHash, storableText, titleFromText } from './text';

const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date');

const messageSchema = z.looseObject({
  uuid: z.string().optional(),
  sender: z.string(),
  text: z.string().nullish(),
  content: z.array(z.looseObject({ type: z.string().optional(), text: z.unknown().optional() })).nullish(),
  created_at: isoTime.nullish(),
  files: z.array(z.looseObject({ file_name: z.string().nullish() })).nullish(),
  attachments: z.array(z.looseObject({ file_name: z.string().nullish() })).nullish(),
});

const conversationSchema = z.looseObject({
  uuid: z.string().optional(),
  name: z.string().nullish(),
  created_at: isoTime.nullish(),
  chat_messages: z.array(z.unknown()),
});

export function isClaudeConversation(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'chat_messages' in value;
}

function messageText(m: z.output<typeof messageSchema>): string {
  const blocks = (m.content ?? []).filter((b) => b.type === 'text' && typeof b.text === 'string').map((b) => b.text as string);
  const body = blocks.length > 0 ? blocks.join('\n\n') : (m.text ?? '');
  const files = [...(m.attachments ?? []), ...(m.files ?? [])].map((f) => (f.file_name ? `[file: ${f.file_name}]` : '[file]'));
  return storableText([body, ...new Set(files)].filter((s) => s.trim() !== '').join('\n\n'));
}

export function claudeConversation(value: unknown): ImportedConversation | { error: string } {
  const parsed = conversationSchema.safeParse(value);
  if (!parsed.success) return { error: `not a Claude conversation: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}` };
  const conv = parsed.data;
  const convTime = conv.created_at ? Date.parse(conv.created_at) : 0;
  const convId = conv.uuid ?? contentHash(conv.name ?? '', conv.created_at ?? '');
  let lastTime = convTime;
  const messages: ImportedMessage[] = [];
  conv.chat_messages.forEach((raw, position) => {
    const m = messageSchema.safeParse(raw);
    if (!m.success) return;
    const role = m.data.sender === 'human' ? 'user' : m.data.sender === 'assistant' ? 'assistant' : null;
    if (!role) return;
    const text = messageText(m.data);
    if (!text) return;
    const time = m.data.created_at ? Date.parse(m.data.created_at) : lastTime;
    lastTime = time;
    messages.push({ key: `claude:${convId}:${m.data.uuid ?? `${position}:${contentHash(role, text)}`}`, role, text, time });
  });
  const title = conv.name?.trim() || titleFromText(messages[0]?.text ?? '', 'Imported Claude conversation');
  return { source: 'claude', key: `claude:${convId}`, title: storableText(title).slice(0, 200) || 'Imported Claude conversation', messages };
}
