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

test('"consolidate now" distils facts from a chat without a model, with its progress shown', async ({ page, engram, shot }) => {
  await openApp(page, engram);
  await send(page, 'I live in Lisbon and I work at Globex.');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'offline');
  const button = page.getByTestId('consolidate-now');
  await expect(button).toBeVisible();
  await expect(page.getByText('1 chat to consolidate')).toBeVisible();
  await shot('consolidate-waiting');
  await button.click();
  // The button gives way to live progress, and neither comes back once nothing waits.
  await expect(button).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('writepath-progress')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText('1 chat to consolidate')).toBeHidden();
  await expect(button).toBeHidden();
  const semantic = () => engram.call<{ items: { content: string; sourceType: string }[] }>('memory.listNodes', { types: ['semantic'] });
  await expect.poll(async () => (await semantic()).items.map((f) => f.content).join(' | ')).toMatch(/Lisbon/);
  expect((await semantic()).items.every((f) => f.sourceType === 'heuristic')).toBe(true);
  await shot('consolidate-done');
});
