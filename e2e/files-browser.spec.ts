/**
 * Browser mode handles files like a browser: import by upload (the file picker), export and backup by
 * download (the file arrives in the browser, not in the data folder), restore by upload of that backup.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, openApp, test } from './fixtures';

const FIXTURES = join(resolve(import.meta.dirname, '..'), 'tests', 'fixtures', 'import');

test.setTimeout(120_000);

test('imports by upload, exports and backs up by download, restores by upload', async ({ page, engram, shot }) => {
  await openApp(page, engram);
  await page.getByTestId('open-settings').click();
  const data = page.getByTestId('settings-dialog').getByTestId('data-settings');
  // No typed path in browser mode: the file picker.
  await expect(data.getByTestId('import-path')).toHaveCount(0);
  await data.getByTestId('import-file').setInputFiles(join(FIXTURES, 'chatgpt-conversations.json'));
  await data.getByTestId('import-run').click();
  await expect(data.getByTestId('import-preview')).toContainText('Import chatgpt-conversations.json');
  await data.getByTestId('import-apply').click();
  await expect(data.getByTestId('import-summary')).toContainText('Imported 5 new messages from 2 conversations: 2 new chats');

  const exported = page.waitForEvent('download');
  await data.getByTestId('export-json').click();
  const exportFile = await exported;
  expect(exportFile.suggestedFilename()).toMatch(/^engram-export-.*\.json$/);
  const exportText = readFileSync(await exportFile.path(), 'utf8');
  expect(exportText).toContain('Alfama is close to the castle; enjoy the fado.');
  expect(typeof JSON.parse(exportText)).toBe('object');
  await expect(data.getByTestId('export-result')).toContainText(`Downloaded ${exportFile.suggestedFilename()}`);

  const backedUp = page.waitForEvent('download');
  await data.getByTestId('backup-now').click();
  const backupFile = await backedUp;
  const backupPath = await backupFile.path();
  // Encrypted with the memory's key, as new memories are: no plaintext SQLite header.
  expect(readFileSync(backupPath).subarray(0, 15).toString()).not.toBe('SQLite format 3');
  expect(readFileSync(backupPath).length).toBeGreaterThan(4096);
  await expect(data.getByTestId('backup-result')).toContainText('Downloaded engram-backup-');
  // Nothing was left in the data folder: not in exports/, not in tmp/.
  for (const folder of ['exports', 'tmp']) {
    const dir = join(engram.dataDir, folder);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  }
  await shot('files-browser-downloads');

  await data.getByTestId('restore-file').setInputFiles({ name: 'engram-backup.db', mimeType: 'application/octet-stream', buffer: readFileSync(backupPath) });
  await data.getByTestId('restore-run').click();
  await expect(data.getByTestId('restore-confirm')).toContainText('engram-backup.db');
  await data.getByTestId('restore-confirm-run').click();
  await expect(data.getByTestId('restore-result')).toContainText('Restored (2 chats');
  await shot('files-browser-restored');
});
