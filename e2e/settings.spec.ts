import { expect, openApp, test } from './fixtures';

const KEY = 'sk-e2e-super-secret-key';

test('settings save, the connection test explains itself, and the key never comes back', async ({ page, engram, openai, shot }) => {
  const bodies: string[] = [];
  page.on('response', (res) => {
    void res.text().then(
      (t) => bodies.push(t),
      () => undefined,
    );
  });
  await openApp(page, engram);
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByTestId('provider').selectOption('custom');
  await dialog.getByTestId('base-url').fill(openai.baseURL);
  await dialog.getByTestId('chat-model').fill('no-such-model');
  await dialog.getByTestId('api-key').fill(KEY);
  await dialog.getByTestId('test-connection').click();
  await expect(dialog.getByTestId('test-result')).toContainText('does not offer "no-such-model"');

  await dialog.getByTestId('chat-model').fill('scripted-model');
  await dialog.getByTestId('test-connection').click();
  await expect(dialog.getByTestId('test-result')).toContainText('Connected');
  expect(openai.requestsTo('/v1/models').at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  await dialog.getByTestId('save-settings').click();
  await expect(dialog.getByTestId('settings-saved')).toBeVisible();
  await expect(dialog.getByTestId('api-key')).toHaveValue('');
  await expect(dialog.getByTestId('api-key')).toHaveAttribute('placeholder', /A key is stored/);
  await shot('settings-saved');

  // A bad URL is refused with a field error, not a crash.
  await dialog.getByTestId('base-url').fill('not a url');
  await dialog.getByTestId('save-settings').click();
  await expect(dialog.getByTestId('settings-error')).toContainText('Base URL must be an http');
  await shot('settings-invalid-url');

  // After a reload the settings are there, and nothing the renderer received contains the key.
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  const view = await engram.call<{ hasApiKey: boolean; provider: { chatModel: string } }>('settings.get', {});
  expect(view).toMatchObject({ hasApiKey: true, provider: { chatModel: 'scripted-model' } });
  expect(JSON.stringify(view)).not.toContain(KEY);
  const pageText = await page.content();
  expect(pageText).not.toContain(KEY);
  await page.waitForLoadState('networkidle');
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) expect(body).not.toContain(KEY);
});
