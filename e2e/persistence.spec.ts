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
