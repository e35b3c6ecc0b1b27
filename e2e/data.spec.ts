import { join, resolve } from 'node:path';
import { expect, openApp, test } from './fixtures';

const ROOT = resolve(import.meta.dirname, '..');

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'import');

// Two shared cores: the import, backup and export each spawn real work.
test.setTimeout(120_000);

test('Settings → Data imports a ChatGPT export with a summary, backs up, and exports', async ({ page, engram, shot }) => {
  await openApp(page, engram);
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  const data = dialog.getByTestId('data-settings');
  // Browser mode takes the file from the file picker (files-browser.spec.ts covers downloads and restore).
  await data.getByTestId('import-file').setInputFiles(join(FIXTURES, 'chatgpt-conversations.json'));
  await data.getByTestId('import-run').click();
  // Nothing is written before the person has seen what the import adds.
  await expect(data.getByTestId('import-preview')).toContainText('ChatGPT or Claude export (detected)');
  await expect(data.getByTestId('import-preview')).toContainText('5 new messages from 2 conversations: 2 new chats');
  await shot('data-import-preview');
  await data.getByTestId('import-apply').click();
  await expect(data.getByTestId('import-summary')).toContainText('Imported 5 new messages from 2 conversations: 2 new chats');
  await expect(dialog.getByTestId('settings-saved')).toBeHidden();

  // A backup in the data folder (the daily kind) is listed and can be restored from there.
  await engram.call('data.backup', {});
  await page.reload();
  // With the count, Memory and Review's badge the footer outgrows the sidebar: every button stays inside it.
  await expect(page.getByTestId('open-review')).toBeVisible();
  const nav = await page.getByTestId('sidebar').boundingBox();
  for (const id of ['open-inspector', 'open-review', 'open-settings']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(nav && box && box.x + box.width <= nav.x + nav.width, `${id} lies inside the sidebar`).toBe(true);
  }
  await page.getByTestId('open-settings').click();
  await expect(data.getByTestId('backup-list').locator('li')).toHaveCount(1);
  await data.getByTestId('backup-list').getByRole('button', { name: 'Restore…' }).click();
  await expect(data.getByTestId('restore-confirm')).toBeVisible();
  await shot('data-settings');

  // Importing again adds nothing.
  await data.getByRole('button', { name: 'Cancel' }).click();
  await data.getByTestId('import-file').setInputFiles(join(FIXTURES, 'chatgpt-conversations.json'));
  await data.getByTestId('import-run').click();
  await data.getByTestId('import-apply').click();
  await expect(data.getByTestId('import-summary')).toContainText('Imported 0 new messages from 2 conversations: 0 new chats, 5 already imported');

  await page.keyboard.press('Escape');
  const sidebar = page.locator('.chat-item-main', { hasText: 'Trip to Lisbon' });
  await expect(sidebar).toContainText('imported from ChatGPT');
  await sidebar.click();
  await expect(page.getByText('Alfama is close to the castle; enjoy the fado.')).toBeVisible();
  await shot('data-imported-chat');
});
