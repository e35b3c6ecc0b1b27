/**
 * "Built-in (on this computer)" in Settings: the recommended model from a test catalog (ENGRAM_MODEL_CATALOG_FILE)
 * whose file a local HTTP server serves as a mirror (ENGRAM_MODEL_BASE_URL); one click downloads it with
 * progress, and it ends Ready and selected as the chat model.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openApp, test } from './fixtures';

const FILE = randomBytes(4 * 1024 * 1024);
const CHUNK = 64 * 1024;
let server: Server;
let catalogDir: string;
/** The server sends half the file, then waits for this, so the progress can be seen and photographed. */
let releaseSecondHalf: () => void = () => undefined;
let requests = 0;
/** Writes the test catalog; a given sha256 replaces the file's real one (a damaged mirror). */
let writeCatalog: (sha256?: string) => void = () => undefined;
const saved = { catalog: process.env.ENGRAM_MODEL_CATALOG_FILE, base: process.env.ENGRAM_MODEL_BASE_URL };

test.beforeAll(async () => {
  const secondHalf = new Promise<void>((r) => (releaseSecondHalf = r));
  server = createServer((req, res) => {
    if (req.url !== '/e2e-tiny.gguf') return void res.writeHead(404).end();
    requests++;
    const start = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
    res.writeHead(start > 0 ? 206 : 200, { 'content-length': FILE.length - start });
    void (async () => {
      for (let at = start; at < FILE.length && !res.destroyed; at += CHUNK) {
        if (at >= FILE.length / 2) await secondHalf;
        else await new Promise((r) => setTimeout(r, 20));
        res.write(FILE.subarray(at, Math.min(at + CHUNK, FILE.length)));
      }
      res.end();
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  catalogDir = mkdtempSync(join(tmpdir(), 'engram-e2e-catalog-'));
  const catalog = [
    {
      id: 'e2e-tiny',
      label: 'Tiny Test Model (Q4_K_M)',
      file: 'e2e-tiny.gguf',
      bytes: FILE.length,
      ramBytes: 512 * 1024 * 1024,
      licence: 'Apache-2.0',
      url: 'https://example.invalid/e2e-tiny.gguf',
      sha256: createHash('sha256').update(FILE).digest('hex'),
      recommendedFromRamBytes: 0,
    },
  ];
  writeCatalog = (sha256) => writeFileSync(join(catalogDir, 'catalog.json'), JSON.stringify(catalog.map((e) => ({ ...e, sha256: sha256 ?? e.sha256 }))));
  writeCatalog();
  // The engram fixture starts the app with this process's environment.
  process.env.ENGRAM_MODEL_CATALOG_FILE = join(catalogDir, 'catalog.json');
  process.env.ENGRAM_MODEL_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  if (saved.catalog === undefined) delete process.env.ENGRAM_MODEL_CATALOG_FILE;
  else process.env.ENGRAM_MODEL_CATALOG_FILE = saved.catalog;
  if (saved.base === undefined) delete process.env.ENGRAM_MODEL_BASE_URL;
  else process.env.ENGRAM_MODEL_BASE_URL = saved.base;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(catalogDir, { recursive: true, force: true });
});

test('Built-in: the recommended model downloads with one click, shows progress and ends Ready as the chat model', async ({ page, engram, shot }) => {
  await openApp(page, engram);
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByTestId('provider').selectOption('builtin');
  const model = dialog.getByTestId('builtin-model');
  await expect(model.getByTestId('builtin-model-name')).toHaveText('Tiny Test Model (Q4_K_M)');
  await expect(model).toContainText('Recommended for this computer');
  await expect(model.getByTestId('builtin-model-facts')).toHaveText('4 MB download · needs about 512 MB of memory · licence Apache-2.0');
  await model.getByTestId('model-download').scrollIntoViewIfNeeded();
  expect(requests).toBe(0); // nothing downloads before the click
  await shot('builtin-model-choice');

  await model.getByTestId('model-download').focus();
  await page.keyboard.press('Enter');
  const progress = model.getByTestId('model-progress');
  // The server holds the second half: the bar stands at 50% for the screenshot.
  await expect(progress).toContainText('50% of 4 MB');
  await expect(progress).toContainText(/left/);
  await expect(model.getByTestId('model-pause')).toBeVisible();
  await expect(model.getByTestId('model-cancel')).toBeVisible();
  await shot('builtin-model-download');

  releaseSecondHalf();
  await expect(model.getByTestId('model-ready')).toHaveText('Ready — selected as the chat model');
  await expect(dialog.getByTestId('chat-model')).toHaveValue('e2e-tiny');
  const view = await engram.call<{ provider: { kind: string; chatModel: string } }>('settings.get', {});
  expect(view.provider).toMatchObject({ kind: 'builtin', chatModel: 'e2e-tiny' });
  await shot('builtin-model-ready');
});

test('Built-in: a file that fails its SHA-256 check is removed and the reason is shown with what to do', async ({ page, engram, shot }) => {
  writeCatalog('0'.repeat(64));
  releaseSecondHalf();
  await engram.restart(); // the catalog is read at start
  await openApp(page, engram);
  await page.getByTestId('open-settings').click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByTestId('provider').selectOption('builtin');
  await dialog.getByTestId('model-download').click();
  const error = dialog.getByTestId('model-error');
  await expect(error).toContainText('is not the published file');
  await expect(error).toContainText('It was removed; download it again, or check the mirror.');
  await expect(dialog.getByTestId('model-download')).toHaveText('Try again');
  await shot('builtin-model-error');
  writeCatalog();
});
