/**
 * Fixtures: `engram` runs browser mode as a real child process (the same entry `npm start` uses) on a fresh
 * data folder and can restart it; `openai` is the scripted OpenAI-compatible server from the unit tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startScriptedOpenAI, type ScriptedOpenAIServer } from '../tests/helpers/scripted-openai-server';

const ROOT = resolve(import.meta.dirname, '..');
export const ARTIFACTS = join(ROOT, 'e2e', 'artifacts');

export interface EngramProcess {
  url: string;
  origin: string;
  token: string;
  dataDir: string;
  /** Stop and start again on the same data folder (a new port and token); `between` runs while it is stopped. */
  restart(between?: () => void | Promise<void>): Promise<void>;
  /** A call through the API with the token, as the page would make it. */
  call<T = unknown>(name: string, input: unknown): Promise<T>;
}

async function launch(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'out/web/main.mjs'), '--data-dir', dataDir, '--renderer-dir', join(ROOT, 'out/renderer')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ENGRAM_DATA_DIR: dataDir } },
  );
  let output = '';
  const url = await new Promise<string>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`Engram did not print its URL in 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolvePromise(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Engram exited with ${code}:\n${output}`));
    });
  });
  return { child, url };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  await exited;
}

export const test = base.extend<{ engram: EngramProcess; openai: ScriptedOpenAIServer; shot: (name: string) => Promise<void> }>({
  // eslint-disable-next-line no-empty-pattern
  engram: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'engram-e2e-'));
    let current = await launch(dataDir);
    const api: EngramProcess = {
      dataDir,
      get url() {
        return current.url;
      },
      get origin() {
        return new URL(current.url).origin;
      },
      get token() {
        return new URL(current.url).searchParams.get('token') ?? '';
      },
      async restart(between) {
        await stop(current.child);
        await between?.();
        current = await launch(dataDir);
      },
      async call<T>(name: string, input: unknown): Promise<T> {
        const res = await fetch(`${api.origin}/api/call/${name}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-engram-token': api.token },
          body: JSON.stringify(input),
        });
        const envelope = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
        if (!envelope.ok) throw new Error(`${name}: ${envelope.error?.message ?? 'failed'}`);
        return envelope.value as T;
      },
    };
    await use(api);
    await stop(current.child);
    rmSync(dataDir, { recursive: true, force: true });
  },
  // eslint-disable-next-line no-empty-pattern
  openai: async ({}, use) => {
    const server = await startScriptedOpenAI({ models: ['scripted-model'] });
    await use(server);
    await server.close();
  },
  shot: async ({ page }, use) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await use(async (name) => {
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
    });
  },
});

export { expect };

/** Opens the app and waits until the chat is usable. */
export async function openApp(page: Page, engram: EngramProcess): Promise<void> {
  await page.goto(engram.url);
  await expect(page.getByTestId('composer')).toBeEditable();
}

export async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer').fill(text);
  await page.getByTestId('composer').press('Enter');
}
