#!/usr/bin/env node
// `npm run dist [-- <electron-builder options>]`: installers for this system (AppImage and deb on Linux, dmg on
// macOS, nsis on Windows; electron-builder.json), from a fresh electron-vite build. Native modules are compiled
// for the system they run on, so each system's installers are built on that system.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { desktopNodeProblem } from '../desktop/electron-install.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const problem = desktopNodeProblem();
if (problem) {
  console.error(`[engram] ${problem.replaceAll('\n', '\n[engram] ')}`);
  process.exit(1);
}

function step(label, script, args) {
  console.log(`[engram] ${label}`);
  const result = spawnSync(process.execPath, [join(root, 'node_modules', ...script), ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

step('building the app (electron-vite)…', ['electron-vite', 'bin', 'electron-vite.js'], ['build']);
step('packaging (electron-builder)…', ['electron-builder', 'cli.js'], ['--config', 'electron-builder.json', '--publish', 'never', ...process.argv.slice(2)]);
console.log(`[engram] installers are in ${join(root, 'dist')}`);
