/**
 * `npm ci` refuses a lock that lacks one of a package's optional platform builds, so a lock that would fail on
 * macOS or Windows (e.g. no @rollup/rollup-darwin-arm64) must not land: scripts/check-lockfile.mjs says so.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const check = (root: string) =>
  spawnSync(process.execPath, [join(root, 'scripts', 'check-lockfile.mjs')], { encoding: 'utf8' });

describe('package-lock.json', () => {
  it("records every optional platform package (npm ci passes on every OS)", () => {
    const result = check(repo);
    expect(result.stdout).toContain('package-lock.json records every optional platform package');
    expect(result.status).toBe(0);
  });

  it('the check fails, naming the package, when one platform build is missing', () => {
    const root = mkdtempSync(join(tmpdir(), 'engram-lock-'));
    temps.push(root);
    mkdirSync(join(root, 'scripts'));
    copyFileSync(join(repo, 'scripts', 'check-lockfile.mjs'), join(root, 'scripts', 'check-lockfile.mjs'));
    const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
    expect(lock.packages['node_modules/@rollup/rollup-darwin-arm64']).toBeDefined();
    delete lock.packages['node_modules/@rollup/rollup-darwin-arm64'];
    writeFileSync(join(root, 'package-lock.json'), JSON.stringify(lock));
    const result = check(root);
    expect(result.stdout).toMatch(/missing from package-lock\.json: @rollup\/rollup-darwin-arm64@/);
    expect(result.status).toBe(1);
  });
});
