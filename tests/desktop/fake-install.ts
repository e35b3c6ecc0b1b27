/**
 * A fake checkout for the desktop launcher and the packaging hook: better-sqlite3-multiple-ciphers with a "Node build", sqlite-vec's
 * platform package, an Electron install (package.json, path.txt, dist/version and a stand-in binary that prints
 * how it was started), and a stub in place of @electron/rebuild's CLI.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Stands in for `electron-rebuild`: records its call, checks it got a clean staging copy, writes a binding. */
export const STUB_REBUILD = `
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const args = process.argv.slice(2);
const value = (flag) => args[args.indexOf(flag) + 1];
appendFileSync(process.env.STUB_CALLS, JSON.stringify({ args, cwd: process.cwd() }) + '\\n');
const pkg = join(value('--module-dir'), 'node_modules', 'better-sqlite3-multiple-ciphers');
if (existsSync(join(pkg, 'build'))) { console.error('staging copy carries the Node build'); process.exit(2); }
if (!existsSync(join(pkg, 'src', 'better_sqlite3.cpp'))) { console.error('staging copy lacks the sources'); process.exit(2); }
if (!existsSync(join(process.cwd(), 'package-lock.json'))) { console.error('staging folder is not its own project root'); process.exit(2); }
if (process.env.STUB_FAIL === 'compiler') { console.error('gyp ERR! find Python\\nmake: not found'); process.exit(1); }
if (process.env.STUB_FAIL === 'offline') { console.error('Error: getaddrinfo ENOTFOUND artifacts.electronjs.org'); process.exit(1); }
console.log('Building modules: better-sqlite3-multiple-ciphers');
mkdirSync(join(pkg, 'build', 'Release'), { recursive: true });
writeFileSync(join(pkg, 'build', 'Release', 'better_sqlite3.node'), 'electron ' + value('--version') + ' ' + value('--arch'));
`;

export const VEC_PACKAGE = `sqlite-vec-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
export const VEC_FILE = `vec0.${process.platform === 'win32' ? 'dll' : process.platform === 'darwin' ? 'dylib' : 'so'}`;

export function fakeElectron(root: string, electronVersion: string): void {
  const electron = join(root, 'node_modules', 'electron');
  mkdirSync(join(electron, 'dist'), { recursive: true });
  writeFileSync(join(electron, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }));
  writeFileSync(join(electron, 'path.txt'), 'electron');
  writeFileSync(join(electron, 'dist', 'version'), `v${electronVersion}`);
  // The "Electron binary": prints what it was started with.
  writeFileSync(
    join(electron, 'dist', 'electron'),
    `#!/usr/bin/env node\nconsole.log(JSON.stringify({ args: process.argv.slice(2), binding: process.env.ENGRAM_SQLITE_BINDING }));\n`,
  );
  chmodSync(join(electron, 'dist', 'electron'), 0o755);
}

/** Fills `root` with the fake checkout (Electron 45.4.1, better-sqlite3-multiple-ciphers 12.11.1). */
export function fakeCheckout(root: string): void {
  const sqlite = join(root, 'node_modules', 'better-sqlite3-multiple-ciphers');
  mkdirSync(join(sqlite, 'build', 'Release'), { recursive: true });
  mkdirSync(join(sqlite, 'src'), { recursive: true });
  writeFileSync(join(sqlite, 'package.json'), JSON.stringify({ name: 'better-sqlite3-multiple-ciphers', version: '12.11.1' }));
  writeFileSync(join(sqlite, 'binding.gyp'), '{}');
  writeFileSync(join(sqlite, 'src', 'better_sqlite3.cpp'), '// sources');
  writeFileSync(join(sqlite, 'build', 'Release', 'better_sqlite3.node'), 'node build');
  mkdirSync(join(root, 'node_modules', VEC_PACKAGE), { recursive: true });
  writeFileSync(join(root, 'node_modules', VEC_PACKAGE, VEC_FILE), '');
  // The stub sits where the real CLI is, so the launcher's default command is what runs.
  const cli = join(root, 'node_modules', '@electron', 'rebuild', 'lib');
  mkdirSync(cli, { recursive: true });
  writeFileSync(join(cli, 'cli.js'), STUB_REBUILD);
  fakeElectron(root, '45.4.1');
}
