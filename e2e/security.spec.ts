import { existsSync } from 'node:fs';
import { chromiumMissingMessage, chromiumPath } from './chromium';
import { expect, test } from './fixtures';

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
