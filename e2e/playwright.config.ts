/**
 * E2E against browser mode in Debian's Chromium (no Playwright browser download). Each test starts its own
 * Engram process on a fresh data folder; a scripted OpenAI-compatible server stands in for the model.
 */
import { defineConfig } from '@playwright/test';
import { chromiumPath, CHROMIUM_ARGS, chromiumMissingMessage } from './chromium';

const executablePath = chromiumPath();
if (!executablePath.found) process.stderr.write(`\n${chromiumMissingMessage(executablePath.path)}\n\n`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results/playwright-output',
  fullyParallel: false,
  // Two cores are shared with the unit tests and benchmarks; one browser at a time.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: executablePath.path, args: CHROMIUM_ARGS },
    trace: 'off',
  },
});
