// `npm start [-- --browser] [-- --data-dir DIR --port N]`: the Electron app when its binary is installed,
// otherwise browser mode (the same renderer and API on http://127.0.0.1). Never triggers Electron's download.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const forceBrowser = args.includes('--browser');

/** The binary electron's installer would have put in place; null when it was never downloaded. */
function electronBinary() {
  const dir = join(root, 'node_modules', 'electron');
  const pathTxt = join(dir, 'path.txt');
  if (!existsSync(pathTxt)) return null;
  const bin = join(dir, 'dist', readFileSync(pathTxt, 'utf8').trim());
  return existsSync(bin) ? bin : null;
}

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function run(cmd, cmdArgs) {
  const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const electron = forceBrowser ? null : electronBinary();
if (electron) {
  const built = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  run(electron, ['.', ...args]);
} else {
  if (!forceBrowser) console.log('[engram] No Electron binary installed (node_modules/electron/dist): starting browser mode.');
  const lock = statSync(join(root, 'package-lock.json')).mtimeMs;
  const stale = (output, sources) => !existsSync(output) || Math.max(lock, ...sources.map(newestMtime)) > statSync(output).mtimeMs;
  const builder = () => import('./build-renderer.mjs');
  if (stale(join(root, 'out', 'renderer', 'index.html'), [join(root, 'src-renderer')])) {
    console.log('[engram] building the interface…');
    await (await builder()).buildRenderer({ quiet: true });
  }
  const host = join(root, 'out', 'web', 'main.mjs');
  if (stale(host, [join(root, 'src-main')])) {
    console.log('[engram] building the browser-mode host…');
    await (await builder()).buildWebHost({ quiet: true });
  }
  const hostArgs = args.filter((a) => a !== '--browser');
  run(process.execPath, [host, '--renderer-dir', join(root, 'out', 'renderer'), ...hostArgs]);
}
