import { expect, openApp, send, test } from './fixtures';

test('history and memory survive a restart', async ({ page, engram, shot }) => {
  await openApp(page, engram);
  await send(page, 'Remember that my locker code is 4711');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'offline');
  await page.getByText("Don't use memory").click();
  await expect(page.getByTestId('switch-no-memory')).toBeChecked();

  await engram.restart();
  await openApp(page, engram);
  await expect(page.getByTestId('message-user')).toContainText('Remember that my locker code is 4711');
  await expect(page.getByTestId('message-assistant')).toContainText('Memory-only answer');
  await expect(page.getByTestId('switch-no-memory')).toBeChecked();
  await expect(page.getByRole('navigation')).toContainText('Remember that my locker code is 4711');

  // The message became a memory: a new chat finds it.
  await page.getByTestId('new-chat').click();
  await send(page, 'What is my locker code?');
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toContainText('locker code is 4711');
  await shot('persistence-after-restart');
});

test('a message sent while a new chat is being made goes to the new chat, not the one still shown', async ({ page, engram }) => {
  await openApp(page, engram);
  await send(page, 'first chat, with memory off');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'offline');
  await page.getByText("Don't use memory").click();
  await expect(page.getByTestId('switch-no-memory')).toBeChecked();
  // A busy machine: the new chat takes a while to be made, and the person types and presses Enter meanwhile.
  await page.route('**/api/call/chat.create', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByTestId('new-chat').click();
  await send(page, 'typed before the new chat opened');
  await expect(page.getByTestId('send')).toHaveAttribute('title', 'Sends when the new chat opens');
  await expect(page.getByTestId('message-user').last()).toContainText('typed before the new chat opened', { timeout: 10_000 });
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.getByTestId('switch-no-memory')).not.toBeChecked();
  // The first chat kept only its own message.
  await page.getByRole('button', { name: 'first chat, with memory off' }).first().click();
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.getByTestId('message-user')).toContainText('first chat, with memory off');
});

test('if the new chat cannot be made, what was typed stays in the box and goes nowhere', async ({ page, engram }) => {
  await openApp(page, engram);
  await send(page, 'the only chat');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'offline');
  await page.route('**/api/call/chat.create', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.abort();
  });
  await page.getByTestId('new-chat').click();
  await send(page, 'not for the old chat');
  await expect(page.getByTestId('send')).toHaveAttribute('title', 'Send (Enter)', { timeout: 10_000 });
  await expect(page.getByTestId('composer')).toHaveValue('not for the old chat');
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  await expect(page.getByTestId('message-user')).toContainText('the only chat');
});
