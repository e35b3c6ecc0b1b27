// `npm start [-- --browser] [-- --data-dir DIR --port N]`: the Electron app when its binary is installed,
// otherwise browser mode (the same renderer and API on http://127.0.0.1). Never triggers Electron's download.
// Before Electron starts: Node is new enough for Electron's tooling, sqlite-vec's extension is installed, and
// better-sqlite3 is built for Electron's ABI in its own folder (once; see desktop/native-modules.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { prepareDesktopLaunch } from './desktop/launch.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const forceBrowser = args.includes('--browser');

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function run(cmd, cmdArgs, env = process.env) {
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

async function startBrowserMode() {
  const lock = statSync(join(root, 'package-lock.json')).mtimeMs;
  const stale = (output, sources) => !existsSync(output) || Math.max(lock, ...sources.map(newestMtime)) > statSync(output).mtimeMs;
  const builder = () => import('./build-renderer.mjs');
  if (stale(join(root, 'out', 'renderer', 'index.html'), [join(root, 'src-renderer'), join(root, 'src-shared')])) {
    console.log('[engram] building the interface…');
    await (await builder()).buildRenderer({ quiet: true });
  }
  const host = join(root, 'out', 'web', 'main.mjs');
  if (stale(host, [join(root, 'src-main'), join(root, 'src-shared')])) {
    console.log('[engram] building the browser-mode host…');
    await (await builder()).buildWebHost({ quiet: true });
  }
  const hostArgs = args.filter((a) => a !== '--browser');
  run(process.execPath, [host, '--renderer-dir', join(root, 'out', 'renderer'), ...hostArgs]);
}

/** The desktop app cannot start: say why, and offer browser mode (asked on a terminal, else printed). */
async function offerBrowserMode(message) {
  console.error(`\n[engram] ${message.replaceAll('\n', '\n[engram] ')}\n`);
  if (process.stdin.isTTY && process.stdout.isTTY) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await prompt.question('Start browser mode instead (the same app, in your web browser)? [Y/n] ');
    prompt.close();
    if (!/^\s*n/i.test(answer)) return startBrowserMode();
  } else {
    console.error('[engram] Browser mode (the same app, in your web browser) works without it: npm start -- --browser');
  }
  process.exit(1);
}

async function startDesktop() {
  const plan = await prepareDesktopLaunch({ root });
  if (plan.kind === 'browser') {
    console.log(`[engram] ${plan.note.replaceAll('\n', '\n[engram] ')}`);
    return startBrowserMode();
  }
  if (plan.kind === 'unavailable') {
    if (plan.browserModeWorks) return offerBrowserMode(plan.message);
    console.error(`[engram] ${plan.message.replaceAll('\n', '\n[engram] ')}`);
    process.exit(1);
  }
  const built = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  run(plan.binary, ['.', ...args], plan.env);
}

if (forceBrowser) await startBrowserMode();
else await startDesktop();
