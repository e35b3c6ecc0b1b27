import { expect, openApp, send, test } from './fixtures';

test('memory-only answers say who said it and when, with the disclaimer once per chat', async ({ page, engram, shot }) => {
  await engram.call('memory.rememberFact', { content: 'User lives in **Porto**' });
  await openApp(page, engram);
  await send(page, 'I moved to Porto last spring.');
  const first = page.getByTestId('message-assistant').last();
  await expect(first).toHaveAttribute('data-status', 'offline');
  await expect(first).toContainText('Memory-only answer — no language model is connected');

  await send(page, 'Where do I live now?');
  const second = page.getByTestId('message-assistant').last();
  await expect(second).toHaveAttribute('data-status', 'offline');
  // The person's own words are "you said"; facts are facts; each with a date next to the relative time.
  await expect(second).toContainText(/I moved to Porto last spring\. \(you said · [^)]*, \d{4}-\d{2}-\d{2}\)/);
  await expect(second).toContainText(/User lives in Porto \(fact · [^)]*, \d{4}-\d{2}-\d{2}\)/);
  await expect(second).not.toContainText('**');
  // The earlier memory-only answer is not presented as something the person said.
  await expect(second).not.toContainText('Memory-only answer — no language model');
  await expect(second).toContainText('Memory-only answer.');
  await shot('recall-honest-labels');
});

test('a chat can be deleted three ways, each with its counts: keep, forget (restorable) or erase', async ({ page, engram, shot }) => {
  await openApp(page, engram);
  await send(page, 'My door PIN is 4321, keep it secret');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'offline');
  await page.getByTestId('new-chat').click();
  await send(page, 'The weather is nice today');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'offline');

  const item = page.locator('.chat-item', { hasText: 'My door PIN is 4321' });
  await item.hover();
  await item.getByTestId('delete-chat').click();
  const dialog = page.getByTestId('delete-chat-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('(2 messages) leaves your chat list');
  await expect(dialog.getByTestId('delete-chat-keep')).toBeChecked();
  await expect(dialog).toContainText('Remove the chat, keep what memory learned');
  await expect(dialog).toContainText('Memory keeps the 1 message it recorded and 0 facts learned only here');
  await expect(dialog).toContainText('Erase everything it taught');
  await expect(dialog).toContainText('Memory deletes the 1 message it recorded and 0 facts learned only here, leaving no copy on this computer');
  // Keyboard: the choices are one radio group.
  await dialog.getByTestId('delete-chat-keep').focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByTestId('delete-chat-forget')).toBeChecked();
  await expect(dialog).toContainText('restore them from the memory inspector');
  await shot('chat-delete-dialog');
  await dialog.getByTestId('delete-chat-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.chat-item', { hasText: 'My door PIN' })).toHaveCount(0);
  await expect(page.locator('.chat-item', { hasText: 'The weather is nice today' })).toHaveCount(1);
  await shot('chat-deleted');

  const chats = await engram.call<{ title: string }[]>('chat.list', {});
  expect(chats.map((c) => c.title)).toEqual(['The weather is nice today']);
  const nodes = await engram.call<{ items: { content: string; invalidatedReason: string | null }[] }>('memory.listNodes', { types: ['episodic'], includeInvalid: true });
  const pin = nodes.items.filter((n) => n.content.includes('4321'));
  expect(pin.map((n) => n.invalidatedReason)).toEqual(['forgotten']);
});
