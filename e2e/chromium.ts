/** Where the system Chromium is, and how to launch it headless without touching the network. */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): { path: string; found: boolean } {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return { path, found: existsSync(path) };
}

export function chromiumMissingMessage(path: string): string {
  return (
    `The e2e suite needs Chromium, and there is none at ${path}.\n` +
    'Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.\n' +
    "Playwright's own browser download is not used."
  );
}
