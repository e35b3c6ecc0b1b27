/**
 * `npm start`'s desktop path against a fake Electron install (path.txt, dist/version, a stand-in binary) and a
 * stub rebuild command in place of @electron/rebuild's CLI: the Electron build of better-sqlite3-multiple-ciphers is made once in
 * its versioned folder, reused afterwards, the Node build is never touched, and Electron gets the right binding.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { desktopNodeProblem, locateElectron } from '../../scripts/desktop/electron-install.mjs';
import { prepareDesktopLaunch } from '../../scripts/desktop/launch.mjs';
import { electronNativeDir, electronRebuildCommand, explainRebuildFailure, missingToolchain } from '../../scripts/desktop/native-modules.mjs';
import { fakeCheckout, fakeElectron, VEC_PACKAGE } from './fake-install';

const repoRoot = join(import.meta.dirname, '..', '..');
const NEW_NODE = '22.12.0';

let root: string;
let calls: string;
let lines: string[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'engram-launcher-'));
  calls = join(root, 'calls.jsonl');
  lines = [];
  fakeCheckout(root);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({ ...process.env, STUB_CALLS: calls, ...extra });
const stubCalls = (): { args: string[]; cwd: string }[] =>
  existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { args: string[]; cwd: string }) : [];
const launch = (extra: Record<string, string> = {}, nodeVersion = NEW_NODE) =>
  prepareDesktopLaunch({ root, nodeVersion, env: env(extra), log: (l) => lines.push(l) });

function snapshot(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .map((p) => `${p}:${statSync(p).mtimeMs}:${statSync(p).isFile() ? readFileSync(p, 'utf8') : ''}`)
    .join('\n');
}

describe('npm start, desktop path', () => {
  it('builds better-sqlite3-multiple-ciphers for Electron once, in a folder per version/platform/arch, and reuses it', async () => {
    const nodeBuild = join(root, 'node_modules', 'better-sqlite3-multiple-ciphers', 'build');
    const before = snapshot(nodeBuild);

    const first = await launch();
    if (first.kind !== 'electron') throw new Error(`expected an Electron launch, got ${JSON.stringify(first)}`);
    const dir = electronNativeDir({ cacheRoot: join(root, 'node_modules', '.cache', 'engram-electron'), electronVersion: '45.4.1', platform: process.platform, arch: process.arch });
    const binding = join(dir, 'better-sqlite3-multiple-ciphers@12.11.1', 'better_sqlite3.node');
    expect(dir).toContain(`electron-45.4.1-${process.platform}-${process.arch}`);
    expect(first.built).toBe(true);
    expect(first.binary).toBe(join(root, 'node_modules', 'electron', 'dist', 'electron'));
    expect(first.env.ENGRAM_SQLITE_BINDING).toBe(binding);
    expect(readFileSync(binding, 'utf8')).toBe(`electron 45.4.1 ${process.arch}`);
    expect(lines.join('\n')).toMatch(/First launch with Electron 45\.4\.1.*building better-sqlite3-multiple-ciphers 12\.11\.1/);
    expect(existsSync(join(dir, 'stage'))).toBe(false);

    const [call] = stubCalls();
    expect(stubCalls()).toHaveLength(1);
    expect(call?.args).toEqual(expect.arrayContaining(['--version', '45.4.1', '--arch', process.arch, '--only', 'better-sqlite3-multiple-ciphers', '--force']));
    expect(call?.args[call.args.indexOf('--module-dir') + 1]).toBe(join(dir, 'stage'));

    lines = [];
    const second = await launch();
    expect(second).toMatchObject({ kind: 'electron', built: false, env: { ENGRAM_SQLITE_BINDING: binding } });
    expect(stubCalls()).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/First launch/);

    // Another Electron version gets its own build; the first stays.
    fakeElectron(root, '46.0.0');
    const third = await launch();
    expect(third).toMatchObject({ kind: 'electron', built: true });
    if (third.kind === 'electron') expect(third.env.ENGRAM_SQLITE_BINDING).toContain(`electron-46.0.0-${process.platform}-${process.arch}`);
    expect(existsSync(binding)).toBe(true);
    expect(stubCalls()).toHaveLength(2);

    expect(snapshot(nodeBuild)).toBe(before);
  });

  it('starts the Electron binary with that binding', async () => {
    const plan = await launch();
    if (plan.kind !== 'electron') throw new Error(`expected an Electron launch, got ${JSON.stringify(plan)}`);
    const ran = spawnSync(plan.binary, ['.'], { env: plan.env, encoding: 'utf8' });
    expect(JSON.parse(ran.stdout)).toEqual({ args: ['.'], binding: plan.env.ENGRAM_SQLITE_BINDING });
  });

  it('without a compiler it explains what to install and offers browser mode, and builds nothing', async () => {
    const emptyPath = mkdtempSync(join(root, 'path-'));
    const plan = await launch({ STUB_FAIL: 'compiler', PATH: emptyPath, CXX: '' });
    expect(plan).toMatchObject({ kind: 'unavailable', failure: 'no-compiler', browserModeWorks: true });
    if (plan.kind !== 'unavailable') return;
    if (process.platform !== 'win32') expect(plan.message).toMatch(/lacks a C\+\+ compiler, make, Python 3/);
    expect(plan.message).toMatch(/build-essential/);
    expect(plan.message).toMatch(/npm start/);
    expect(plan.message).toMatch(/rebuild\.log/);
    // Nothing half-built is kept: the next launch tries again.
    await launch({ STUB_FAIL: 'compiler', PATH: emptyPath, CXX: '' });
    expect(stubCalls()).toHaveLength(2);
    expect(readFileSync(join(root, 'node_modules', 'better-sqlite3-multiple-ciphers', 'build', 'Release', 'better_sqlite3.node'), 'utf8')).toBe('node build');
  });

  it('offline (with a compiler) it says the network is needed once', async () => {
    const tools = mkdtempSync(join(root, 'tools-'));
    for (const tool of ['c++', 'make', 'python3']) {
      writeFileSync(join(tools, tool), '#!/bin/sh\n');
      chmodSync(join(tools, tool), 0o755);
    }
    const plan = await launch({ STUB_FAIL: 'offline', PATH: `${tools}:${process.env.PATH ?? ''}`, CXX: '' });
    expect(plan).toMatchObject({ kind: 'unavailable', failure: 'offline' });
    if (plan.kind === 'unavailable') expect(plan.message).toMatch(/needs the network once/);
  });

  it("recognises @electron/rebuild's real output without a network", () => {
    // Printed by `electron-rebuild` 4.2.1 for Electron 45.4.1 on a machine without internet (no DEBUG).
    const output = [
      'Searching dependency tree',
      'Building modules: better-sqlite3-multiple-ciphers',
      'Error: This is most likely not a problem with node-gyp or the package itself and',
      'is related to network connectivity. In most cases you are behind a proxy or have bad ',
      'network settings.',
      '✖ Rebuild Failed',
      "node-gyp failed to rebuild '/x/stage/node_modules/better-sqlite3-multiple-ciphers'",
    ].join('\n');
    expect(explainRebuildFailure({ output, missing: [], electronVersion: '45.4.1', logFile: '/x/rebuild.log' }).kind).toBe('offline');
    expect(explainRebuildFailure({ output: 'gyp ERR! find Python', missing: [], electronVersion: '45.4.1', logFile: '/x/rebuild.log' }).kind).toBe(
      'no-compiler',
    );
  });

  it('checks Node before anything Electron: too old means no rebuild, and says what to upgrade', async () => {
    const plan = await launch({}, '20.19.0');
    expect(plan).toMatchObject({ kind: 'unavailable', browserModeWorks: true });
    if (plan.kind === 'unavailable') expect(plan.message).toMatch(/Node\.js 22\.12\.0 or newer.*this is Node\.js 20\.19\.0/s);
    expect(stubCalls()).toHaveLength(0);
    expect(desktopNodeProblem('22.12.0')).toBeNull();
    expect(desktopNodeProblem('v24.1.0')).toBeNull();
    expect(desktopNodeProblem('22.11.9')).toMatch(/Upgrade Node\.js/);
  });

  it('falls back to browser mode when no Electron binary was downloaded', async () => {
    rmSync(join(root, 'node_modules', 'electron', 'dist'), { recursive: true });
    expect(locateElectron(root)).toMatchObject({ missing: expect.stringMatching(/binary/) });
    expect(await launch()).toMatchObject({ kind: 'browser' });
    expect(stubCalls()).toHaveLength(0);
  });

  it('refuses without sqlite-vec\'s extension (browser mode needs it too)', async () => {
    rmSync(join(root, 'node_modules', VEC_PACKAGE), { recursive: true });
    expect(await launch()).toMatchObject({ kind: 'unavailable', browserModeWorks: false });
  });

  it('npm start itself: when Electron cannot be prepared it explains, offers browser mode, exits 1, and starts nothing', () => {
    // The real scripts in the fake checkout (start.mjs finds the checkout from its own location).
    cpSync(join(repoRoot, 'scripts', 'start.mjs'), join(root, 'scripts', 'start.mjs'));
    cpSync(join(repoRoot, 'scripts', 'desktop'), join(root, 'scripts', 'desktop'), { recursive: true });
    const emptyPath = mkdtempSync(join(root, 'path-'));
    const ran = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      env: { ...env({ STUB_FAIL: 'compiler', PATH: emptyPath, CXX: '' }) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(ran.status).toBe(1);
    // This Node decides which reason comes first: an old Node is refused before any rebuild.
    const reason = desktopNodeProblem() ? /needs Node\.js 22\.12\.0 or newer/ : /lacks a C\+\+ compiler/;
    expect(ran.stderr).toMatch(reason);
    expect(ran.stderr).toContain('npm start -- --browser');
    expect(ran.stdout).not.toContain('"binding"'); // the stand-in Electron never ran
  });

  it("the real command is @electron/rebuild's CLI on the staging folder only", () => {
    const { command, args } = electronRebuildCommand(repoRoot)({ stageDir: '/stage', electronVersion: '45.4.1', platform: 'linux', arch: 'x64' });
    expect(command).toBe(process.execPath);
    expect(existsSync(args[0] as string)).toBe(true);
    expect(args.slice(1)).toEqual(['--version', '45.4.1', '--platform', 'linux', '--arch', 'x64', '--module-dir', '/stage', '--only', 'better-sqlite3-multiple-ciphers', '--force']);
    expect(missingToolchain({ PATH: '' }, 'linux')).toEqual(['a C++ compiler', 'make', 'Python 3']);
  });
});
