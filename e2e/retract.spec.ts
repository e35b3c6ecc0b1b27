/**
 * Retract by source and replay a reply (issue 23): a chat corrects "Paris" to "Lisbon"; "Why this answer" for an
 * earlier reply replays on today's memory and shows the fact as changed; the node panel's "What did memory learn
 * from this?" previews the retract of that conversation (Lisbon forgotten, Paris current again), applies it,
 * and its undo toast puts it back; then a re-extract of the conversation with a (scripted) better model shows
 * its difference before Apply, and is undone. Screenshots at 1280×800 and 1024×640. Then the chat's own entries: a message's
 * "⋯" menu (by keyboard) and the chat's menu open the same preview for that message and that chat.
 */
import { chatChunk } from '../tests/helpers/scripted-openai-server';
import { memoryAgent } from '../tests/helpers/scripted-memory-agent';
import { expect, openApp, send, test } from './fixtures';

test.setTimeout(180_000);

interface Message {
  role: string;
  episodeId: string | null;
  memorySessionId: string | null;
}

test('replay after a correction, then retract a conversation with its preview and undo', async ({ page, engram, openai, shot }) => {
  await engram.call('settings.save', {
    provider: { kind: 'custom', baseURL: openai.baseURL, chatModel: 'scripted-model', agentModel: '', embeddingModel: '' },
    sessionTimeoutMinutes: 30,
    apiKey: 'e2e-key',
  });
  const { id: paris } = await engram.call<{ id: string }>('memory.rememberFact', { content: 'User lives in Paris near the river' });
  openai.script('/v1/chat/completions', { sse: [chatChunk('You live in Paris, near the river.')] });
  await openApp(page, engram);
  await send(page, 'Where do I live, near the river?');
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toHaveAttribute('data-status', 'complete');

  // The person says they moved: the chat's message becomes the evidence of a correction.
  const [chat] = await engram.call<{ id: string }[]>('chat.list', {});
  const messages = await engram.call<Message[]>('chat.messages', { chatId: chat?.id });
  const said = messages.find((m) => m.role === 'user');
  await engram.call('memory.correctFact', { id: paris, content: 'User lives in Lisbon near the river', evidence: [said?.episodeId], sessionId: said?.memorySessionId });

  await reply.getByTestId('why').click();
  await page.getByTestId('pack-open-inspector').click();
  await page.getByTestId('pack-replay').click();
  const changed = page.getByTestId('replay-changed');
  await expect(changed).toContainText('Paris');
  await expect(changed).toContainText('Lisbon');
  await shot('replay-after-correction');

  await page.keyboard.press('/');
  await page.keyboard.type('Lisbon river');
  await page.keyboard.press('Enter');
  // Enter opens the best hit.
  await expect(page.getByTestId('node-content')).toHaveText('User lives in Lisbon near the river');
  await page.getByTestId('learned-from-session').click();
  const preview = page.getByTestId('retract-preview');
  await expect(preview.getByTestId('retract-forgotten')).toContainText('User lives in Lisbon near the river');
  await expect(preview.getByTestId('retract-current-again')).toContainText('User lives in Paris near the river');
  await preview.scrollIntoViewIfNeeded();
  await shot('retract-preview-1280x800');
  await page.setViewportSize({ width: 1024, height: 640 });
  await preview.scrollIntoViewIfNeeded();
  await shot('retract-preview-1024x640');
  await page.setViewportSize({ width: 1280, height: 800 });

  await preview.getByTestId('retract-confirm').click();
  await expect(page.getByTestId('toast').last()).toContainText('Retracted: 1 fact');
  await expect(page.getByTestId('node-status')).toHaveText('forgotten');
  await expect(page.getByTestId('learned-from')).toHaveCount(1);
  const parisNow = await engram.call<{ node: { validUntil: number | null } }>('memory.getNode', { id: paris });
  expect(parisNow.node.validUntil).toBeNull();
  await shot('retract-applied');

  await page.getByTestId('toast').last().getByTestId('toast-undo').click();
  await expect(page.getByTestId('toast').last()).toContainText('Undone');
  await expect(page.getByTestId('node-status')).toHaveCount(0);
  const parisAfterUndo = await engram.call<{ node: { invalidatedReason: string | null } }>('memory.getNode', { id: paris });
  expect(parisAfterUndo.node.invalidatedReason).toBe('superseded');

  // Re-extract the conversation with a better (scripted) model: the difference first, then Apply.
  openai.setDefault(
    '/v1/chat/completions',
    memoryAgent({
      extract: (eps) => ({
        facts: [{ type: 'semantic', content: 'User asked where they live', source_episodes: [eps[0]?.ref ?? 'E1'], entities: [], slot: null, basis: 'stated' }],
        entities: [],
        causal_links: [],
      }),
      resolve: (pairs) => pairs.map((p) => ({ fact: p.fact, existing: p.existing, relation: 'unrelated', reason: 'different' })),
    }),
  );
  await page.getByTestId('learned-from-reextract').click();
  const diff = page.getByTestId('reextract-preview');
  await expect(diff.getByTestId('reextract-added')).toContainText('User asked where they live');
  await expect(diff.getByTestId('reextract-dropped')).toContainText('User lives in Lisbon near the river');
  await expect(diff.getByTestId('reextract-current-again')).toContainText('User lives in Paris near the river');
  await diff.scrollIntoViewIfNeeded();
  await shot('reextract-preview-1280x800');
  await diff.getByTestId('reextract-apply').click();
  await expect(page.getByTestId('toast').last()).toContainText('Re-extracted: 1 added, 0 changed, 1 dropped');
  await expect(page.getByTestId('node-status')).toHaveText('forgotten');
  await shot('reextract-applied');
  // Undo the re-extract (one toast) so the chat's own entries below see the corrected memory again.
  await page.getByTestId('toast').last().getByTestId('toast-undo').click();
  await expect(page.getByTestId('toast').last()).toContainText('Undone');
  expect((await engram.call<{ node: { invalidatedReason: string | null } }>('memory.getNode', { id: paris })).node.invalidatedReason).toBe('superseded');

  // From the chat: the message's "⋯" menu, by keyboard (Enter opens it on its item, Enter chooses, Esc goes back).
  await page.getByTestId('inspector-close').click();
  await expect(page.getByTestId('inspector')).toHaveCount(0);
  const asked = page.getByTestId('message-user').last();
  await asked.getByTestId('message-menu').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message-learned')).toBeFocused();
  await shot('message-menu');
  await page.keyboard.press('Enter');
  const learned = page.getByTestId('learned-view');
  await expect(learned).toContainText('What did memory learn from this message');
  await expect(learned.getByTestId('retract-forgotten')).toContainText('User lives in Lisbon near the river');
  await expect(learned.getByTestId('retract-current-again')).toContainText('User lives in Paris near the river');
  await shot('retract-from-message');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inspector')).toHaveCount(0);

  // The chat's row in the sidebar offers the same; Esc closes its menu back onto its button.
  await page.getByTestId('chat-item-menu').first().click();
  await expect(page.getByTestId('chat-learned')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('chat-learned')).toHaveCount(0);
  await expect(page.getByTestId('chat-item-menu').first()).toBeFocused();

  // The chat's header menu: the whole chat, its messages included; retract it, then undo.
  await page.getByTestId('chat-menu').click();
  await page.getByTestId('chat-learned').click();
  await expect(learned).toContainText('What did memory learn from the chat');
  await expect(learned.getByTestId('retract-episodes')).toContainText('Where do I live');
  await expect(learned.getByTestId('retract-forgotten')).toContainText('User lives in Lisbon near the river');
  await shot('retract-from-chat');
  await learned.getByTestId('retract-confirm').click();
  await expect(page.getByTestId('toast').last()).toContainText('Retracted: 1 fact');
  await expect(learned).toContainText('Nothing it taught is left to retract');
  expect((await engram.call<{ node: { validUntil: number | null } }>('memory.getNode', { id: paris })).node.validUntil).toBeNull();
  await page.getByTestId('toast').last().getByTestId('toast-undo').click();
  await expect(page.getByTestId('toast').last()).toContainText('Undone');
  await expect(learned.getByTestId('retract-forgotten')).toContainText('User lives in Lisbon near the river');
  expect((await engram.call<{ node: { invalidatedReason: string | null } }>('memory.getNode', { id: paris })).node.invalidatedReason).toBe('superseded');
});
