// What `npm start` does before it runs Electron, as one function a test can drive against a fake install:
// Node new enough, the Electron binary present, sqlite-vec's extension installed, better-sqlite3 built for
// this Electron (once, in its own folder). The result says what to run, with which environment, or why not.
import { desktopNodeProblem, locateElectron } from './electron-install.mjs';
import { electronRebuildCommand, ensureElectronSqliteBinding, sqliteVecExtension } from './native-modules.mjs';

export async function prepareDesktopLaunch({
  root,
  nodeVersion = process.versions.node,
  env = process.env,
  platform = process.platform,
  arch = process.arch,
  cacheRoot,
  rebuildCommand = electronRebuildCommand(root),
  log = (line) => console.log(line),
}) {
  const electron = locateElectron(root);
  const nodeProblem = desktopNodeProblem(nodeVersion);
  if (electron.missing) {
    return { kind: 'browser', note: `${electron.missing}: starting browser mode.${nodeProblem ? `\n${nodeProblem}` : ''}` };
  }
  if (nodeProblem) return { kind: 'unavailable', message: nodeProblem, browserModeWorks: true };

  if (!sqliteVecExtension(root, platform, arch)) {
    const pkg = `sqlite-vec-${platform === 'win32' ? 'windows' : platform}-${arch}`;
    return {
      kind: 'unavailable',
      message:
        `sqlite-vec's extension for ${platform}-${arch} is not installed (the optional npm package ${pkg}).\n` +
        'Run `npm install` again without --omit=optional; Engram needs it in every mode.',
      browserModeWorks: false,
    };
  }

  const launchEnv = { ...env };
  delete launchEnv.ELECTRON_RUN_AS_NODE;
  if (env.ENGRAM_SQLITE_BINDING) {
    log(`[engram] Using ENGRAM_SQLITE_BINDING=${env.ENGRAM_SQLITE_BINDING}`);
    return { kind: 'electron', binary: electron.binary, version: electron.version, env: launchEnv, built: false };
  }
  const result = await ensureElectronSqliteBinding({
    root,
    electronVersion: electron.version,
    platform,
    arch,
    rebuildCommand,
    env,
    log,
    ...(cacheRoot ? { cacheRoot } : {}),
  });
  if (!result.ok) return { kind: 'unavailable', message: result.message, browserModeWorks: true, failure: result.kind };
  return {
    kind: 'electron',
    binary: electron.binary,
    version: electron.version,
    env: { ...launchEnv, ENGRAM_SQLITE_BINDING: result.binding },
    built: result.built,
  };
}
