/** `engram model list|pull|rm` through the real CLI; downloads from a local server (no weights leave the machine). */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_CATALOG } from '../../src-main/llm/builtin/catalog';
import { makeTempDir } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');
const [first] = MODEL_CATALOG;
if (!first) throw new Error('the catalog is empty');

function cli(dataDir: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

let server: Server;
let mirror: string;
beforeAll(async () => {
  // A mirror that serves a file of the right name and wrong content: the SHA-256 check must refuse it.
  server = createServer((req, res) => (req.url === `/${first.file}` ? res.end(Buffer.alloc(4096, 7)) : res.writeHead(404).end()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('engram model', { timeout: 240_000 }, () => {
  it('lists the catalog with what is installed and recommended', async () => {
    const dir = makeTempDir();
    const r = await cli(dir, {}, 'model', 'list', '--json');
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { models_dir: string; models: { id: string; installed: boolean; sha256: string }[] };
    expect(list.models_dir).toBe(join(dir, 'models'));
    expect(list.models.map((m) => m.id)).toEqual(MODEL_CATALOG.map((e) => e.id));
    expect(list.models.every((m) => !m.installed)).toBe(true);
  });

  it('pull fails loudly on a file whose checksum does not match and keeps nothing', async () => {
    const dir = makeTempDir();
    const r = await cli(dir, { ENGRAM_MODEL_BASE_URL: mirror }, 'model', 'pull', first.id);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not the published file.*removed/);
    expect(existsSync(join(dir, 'models')) ? readdirSync(join(dir, 'models')) : []).toEqual([]);
  });

  it('rejects unknown names and removing what is not there', async () => {
    const dir = makeTempDir();
    const pull = await cli(dir, {}, 'model', 'pull', 'no-such-model');
    expect(pull.code).toBe(2);
    expect(pull.stderr).toMatch(/Unknown model "no-such-model"/);
    const rm = await cli(dir, {}, 'model', 'rm', first.id);
    expect(rm.code).toBe(1);
    expect(rm.stderr).toMatch(/not downloaded/);
  });

  it('--agent builtin without a downloaded model says how to get one', async () => {
    const dir = makeTempDir();
    const r = await cli(dir, {}, '--agent', 'builtin', 'consolidate');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/no built-in model is downloaded.*model pull/);
  });
});
