/**
 * The desktop app's Settings → Data with native dialogs. No Electron binary here, so the page gets a stand-in
 * `window.engram` (what the preload exposes): every call goes to the real host over HTTP, except `ui.chooseFile`,
 * which the Electron main process answers with a native dialog — here a scripted answer per dialog.
 * Import and restore fill their path field from "Choose…"; export and backup ask where to save and write
 * there; a cancelled save dialog writes nothing and says so.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';

const FIXTURES = join(resolve(import.meta.dirname, '..'), 'tests', 'fixtures', 'import');

test.setTimeout(120_000);

test('desktop: Choose… fills import and restore paths; export and backup save where the dialog says', async ({ page, engram, shot }) => {
  const out = mkdtempSync(join(tmpdir(), 'engram-dialogs-'));
  const asked: unknown[] = [];
  const answers: (string | null)[] = [];
  await page.exposeFunction('__nativeDialog', (input: unknown) => (asked.push(input), answers.shift() ?? null));
  await page.addInitScript((token: string) => {
    const dialog = (globalThis as unknown as { __nativeDialog: (input: unknown) => Promise<string | null> }).__nativeDialog;
    (globalThis as unknown as { engram: unknown }).engram = Object.freeze({
      invoke: async (name: string, input: unknown) => {
        if (name === 'ui.chooseFile') return { ok: true, value: { path: await dialog(input) } };
        const res = await fetch(`/api/call/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-engram-token': token }, body: JSON.stringify(input ?? {}) });
        return res.json();
      },
      on: () => () => undefined,
    });
  }, engram.token);
  await page.goto(engram.url);
  await page.getByTestId('open-settings').click();
  const data = page.getByTestId('settings-dialog').getByTestId('data-settings');
  await expect(data.getByTestId('import-file')).toHaveCount(0);

  // Import: the dialog's path lands in the field; nothing is read before the person clicks Import….
  answers.push(join(FIXTURES, 'chatgpt-conversations.json'));
  await data.getByTestId('import-choose').click();
  await expect(data.getByTestId('import-path')).toHaveValue(join(FIXTURES, 'chatgpt-conversations.json'));
  expect(asked.at(-1)).toEqual({ mode: 'open', purpose: 'import' });
  await data.getByTestId('import-run').click();
  await data.getByTestId('import-apply').click();
  await expect(data.getByTestId('import-summary')).toContainText('Imported 5 new messages from 2 conversations: 2 new chats');

  // Export, cancelled: nothing written anywhere, and the page says so.
  answers.push(null);
  await data.getByTestId('export-json').click();
  await expect(data.getByTestId('export-result')).toHaveText('Cancelled: nothing was written.');
  expect(asked.at(-1)).toEqual({ mode: 'save', purpose: 'export', suggestedName: expect.stringMatching(/^engram-export-\d{4}-\d{2}-\d{2}\.json$/) });
  expect(existsSync(join(engram.dataDir, 'exports'))).toBe(false);

  // Export where the dialog says.
  const exportPath = join(out, 'my-memory.json');
  answers.push(exportPath);
  await data.getByTestId('export-json').click();
  await expect(data.getByTestId('export-result')).toHaveText(`Saved to ${exportPath}`);
  expect(readFileSync(exportPath, 'utf8')).toContain('Alfama is close to the castle; enjoy the fado.');

  // Back up where the dialog says, then choose that file to restore from.
  const backupPath = join(out, 'before-trip.db');
  answers.push(backupPath);
  await data.getByTestId('backup-now').click();
  await expect(data.getByTestId('backup-result')).toContainText(`to ${backupPath}`);
  expect(asked.at(-1)).toEqual({ mode: 'save', purpose: 'backup' });
  // Encrypted with the memory's key, as new memories are: no plaintext SQLite header.
  expect(readFileSync(backupPath).subarray(0, 15).toString()).not.toBe('SQLite format 3');
  expect(readFileSync(backupPath).length).toBeGreaterThan(4096);
  answers.push(backupPath);
  await data.getByTestId('restore-choose').click();
  await expect(data.getByTestId('restore-path')).toHaveValue(backupPath);
  expect(asked.at(-1)).toEqual({ mode: 'open', purpose: 'restore' });
  await shot('data-settings-desktop');
  rmSync(out, { recursive: true, force: true });
});
