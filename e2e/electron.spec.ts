/**
 * The desktop app itself, through Playwright's Electron launcher: `npm start`'s preparation (Node, the binary,
 * better-sqlite3 built for Electron), electron-vite's build, then the app on a temp data folder — send a message
 * with no model connected, open the memory inspector, quit, and find the message in the database.
 * It runs wherever the Electron binary was downloaded; elsewhere it says plainly that it did not run and why.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { openMemoryFile } from '../tests/helpers/encrypted-files';
import { desktopNodeProblem, locateElectron } from '../scripts/desktop/electron-install.mjs';
import { prepareDesktopLaunch } from '../scripts/desktop/launch.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');
const installed = locateElectron(ROOT);
const noDisplay =
  process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY
    ? 'no display to open a window on (set DISPLAY, or run the suite under `xvfb-run`)'
    : null;
const notHere = installed.missing ?? desktopNodeProblem() ?? noDisplay;
if (notHere) {
  process.stderr.write(
    `\n[electron smoke test] DID NOT RUN: ${notHere.split('\n')[0]}\n` +
      '[electron smoke test] It runs where `npm install` downloaded Electron (Node.js >= 22.12) and a display exists. Nothing about the desktop app was checked here.\n\n',
  );
}

test('desktop app: starts on a temp data folder, answers offline, opens the inspector, quits', async () => {
  test.skip(notHere !== null, `did not run: ${notHere ?? ''}`);
  test.setTimeout(600_000); // the first run builds better-sqlite3 for Electron

  const plan = await prepareDesktopLaunch({ root: ROOT });
  if (plan.kind !== 'electron') throw new Error(`npm start would not launch Electron: ${JSON.stringify(plan)}`);
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  expect(built.status).toBe(0);

  const dataDir = mkdtempSync(join(tmpdir(), 'engram-electron-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(plan.env)) if (v !== undefined && k !== 'ELECTRON_RENDERER_URL') env[k] = v;
  const app = await electron.launch({
    executablePath: plan.binary,
    // Containers run as root, where Chromium's sandbox cannot start.
    args: [ROOT, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    cwd: ROOT,
    env: { ...env, ENGRAM_DATA_DIR: dataDir },
    timeout: 60_000,
  });
  try {
    const page = await app.firstWindow();
    await expect(page.getByTestId('composer')).toBeEditable({ timeout: 30_000 });
    await expect(page.getByTestId('offline-banner')).toContainText('No language model is connected');
    await page.getByTestId('composer').fill('My sister Ada lives in Porto.');
    await page.getByTestId('composer').press('Enter');
    const reply = page.getByTestId('message-assistant').last();
    await expect(reply).toHaveAttribute('data-status', 'offline');
    await expect(reply).toContainText('Memory-only answer');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'electron-offline-reply.png') });

    await page.keyboard.press(process.platform === 'darwin' ? 'Meta+Shift+M' : 'Control+Shift+M');
    await expect(page.getByTestId('inspector')).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'electron-inspector.png') });
  } finally {
    await app.close();
  }

  // Quitting let the engine commit: the message is in the database, readable by the Node build with the
  // memory's key (the app encrypted the new memory; without a keyring here the key is in engram.key).
  expect(readFileSync(join(dataDir, 'engram.db')).includes('Ada lives in Porto')).toBe(false);
  const db = openMemoryFile(join(dataDir, 'engram.db'));
  try {
    const row = db.prepare("select count(*) as n from chat_messages where role = 'user' and content like '%Ada lives in Porto%'").get() as { n: number };
    expect(row.n).toBe(1);
  } finally {
    db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
