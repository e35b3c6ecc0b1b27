// What `npm start` needs to know before it tries the desktop app: is this Node new enough for Electron's
// tooling, and where is the Electron binary npm downloaded (and which version is it).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** electron 45, @electron/get and @electron/rebuild declare `engines: node >= 22.12.0`. */
export const DESKTOP_NODE_MINIMUM = '22.12.0';

function parseVersion(version) {
  const [major = 0, minor = 0, patch = 0] = version.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10) || 0);
  return [major, minor, patch];
}

function atLeast(version, minimum) {
  const a = parseVersion(version);
  const b = parseVersion(minimum);
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

/** Null when this Node can download Electron and build native modules for it; else what to upgrade. */
export function desktopNodeProblem(nodeVersion = process.versions.node) {
  if (atLeast(nodeVersion, DESKTOP_NODE_MINIMUM)) return null;
  return (
    `The desktop app needs Node.js ${DESKTOP_NODE_MINIMUM} or newer to download Electron and build its native ` +
    `modules; this is Node.js ${nodeVersion.replace(/^v/, '')}.\n` +
    `Upgrade Node.js (https://nodejs.org, or \`nvm install 22\`), then run \`npm install\` and \`npm start\` again.\n` +
    `Browser mode, the CLI and the tests work with this Node.js.`
  );
}

/**
 * The Electron binary electron's installer put in place (node_modules/electron/path.txt names it under dist/)
 * and its version (dist/version, written with the binary; else the package's own version).
 * Returns { binary, version } or { missing } saying what is absent.
 */
export function locateElectron(root) {
  const dir = join(root, 'node_modules', 'electron');
  const pathTxt = join(dir, 'path.txt');
  if (!existsSync(pathTxt)) return { missing: `no Electron binary installed (${join('node_modules', 'electron', 'path.txt')} is absent)` };
  const binary = join(dir, 'dist', readFileSync(pathTxt, 'utf8').trim());
  if (!existsSync(binary)) return { missing: `the Electron binary ${binary} is absent` };
  const versionFile = join(dir, 'dist', 'version');
  const version = existsSync(versionFile)
    ? readFileSync(versionFile, 'utf8').trim().replace(/^v/, '')
    : JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  return { binary, version };
}
