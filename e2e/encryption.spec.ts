import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openApp, test } from './fixtures';
import { MemoryEngine } from '../src-main/memory';

test.setTimeout(120_000);

const SECRET = 'The spare key is under the blue flowerpot';

test('Settings → Encryption encrypts a plaintext memory and adds a passphrase, by keyboard', async ({ page, engram, shot }) => {
  // A memory made before encryption was the default: plaintext, holding one known message.
  await engram.restart(async () => {
    for (const f of ['engram.db', 'engram.db-wal', 'engram.db-shm', 'engram.key']) rmSync(join(engram.dataDir, f), { force: true });
    const engine = MemoryEngine.open({ dataDir: engram.dataDir, encryption: { plaintext: true }, startSlowPath: false });
    engine.recordEpisode({ content: SECRET, sessionId: 'e2e-old', role: 'user' });
    await engine.flush();
    await engine.close();
  });
  await openApp(page, engram);
  await page.getByTestId('open-settings').click();
  const section = page.getByTestId('settings-dialog').getByTestId('encryption-settings');
  await expect(section.getByTestId('encryption-status')).toContainText('This memory is not encrypted');
  await section.getByTestId('encrypt-memory').focus();
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('encrypt-confirm')).toBeVisible();
  await shot('encryption-confirm');
  await section.getByTestId('encrypt-confirm-run').focus();
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('encrypt-result')).toContainText('Encrypted. Its key is in');
  await expect(section.getByTestId('encryption-status')).toContainText('This memory is encrypted');
  expect(readFileSync(join(engram.dataDir, 'engram.db')).includes(Buffer.from('flowerpot'))).toBe(false);

  // Add a passphrase: a mismatch is said inline, then Enter in the repeat field saves it.
  await section.getByTestId('passphrase-edit').focus();
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('passphrase-new')).toBeFocused();
  await page.keyboard.type('a passphrase for the CLI');
  await page.keyboard.press('Tab');
  await page.keyboard.type('a different passphrase');
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('passphrase-error')).toContainText('not the same');
  await section.getByTestId('passphrase-repeat').fill('a passphrase for the CLI');
  await section.getByTestId('passphrase-repeat').press('Enter');
  await expect(section.getByTestId('passphrase-result')).toContainText('Passphrase saved');
  await expect(section.getByTestId('encryption-status')).toContainText('your passphrase');
  await section.scrollIntoViewIfNeeded();
  await shot('encryption-settings');

  // The app runs on the encrypted memory: the old message is still found.
  const found = await engram.call<{ hits: { node: { content: string } }[] }>('memory.search', { query: 'spare key blue flowerpot' });
  expect(found.hits[0]?.node.content).toBe(SECRET);
});
