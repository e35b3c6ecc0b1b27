import { expect, openApp, send, test } from './fixtures';

test('without a model, replies are labelled memory-only answers listing what is remembered', async ({ page, engram, shot }) => {
  await engram.call('memory.rememberFact', { content: 'Heidi’s birthday is on 12 May' });
  await engram.call('memory.rememberFact', { content: 'Heidi prefers chocolate cake' });
  await openApp(page, engram);
  await expect(page.getByTestId('offline-banner')).toContainText('No language model is connected');
  await shot('offline-empty-state');

  await send(page, "When is Heidi's birthday?");
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toHaveAttribute('data-status', 'offline');
  await expect(reply).toContainText('Memory-only answer');
  await expect(reply).toContainText('birthday is on 12 May');
  await expect(page.getByTestId('message-user')).toContainText("When is Heidi's birthday?");
  await shot('offline-memory-only-answer');

  // The banner's link opens settings.
  await page.getByRole('button', { name: 'Connect a model' }).click();
  await expect(page.getByTestId('settings-dialog')).toBeVisible();
});
