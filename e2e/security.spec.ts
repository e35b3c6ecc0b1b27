import { existsSync } from 'node:fs';
import { chromiumMissingMessage, chromiumPath } from './chromium';
import { expect, openApp, send, test } from './fixtures';

test('the prerequisite Chromium is installed', () => {
  const chromium = chromiumPath();
  expect(existsSync(chromium.path), chromiumMissingMessage(chromium.path)).toBe(true);
});

test('requests without the token, or from a foreign origin, get 403', async ({ page, engram, playwright, shot }) => {
  const anonymous = await playwright.request.newContext();
  try {
    expect((await anonymous.get(`${engram.origin}/`)).status()).toBe(403);
    expect((await anonymous.post(`${engram.origin}/api/call/chat.list`, { data: {} })).status()).toBe(403);
    expect((await anonymous.get(`${engram.origin}/?token=wrong`)).status()).toBe(403);
    const foreign = await anonymous.post(`${engram.origin}/api/call/chat.list`, {
      data: {},
      headers: { 'x-engram-token': engram.token, origin: 'http://evil.example' },
    });
    expect(foreign.status()).toBe(403);
    const own = await anonymous.post(`${engram.origin}/api/call/chat.list`, {
      data: {},
      headers: { 'x-engram-token': engram.token, origin: engram.origin },
    });
    expect(own.status()).toBe(200);
  } finally {
    await anonymous.dispose();
  }

  // A page on another origin cannot use the API or its event stream, even if it knew the address.
  await page.goto(`${engram.origin}/`);
  await expect(page.locator('body')).toContainText('Missing or wrong token');
  await shot('security-403-without-token');
  const other = await page.evaluate(async (origin) => {
    const ws = await new Promise<string>((resolve) => {
      const socket = new WebSocket(`${origin.replace('http', 'ws')}/api/events`);
      socket.onopen = () => resolve('open');
      socket.onerror = () => resolve('refused');
    });
    return ws;
  }, engram.origin);
  expect(other).toBe('refused');
});

test('the chat is inert while the inspector is open: keys typed there never reach the message box', async ({ page, engram, shot }) => {
  await openApp(page, engram);
  await send(page, 'First message');
  await expect(page.getByTestId('message-assistant')).toHaveCount(1);
  const switchBefore = await page.getByTestId('switch-no-remember').isChecked();

  // Open the inspector from the message box with the shortcut, then type and press Enter, Space and Tab.
  await page.getByTestId('composer').focus();
  await page.keyboard.press('Control+Shift+M');
  await expect(page.getByTestId('inspector')).toBeVisible();
  await expect(page.getByTestId('chat-main')).toHaveAttribute('inert', '');
  await expect(page.getByTestId('sidebar')).toHaveAttribute('inert', '');
  await page.keyboard.type('my bank PIN is 1234');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    // Focus never walks into the hidden chat.
    await expect(page.locator('[inert] :focus')).toHaveCount(0);
  }
  await shot('inspector-chat-inert');

  // One Esc (from the view, not a text box) closes it and puts the cursor back in the message box.
  await page.getByTestId('inspector').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inspector')).toBeHidden();
  await expect(page.getByTestId('composer')).toBeFocused();
  await expect(page.getByTestId('composer')).toHaveValue('');
  await expect(page.getByTestId('message-user')).toHaveCount(1);
  expect(await page.getByTestId('switch-no-remember').isChecked()).toBe(switchBefore);
  const messages = await engram.call<{ content: string }[]>('chat.messages', { chatId: (await engram.call<{ id: string }[]>('chat.list', {}))[0]?.id });
  expect(messages.some((m) => m.content.includes('PIN'))).toBe(false);
});
