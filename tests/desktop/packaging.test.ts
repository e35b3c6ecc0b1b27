/**
 * `npm run dist`'s configuration: valid by electron-builder's own schema and checks, every file it names exists,
 * the native files it unpacks are real, the icons are rendered from resources/icon.svg, and the afterPack hook
 * puts the Electron build of better-sqlite3-multiple-ciphers into a packaged tree (built in a temp folder) without touching the
 * Node build.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import { DebugLogger } from 'builder-util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { afterPack, packagedResourcesDir } from '../../scripts/packaging/after-pack.mjs';
import { fakeCheckout, VEC_FILE, VEC_PACKAGE } from './fake-install';

const repo = join(import.meta.dirname, '..', '..');
const config = JSON.parse(readFileSync(join(repo, 'electron-builder.json'), 'utf8')) as Configuration & {
  afterPack: string;
  asarUnpack: string[];
  extraResources: { from: string; to: string; filter: string[] }[];
  linux: { icon: string; target: string[] };
  mac: { icon: string; target: string[] };
  win: { icon: string; target: string[] };
  directories: { buildResources: string; output: string };
};
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string>; main: string; version: string };

describe('electron-builder.json', () => {
  it("passes electron-builder's own validation (its scheme.json), and a wrong key would not", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, asarUnpak: [] } as Configuration, new DebugLogger(false))).rejects.toThrow(/asarUnpak/);
  });

  it('builds AppImage and deb, dmg, nsis; names the app', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.appId).toBe('app.engram.desktop');
    expect(config.productName).toBe('Engram');
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+/); // electron-builder takes the version from package.json
    expect(pkg.scripts.dist).toBe('node scripts/packaging/dist.mjs');
    expect(config.npmRebuild).toBe(false); // it would rebuild node_modules/better-sqlite3-multiple-ciphers in place
  });

  it('every file it references exists', () => {
    for (const icon of [config.mac.icon, config.win.icon, join(config.linux.icon, '512x512.png'), join(config.linux.icon, '16x16.png')]) {
      expect(existsSync(join(repo, icon)), icon).toBe(true);
    }
    expect(statSync(join(repo, config.directories.buildResources)).isDirectory()).toBe(true);
    expect(existsSync(join(repo, config.afterPack))).toBe(true);
    expect(existsSync(join(repo, 'scripts', 'packaging', 'dist.mjs'))).toBe(true);
    for (const extra of config.extraResources) {
      expect(statSync(join(repo, extra.from)).isDirectory()).toBe(true);
      expect(readdirSync(join(repo, extra.from)).some((f) => f.endsWith('.bin'))).toBe(true);
    }
    expect(existsSync(join(repo, 'resources', 'word-vectors', 'glove-100d-en.bin'))).toBe(true);
    // The app entry is electron-vite's main bundle, which the `files` list ships.
    expect(pkg.main).toBe('./out/main/index.js');
    expect(config.files).toContain('out/main/**/*');
  });

  it('unpacks the native files the app loads: better-sqlite3-multiple-ciphers and sqlite-vec', () => {
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3-multiple-ciphers/build/Release/*.node');
    expect(existsSync(join(repo, 'node_modules', 'better-sqlite3-multiple-ciphers', 'build', 'Release', 'better_sqlite3.node'))).toBe(true);
    expect(config.asarUnpack).toContain('node_modules/sqlite-vec-*/**/*');
    expect(existsSync(join(repo, 'node_modules', VEC_PACKAGE, VEC_FILE))).toBe(true);
  });

  it('ships only packages the app loads: each production dependency is imported at run time, or is a peer of one', () => {
    const dependencies = Object.keys((JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    // Loaded by another dependency, which names it a peer rather than installing it.
    const peers = new Map([['@energetic-ai/core', '@energetic-ai/embeddings']]);
    const sources = ['src-main', 'src-renderer', 'src-preload', 'src-shared'].flatMap((dir) => sourceFiles(join(repo, dir))).map((f) => readFileSync(f, 'utf8'));
    const loaded = (name: string): boolean => {
      const spec = `'${name}(?:/[^']*)?'`;
      // "import x from", "import { x } from", "import('…')", "require('…')", "import '…'" — not "import type".
      const runtime = new RegExp(`(?:^import (?!type\\b)[^;]*?from ${spec}|import\\(${spec}\\)|require\\(${spec}\\)|^import ${spec})`, 'm');
      return sources.some((text) => runtime.test(text));
    };
    for (const name of dependencies) {
      const peerOf = peers.get(name);
      if (peerOf) expect(dependencies, `${name} is a peer of ${peerOf}`).toContain(peerOf);
      else expect(loaded(name), `${name} is loaded at run time (a package used for its types alone is a dev dependency)`).toBe(true);
    }
    // Plain better-sqlite3 is a Node build for tests and types: the app opens its memory with the cipher build.
    expect(dependencies).not.toContain('better-sqlite3');
  });

  it('unpacks the sentence encoder: its weights and WebAssembly runtime are read by path from their package folders', () => {
    expect(config.asarUnpack).toContain('node_modules/@energetic-ai/**/*');
    expect(existsSync(join(repo, 'node_modules', '@energetic-ai', 'model-embeddings-en', 'dist', 'model.json'))).toBe(true);
    expect(existsSync(join(repo, 'node_modules', '@energetic-ai', 'core', 'dist', 'tfjs-backend-wasm-simd.wasm'))).toBe(true);
  });

  it('the committed icons are rendered from resources/icon.svg', () => {
    const check = spawnSync(process.execPath, [join(repo, 'scripts', 'render-icons.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stdout).toContain('icons match resources/icon.svg');
    expect(check.status).toBe(0);
    const png = readFileSync(join(repo, 'resources', 'build', 'icon.png'));
    expect(png.readUInt32BE(16)).toBe(1024); // IHDR width
    expect(readFileSync(join(repo, 'resources', 'build', 'icon.icns')).subarray(0, 4).toString()).toBe('icns');
    expect(readFileSync(join(repo, 'resources', 'build', 'icon.ico')).readUInt16LE(2)).toBe(1); // ICO type
  });
});

describe('afterPack hook', () => {
  let root: string;
  let out: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'engram-dist-'));
    fakeCheckout(root);
    // What electron-builder leaves in appOutDir (Linux/Windows layout): the Node build copied into app.asar.unpacked.
    out = join(root, 'dist', 'linux-unpacked');
    const resources = packagedResourcesDir({ appOutDir: out, electronPlatformName: process.platform, productFilename: 'Engram' });
    const unpacked = join(resources, 'app.asar.unpacked', 'node_modules');
    const binding = join(unpacked, 'better-sqlite3-multiple-ciphers', 'build', 'Release', 'better_sqlite3.node');
    mkdirSync(dirname(binding), { recursive: true });
    copyFileSync(join(root, 'node_modules', 'better-sqlite3-multiple-ciphers', 'build', 'Release', 'better_sqlite3.node'), binding);
    mkdirSync(join(unpacked, VEC_PACKAGE), { recursive: true });
    writeFileSync(join(unpacked, VEC_PACKAGE, VEC_FILE), '');
    mkdirSync(join(resources, 'word-vectors'), { recursive: true });
    writeFileSync(join(resources, 'word-vectors', 'glove-100d-en.bin'), '');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const context = () => ({
    appOutDir: out,
    electronPlatformName: process.platform,
    arch: process.arch === 'arm64' ? 3 : 1,
    packager: { projectDir: root, appInfo: { productFilename: 'Engram' }, config: {} },
  });
  const resources = () => packagedResourcesDir({ appOutDir: out, electronPlatformName: process.platform, productFilename: 'Engram' });

  it('puts the Electron build into the package and leaves the Node build alone', async () => {
    await afterPack(context(), { env: { ...process.env, STUB_CALLS: join(root, 'calls.jsonl') }, log: () => undefined });
    const packaged = join(resources(), 'app.asar.unpacked', 'node_modules', 'better-sqlite3-multiple-ciphers', 'build', 'Release', 'better_sqlite3.node');
    expect(readFileSync(packaged, 'utf8')).toBe(`electron 45.4.1 ${process.arch}`);
    expect(readFileSync(join(root, 'node_modules', 'better-sqlite3-multiple-ciphers', 'build', 'Release', 'better_sqlite3.node'), 'utf8')).toBe('node build');
  });

  it('refuses a package without sqlite-vec or the word vectors, and a foreign target system', async () => {
    const env = { ...process.env, STUB_CALLS: join(root, 'calls.jsonl') };
    rmSync(join(resources(), 'word-vectors'), { recursive: true });
    await expect(afterPack(context(), { env, log: () => undefined })).rejects.toThrow(/word vectors are not in the package/);
    rmSync(join(resources(), 'app.asar.unpacked', 'node_modules', VEC_PACKAGE), { recursive: true });
    await expect(afterPack(context(), { env, log: () => undefined })).rejects.toThrow(/sqlite-vec's extension is not in the package/);
    const foreign = process.platform === 'win32' ? 'linux' : 'win32';
    await expect(afterPack({ ...context(), electronPlatformName: foreign }, { env })).rejects.toThrow(/built on/);
  });
});

/** Every .ts, .tsx, .mjs file under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(?:ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}
