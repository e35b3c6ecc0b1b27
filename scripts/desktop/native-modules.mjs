// better-sqlite3-multiple-ciphers built for Electron's ABI, kept apart from the Node build in node_modules/better-sqlite3-multiple-ciphers/build
// (which the tests, the CLI and browser mode load). One folder per Electron version, platform and arch:
//
//   node_modules/.cache/engram-electron/electron-45.4.1-linux-x64/better-sqlite3-multiple-ciphers@12.11.1/better_sqlite3.node
//
// The build happens in a staging copy of the package (its sources, never its build/), made its own project
// root by an empty lockfile so that @electron/rebuild cannot walk up into the real node_modules. The result
// is renamed into place only when complete, so an interrupted build is simply redone next time.
//
// sqlite-vec needs nothing of the kind: vec0.so/.dylib/.dll is a SQLite loadable extension with no Node ABI,
// and npm's platform package (sqlite-vec-<os>-<arch>) serves Node and Electron alike.
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join, relative, sep } from 'node:path';

export const BINDING_FILE = 'better_sqlite3.node';

/** The folder for one Electron version, platform and arch. */
export function electronNativeDir({ cacheRoot, electronVersion, platform, arch }) {
  return join(cacheRoot, `electron-${electronVersion}-${platform}-${arch}`);
}

export function defaultCacheRoot(root) {
  return join(root, 'node_modules', '.cache', 'engram-electron');
}

/** `electron-rebuild` for one module in the staging folder (it tries a prebuilt download, then compiles). */
export function electronRebuildCommand(root) {
  return ({ stageDir, electronVersion, platform, arch }) => ({
    command: process.execPath,
    args: [
      join(root, 'node_modules', '@electron', 'rebuild', 'lib', 'cli.js'),
      '--version', electronVersion,
      '--platform', platform,
      '--arch', arch,
      '--module-dir', stageDir,
      '--only', 'better-sqlite3-multiple-ciphers',
      '--force',
    ],
  });
}

/** sqlite-vec's loadable extension for a platform, as npm installed it; null when the package is absent. */
export function sqliteVecExtension(root, platform = process.platform, arch = process.arch) {
  const os = platform === 'win32' ? 'windows' : platform;
  const suffix = platform === 'win32' ? 'dll' : platform === 'darwin' ? 'dylib' : 'so';
  const file = join(root, 'node_modules', `sqlite-vec-${os}-${arch}`, `vec0.${suffix}`);
  return existsSync(file) ? file : null;
}

function isExecutable(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Whether a command is on PATH (with PATHEXT on Windows). */
export function onPath(name, env = process.env, platform = process.platform) {
  const dirs = (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean);
  const exts = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  return dirs.some((dir) => exts.some((ext) => isExecutable(join(dir, name + ext))));
}

/** What node-gyp would need and this machine lacks (Unix only; Visual Studio is not found by PATH). */
export function missingToolchain(env = process.env, platform = process.platform) {
  if (platform === 'win32') return [];
  const missing = [];
  const cxx = env.CXX ? [env.CXX.split(' ')[0]] : ['c++', 'g++', 'clang++'];
  if (!cxx.some((c) => (c.includes(sep) ? isExecutable(c) : onPath(c, env, platform)))) missing.push('a C++ compiler');
  if (!onPath('make', env, platform)) missing.push('make');
  if (!onPath('python3', env, platform) && !onPath('python', env, platform)) missing.push('Python 3');
  return missing;
}

const INSTALL_TOOLCHAIN =
  '  Debian/Ubuntu: sudo apt-get install build-essential python3\n' +
  '  Fedora:        sudo dnf install gcc-c++ make python3\n' +
  '  macOS:         xcode-select --install\n' +
  '  Windows:       Visual Studio Build Tools ("Desktop development with C++") and Python 3';

// node-gyp's own words when the headers download fails are the last alternatives (seen with no network).
const OFFLINE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|getaddrinfo|socket hang up|network connectivity|bad network settings/i;
const NO_COMPILER = /gyp ERR! (find Python|find VS)|Could not find any (Python|Visual Studio)|not found: (make|c\+\+|g\+\+|cc)\b|No Xcode or CLT|xcrun: error/i;

/** Why a rebuild failed, in words a person can act on. */
export function explainRebuildFailure({ output, missing, electronVersion, logFile }) {
  const tail = output.trim().split('\n').slice(-12).map((l) => `  | ${l}`).join('\n');
  const head = `Engram could not build better-sqlite3-multiple-ciphers (its database driver) for Electron ${electronVersion}.`;
  const where = `Full log: ${logFile}`;
  if (missing.length > 0 || NO_COMPILER.test(output)) {
    const lacks = missing.length > 0 ? missing.join(', ') : 'a working C++ toolchain';
    return {
      kind: 'no-compiler',
      message:
        `${head}\nNo prebuilt binary could be downloaded${OFFLINE.test(output) ? ' (no network)' : ''}, and this machine lacks ` +
        `${lacks} to compile one. Install the build tools:\n${INSTALL_TOOLCHAIN}\nthen run \`npm start\` again. ${where}`,
    };
  }
  if (OFFLINE.test(output)) {
    return {
      kind: 'offline',
      message:
        `${head}\nIt needs the network once (Electron's headers, or a prebuilt binary), and the download failed.\n` +
        `Connect to the internet and run \`npm start\` again; later launches reuse the build offline. ${where}`,
    };
  }
  return { kind: 'build-failed', message: `${head}\nThe build's last lines:\n${tail}\n${where}` };
}

function runLogged({ command, args, cwd, env, logFile, log }) {
  return new Promise((resolve) => {
    const file = createWriteStream(logFile);
    const lines = [];
    let partial = '';
    const take = (chunk) => {
      file.write(chunk);
      const text = partial + chunk.toString();
      const parts = text.split(/\r?\n/);
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line.trim()) log(`  | ${line}`);
      }
    };
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const done = (status, error) => {
      if (partial) lines.push(partial);
      if (error) lines.push(String(error));
      file.end(() => resolve({ status, output: lines.join('\n') }));
    };
    child.on('error', (error) => done(1, error));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/**
 * The better-sqlite3-multiple-ciphers binding for this Electron: reused when it exists, otherwise built once (first launch).
 * Resolves to { ok: true, binding, built } or { ok: false, kind, message }; never touches
 * node_modules/better-sqlite3-multiple-ciphers (it is read, copied without its build/, and left as it was).
 */
export async function ensureElectronSqliteBinding({
  root,
  electronVersion,
  platform = process.platform,
  arch = process.arch,
  cacheRoot = defaultCacheRoot(root),
  rebuildCommand = electronRebuildCommand(root),
  env = process.env,
  log = (line) => console.log(line),
}) {
  const packageDir = join(root, 'node_modules', 'better-sqlite3-multiple-ciphers');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const dir = electronNativeDir({ cacheRoot, electronVersion, platform, arch });
  const bindingDir = join(dir, `better-sqlite3-multiple-ciphers@${version}`);
  const binding = join(bindingDir, BINDING_FILE);
  if (existsSync(binding)) return { ok: true, binding, built: false };

  log(
    `[engram] First launch with Electron ${electronVersion} (${platform}-${arch}): building better-sqlite3-multiple-ciphers ${version} for it.\n` +
      `[engram] This happens once (a download, or about two minutes of compiling); later launches reuse\n` +
      `[engram] ${relative(root, bindingDir) || bindingDir}. The Node build in node_modules/better-sqlite3-multiple-ciphers stays as it is.`,
  );
  const stageDir = join(dir, 'stage');
  rmSync(stageDir, { recursive: true, force: true });
  const stagedPackage = join(stageDir, 'node_modules', 'better-sqlite3-multiple-ciphers');
  const skip = new Set([join(packageDir, 'build'), join(packageDir, 'node_modules')]);
  cpSync(packageDir, stagedPackage, { recursive: true, filter: (src) => !skip.has(src) });
  writeFileSync(
    join(stageDir, 'package.json'),
    JSON.stringify({ name: 'engram-electron-native', private: true, dependencies: { 'better-sqlite3-multiple-ciphers': version } }, null, 2),
  );
  // @electron/rebuild takes the nearest folder with a lockfile as the project root and rebuilds every copy of
  // the module between there and --module-dir: this one keeps it inside the staging folder.
  writeFileSync(join(stageDir, 'package-lock.json'), '{}\n');

  const logFile = join(dir, 'rebuild.log');
  const { command, args } = rebuildCommand({ stageDir, electronVersion, platform, arch });
  const result = await runLogged({ command, args, cwd: stageDir, env, logFile, log });
  const produced = join(stagedPackage, 'build', 'Release', BINDING_FILE);
  if (result.status !== 0 || !existsSync(produced)) {
    const output = result.status === 0 ? `${result.output}\n(the rebuild finished but produced no ${BINDING_FILE})` : result.output;
    return { ok: false, ...explainRebuildFailure({ output, missing: missingToolchain(env, platform), electronVersion, logFile }) };
  }
  mkdirSync(bindingDir, { recursive: true });
  cpSync(produced, `${binding}.partial`);
  renameSync(`${binding}.partial`, binding);
  rmSync(stageDir, { recursive: true, force: true });
  log(`[engram] Built ${relative(root, binding) || binding}.`);
  return { ok: true, binding, built: true };
}
