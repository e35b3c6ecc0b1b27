/**
 * Find across chats from the sidebar: Ctrl+K, type, the hit names the chat and highlights the match, Enter opens
 * the chat scrolled to that message. The `?` help lists the shortcut.
 */
import { join, resolve } from 'node:path';
import { expect, openApp, test } from './fixtures';

const FIXTURE = join(resolve(import.meta.dirname, '..'), 'tests', 'fixtures', 'import', 'chatgpt-conversations.json');

test('Ctrl+K finds a message in any chat and Enter opens the chat at it', async ({ page, engram, shot }) => {
  await engram.call('data.import', { path: FIXTURE, format: 'auto', preview: false });
  await openApp(page, engram);
  await page.getByTestId('composer').focus();
  await page.keyboard.press('Control+K');
  const box = page.getByTestId('chat-search');
  await expect(box).toBeFocused();
  await page.keyboard.type('FADO');
  const hit = page.getByTestId('chat-search-hit');
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText('Trip to Lisbon');
  await expect(hit.locator('mark')).toHaveText('fado');
  await shot('chat-search');
  await expect(box).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chat-search-results')).toBeHidden();
  await expect(page.locator('.chat-item.selected')).toContainText('Trip to Lisbon');
  const found = page.locator('[data-message-id]', { hasText: 'Alfama is close to the castle; enjoy the fado.' });
  await expect(found).toBeInViewport();
  await expect(found).toHaveClass(/message-found/);

  // Another message; nothing found is said as such; Esc clears the box.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('tram 28');
  await expect(page.getByTestId('chat-search-hit')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  await page.keyboard.type('no such words anywhere');
  await expect(page.getByTestId('chat-search-results')).toContainText('Nothing found in any chat.');

  await page.locator('body').click();
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-dialog')).toContainText('Find in all chats');
  // About names the docs: browser mode links the README it serves.
  await expect(page.getByTestId('help-readme')).toHaveAttribute('href', '/docs/README.md');
  const readme = await page.request.get(`${engram.origin}/docs/README.md`);
  expect(await readme.text()).toContain('Engram --mcp');
});
