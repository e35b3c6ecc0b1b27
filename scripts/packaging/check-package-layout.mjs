#!/usr/bin/env node
// `node scripts/packaging/check-package-layout.mjs`: packs the app the way `npm run dist` does (electron-builder
// with electron-builder.json and the real afterPack hook), but into a temp folder, as an unpacked directory, with a
// stand-in for Electron's binary and a stand-in Electron build of better-sqlite3-multiple-ciphers — so it runs where Electron cannot
// be downloaded. It then checks what the packaged app loads at run time: the app code and every production
// dependency in app.asar (and no dev dependency), better-sqlite3-multiple-ciphers's binding (the hook's copy) and sqlite-vec's
// extension and the sentence encoder's weights and WebAssembly in app.asar.unpacked, the word vectors in resources/. Linux only (the stand-in is a Linux layout);
// needs `npm run build` output in out/, and a node_modules of the checkout's own (electron-builder's dependency
// collector misses packages behind a symlinked node_modules, as in a git worktree). What it cannot check: that the real Electron starts (e2e/electron.spec.ts).
import { appendFileSync, chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterPack, packagedResourcesDir } from './after-pack.mjs';
import { BINDING_FILE, electronNativeDir } from '../desktop/native-modules.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

if (process.platform !== 'linux') {
  console.log(`DID NOT RUN: the stand-in Electron is a Linux layout; this is ${process.platform}. Use \`npm run dist\` here.`);
  process.exit(0);
}
if (!existsSync(join(root, 'out', 'main', 'index.js'))) {
  console.log('DID NOT RUN: out/main/index.js is missing; run `npm run build` first.');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'engram-pack-'));
const failures = [];
const expect = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`);
  if (!ok) failures.push(what);
};

try {
  const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  const electronDist = join(work, 'electron-dist');
  mkdirSync(join(electronDist, 'resources'), { recursive: true });
  writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\necho "stand-in for Electron"\n');
  chmodSync(join(electronDist, 'electron'), 0o755);
  writeFileSync(join(electronDist, 'version'), electronVersion);

  // The "Electron build": the Node build with a marker, so the packaged copy can be told apart.
  const cacheRoot = join(work, 'native');
  const sqliteVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'better-sqlite3-multiple-ciphers', 'package.json'), 'utf8')).version;
  const standIn = join(electronNativeDir({ cacheRoot, electronVersion, platform: 'linux', arch: process.arch }), `better-sqlite3-multiple-ciphers@${sqliteVersion}`, BINDING_FILE);
  mkdirSync(join(standIn, '..'), { recursive: true });
  copyFileSync(join(root, 'node_modules', 'better-sqlite3-multiple-ciphers', 'build', 'Release', BINDING_FILE), standIn);
  appendFileSync(standIn, 'ENGRAM-STAND-IN-ELECTRON-BUILD');

  const config = JSON.parse(readFileSync(join(root, 'electron-builder.json'), 'utf8'));
  delete config.$schema;
  const { build, Platform } = require('electron-builder');
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: {
      ...config,
      electronDist,
      electronVersion,
      directories: { ...config.directories, output: join(work, 'out') },
      // The real hook, pointed at the stand-in build instead of building one.
      afterPack: (context) => afterPack(context, { cacheRoot }),
    },
  });

  const appOutDir = join(work, 'out', process.arch === 'arm64' ? 'linux-arm64-unpacked' : 'linux-unpacked');
  const resources = packagedResourcesDir({ appOutDir, electronPlatformName: 'linux', productFilename: config.productName });
  const { listPackage } = require('@electron/asar');
  const files = new Set(listPackage(join(resources, 'app.asar')));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

  for (const f of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']) expect(files.has(f), `app.asar has ${f}`);
  // The engine's worker thread is its own chunk next to index.js (electron-vite's ?nodeWorker).
  expect([...files].some((f) => /^\/out\/main\/host-worker-[\w-]+\.js$/.test(f)), 'app.asar has the engine worker out/main/host-worker-*.js');
  const missingDeps = Object.keys(pkg.dependencies).filter((d) => !files.has(`/node_modules/${d}/package.json`));
  expect(missingDeps.length === 0, `app.asar has every dependency${missingDeps.length ? ` (missing: ${missingDeps.join(', ')})` : ''}`);
  expect(files.has('/node_modules/bindings/package.json'), 'app.asar has better-sqlite3-multiple-ciphers\'s own dependency `bindings`');
  const leaked = Object.keys(pkg.devDependencies).filter((d) => files.has(`/node_modules/${d}/package.json`));
  expect(leaked.length === 0, `no dev dependency in app.asar${leaked.length ? ` (found: ${leaked.join(', ')})` : ''}`);
  expect(![...files].some((f) => /better-sqlite3\/(deps|src)\/|obj\.target|test_extension/.test(f)), "no better-sqlite3-multiple-ciphers sources or object files");

  const unpacked = join(resources, 'app.asar.unpacked', 'node_modules');
  const binding = join(unpacked, 'better-sqlite3-multiple-ciphers', 'build', 'Release', BINDING_FILE);
  expect(existsSync(binding) && readFileSync(binding).equals(readFileSync(standIn)), 'app.asar.unpacked has the Electron build of better-sqlite3-multiple-ciphers (put there by afterPack)');
  const vecPackage = `sqlite-vec-linux-${process.arch}`;
  expect(existsSync(join(unpacked, vecPackage, 'vec0.so')), `app.asar.unpacked has ${vecPackage}/vec0.so`);
  expect(existsSync(join(resources, 'word-vectors', 'glove-100d-en.bin')), 'resources/word-vectors/glove-100d-en.bin');
  // The sentence encoder reads its weights and its WebAssembly runtime from files beside its code (fs, not require):
  // inside app.asar they could not be read as files.
  const encoderFiles = [
    'model-embeddings-en/dist/model.json',
    'model-embeddings-en/dist/vocab.json',
    ...[1, 2, 3, 4, 5, 6, 7].map((i) => `model-embeddings-en/dist/group1-shard${i}of7`),
    'core/dist/tfjs-backend-wasm.wasm',
    'core/dist/tfjs-backend-wasm-simd.wasm',
  ];
  const encoderMissing = encoderFiles.filter((f) => !existsSync(join(unpacked, '@energetic-ai', f)));
  expect(encoderMissing.length === 0, `app.asar.unpacked has the sentence encoder's files${encoderMissing.length ? ` (missing: ${encoderMissing.join(', ')})` : ''}`);
  expect(existsSync(join(appOutDir, pkg.name)), `the executable is named ${pkg.name}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.log(`\n${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('\nthe packaged layout is what the app expects (the real Electron binary was not run)');
