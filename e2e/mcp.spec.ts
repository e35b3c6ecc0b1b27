/**
 * Other apps share the memory: Settings turns on the MCP endpoint and shows its address and token; an MCP
 * client (the SDK's, as Cursor or Claude Code would use) remembers a fact through it, and so does `engram mcp`
 * started by another app in its own process; both facts appear in the inspector with their origin.
 */
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';
import { freePort } from '../tests/helpers/free-port';

const ROOT = resolve(import.meta.dirname, '..');

async function findInInspector(page: Page, text: string): Promise<void> {
  await page.getByTestId('inspector-search').fill(text);
  await page.getByTestId('inspector-search').press('Enter');
  await page.getByTestId('search-hit').filter({ hasText: text }).first().click();
  await expect(page.getByTestId('node-content')).toHaveText(new RegExp(text));
}

test('a fact remembered through MCP appears in the inspector with its origin', async ({ page, engram, shot }) => {
  test.setTimeout(120_000);
  // A free port rather than the default, so parallel runs on one machine do not collide.
  await engram.call('mcp.configure', { port: await freePort() });
  // Other apps' writes wait for review by default (review.spec covers that); here they are remembered at once.
  await engram.call('review.saveSettings', { mcp: 'at_once' });
  await openApp(page, engram);

  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  const panel = dialog.getByTestId('mcp-settings');
  await expect(panel.getByTestId('mcp-enabled')).not.toBeChecked();
  await panel.getByTestId('mcp-enabled').check();
  await expect(panel.getByTestId('mcp-running')).toContainText('No app connected yet');
  await panel.getByTestId('mcp-allow-writes').check();
  await expect(panel.getByTestId('mcp-allow-writes')).toBeChecked();
  const url = await panel.getByTestId('mcp-url').inputValue();
  const token = await panel.getByTestId('mcp-token').inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  await panel.scrollIntoViewIfNeeded();

  // Another app connects over HTTP with the token and saves a fact.
  const http = new Client({ name: 'Cursor', version: '1.0' });
  await http.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { 'x-engram-token': token } } }));
  const saved = await http.callTool({ name: 'remember_fact', arguments: { content: 'Ana climbs at the Arkose gym in Montreuil on Thursdays' } });
  expect(saved.isError).toBeFalsy();
  await expect(panel.getByTestId('mcp-running')).toContainText('Connected now: Cursor', { timeout: 10_000 });
  await panel.getByTestId('mcp-running').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(ROOT, 'e2e/artifacts/mcp-settings-on.png') });
  await http.close();

  // A second app starts `engram mcp` itself, on the same data folder, while the app runs.
  const stdio = new Client({ name: 'Claude Desktop', version: '0.9' });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', engram.dataDir, 'mcp', '--allow-writes'],
      cwd: ROOT,
      stderr: 'ignore',
    }),
  );
  const viaStdio = await stdio.callTool({ name: 'remember_fact', arguments: { content: 'Ana prefers bouldering to rope climbing' } });
  expect(viaStdio.isError).toBeFalsy();
  const cursorFactId = (saved.structuredContent as { id: string }).id;
  const corrected = await stdio.callTool({ name: 'correct_fact', arguments: { id: cursorFactId, content: 'Ana climbs at the Arkose gym in Montreuil on Fridays now' } });
  expect(corrected.isError).toBeFalsy();
  await stdio.close();

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByTestId('open-inspector').click();
  await expect(page.getByTestId('inspector')).toBeVisible();
  await page.getByTestId('tab-graph').click();
  await page.getByTestId('more-filters').click();
  await page.getByTestId('origin-mcp').check();

  await findInInspector(page, 'Ana prefers bouldering to rope climbing');
  await expect(page.getByTestId('node-origin')).toHaveText('from Claude Desktop (MCP)');
  // Undo like any edit: forget it, and the toast's undo brings it back.
  await page.getByTestId('action-forget').click();
  await expect(page.getByTestId('node-status')).toHaveText('forgotten');
  await page.getByTestId('toast-undo').last().click();
  await expect(page.getByTestId('node-status')).toHaveCount(0);

  // Claude Desktop corrected what Cursor saved: both versions, each with its app; the correction can be undone.
  await findInInspector(page, 'Ana climbs at the Arkose gym in Montreuil on Fridays now');
  await expect(page.getByTestId('node-origin')).toHaveText('from Claude Desktop (MCP)');
  await expect(page.getByTestId('action-revert-correction')).toBeVisible();
  await shot('mcp-fact-in-inspector-with-origin');
  await page.getByTestId('action-revert-correction').click();
  await expect(page.getByTestId('node-content')).toHaveText('Ana climbs at the Arkose gym in Montreuil on Thursdays');
  await expect(page.getByTestId('node-origin')).toHaveText('from Cursor (MCP)');
  await expect(page.getByTestId('node-status')).toHaveCount(0);
});
