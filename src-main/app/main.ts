/// <reference types="electron-vite/node" />
/**
 * Electron main process: one instance, one window, the AppHost behind IPC. Everything else (memory, chat,
 * providers) is plain Node and lives outside src-main/app/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, Menu, shell } from 'electron';
import type { HostTransport } from '../host/host-transport';
import { WorkerHost } from '../host/worker/worker-host';
// electron-vite builds the worker entry as its own file and gives a factory that starts it.
import createHostWorker from '../host/worker/host-worker?nodeWorker';
import { stderrLogger } from '../../src-shared/clock';
import { registerIpc, pushEvent } from './ipc';
import { buildMenu } from './menu';
import { createSecretStore } from './secret-store';
import { acquireInstanceLock, InstanceLockedError } from '../platform/instance-lock';
import { alreadyRunning, checkDataFolder, moveFailed, classifyStartupError, failureMessage, type StartupFailure } from './startup-failure';
import { acknowledgeOldMemory, appDataDir, appMoveOffer, appTwoMemories } from './data-folder';
import { moveMemory } from '../data/move-data';
import { applyContentSecurityPolicy, createMainWindow, isTrustedUrl } from './window';
import { runHeadless, wantsHeadlessMcp } from './headless';
import { memoryKeychain, unlockAppMemoryKey } from './memory-keychain';
import { nativeChooseFile } from './native-dialogs';

// One data folder for the app, browser mode, the CLI and MCP (./data-folder.ts). ENGRAM_DATA_DIR (a portable
// folder; the Electron smoke test's temp folder) also holds the browser profile, so Electron's single-instance
// lock is per folder too; it is set before that lock.
// `let`: when the old folder holds a memory too, the person may choose to open that one (chooseMemory below).
let dataDir = appDataDir();
if (process.env.ENGRAM_DATA_DIR) app.setPath('userData', dataDir);

// `Engram --mcp`: another app started us to use the memory over stdio. No window and no single-instance
// lock (the window may be open on the same memory); the process ends when that app closes the pipe.
if (wantsHeadlessMcp(process.argv)) {
  runHeadless(process.argv.slice(1));
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  let host: HostTransport | null = null;

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  /** A start-up that cannot go on says why and what to do, then ends the process (and its instance lock). */
  const failStartup = (failure: StartupFailure): void => {
    stderrLogger.error(`${failure.title}: ${failure.detail}`);
    dialog.showErrorBox(failure.title, failureMessage(failure));
    app.exit(1);
  };

  /** A memory left in the folder earlier versions used: ask before moving it; false when the person quits. */
  const offerMove = (): boolean => {
    const move = appMoveOffer(dataDir);
    if (!move) return true;
    const choice = dialog.showMessageBoxSync({
      type: 'question',
      title: 'Move your memory?',
      message: 'Engram found your memory in the folder earlier versions used.',
      detail:
        `It is in ${move.from}. The app, browser mode, the CLI and MCP now share one folder: ${move.to}.\n\n` +
        'Moving keeps everything (chats, facts, settings, backups); nothing is merged or deleted. If you start with a ' +
        `new memory instead, the old one stays where it is and you can move it later with "engram move-data --from ${move.from}".`,
      buttons: ['Move it', 'Start with a new memory', 'Quit'],
      defaultId: 0,
      cancelId: 2,
      noLink: true,
    });
    if (choice === 2) return false;
    if (choice === 0) moveMemory(move.from, move.to);
    return true;
  };

  /**
   * Two memories (the data folder's and the old folder's): say so with both paths and let the person choose,
   * rather than open the new one silently. False when the person quits.
   */
  const chooseMemory = async (): Promise<boolean> => {
    const both = appTwoMemories(dataDir);
    if (!both) return true;
    const { response, checkboxChecked } = await dialog.showMessageBox({
      type: 'warning',
      title: 'Two memories found',
      message: 'Engram found a memory in two folders. Which one should it open?',
      detail:
        `The shared folder (used by the app, browser mode, the CLI and MCP): ${both.current}\n` +
        `The folder earlier versions of the app used: ${both.other}\n\n` +
        'Nothing is merged or deleted: the other memory stays where it is, and Engram asks again at the next start ' +
        `unless you tick the box below. The CLI reaches the old one with "engram --data-dir ${both.other}".`,
      buttons: ['Open the shared folder’s memory', 'Open the old folder’s memory', 'Quit'],
      defaultId: 0,
      cancelId: 2,
      checkboxLabel: 'Keep opening the shared folder’s memory without asking',
      noLink: true,
    });
    if (response === 2) return false;
    if (response === 1) dataDir = both.other;
    else if (checkboxChecked) acknowledgeOldMemory(both.current, both.other);
    return true;
  };

  const start = async (): Promise<void> => {
    const userData = app.getPath('userData');
    try {
      if (!offerMove()) return void app.quit();
    } catch (error) {
      return failStartup(moveFailed(error));
    }
    if (!(await chooseMemory())) return void app.quit();
    const context = { dataDir, packaged: app.isPackaged };
    const folderProblem = checkDataFolder(context);
    if (folderProblem) return failStartup(folderProblem);
    // Electron's single-instance lock is per profile; this one is per data folder, shared with browser mode.
    try {
      process.on('exit', acquireInstanceLock(dataDir, 'desktop app'));
    } catch (error) {
      if (error instanceof InstanceLockedError) return failStartup(alreadyRunning(error));
      throw error;
    }
    // `npm start` builds better-sqlite3 for Electron's ABI in its own folder and passes it here; a packaged
    // app has it rebuilt in place (scripts/packaging/after-pack.mjs), so there is nothing to pass.
    const nativeBinding = process.env.ENGRAM_SQLITE_BINDING;
    // The engine runs on a worker thread: this process routes IPC and keeps the window responsive. Secrets stay
    // here (safeStorage is main-process only) and are lent to the worker on request.
    try {
      const keychain = memoryKeychain();
      host = await WorkerHost.start({
        dataDir,
        // Asked at every start of the engine's thread (a restart after a crash finds a key made since).
        memoryKey: () => unlockAppMemoryKey(dataDir),
        ...(keychain ? { keychain } : {}),
        secrets: createSecretStore(dataDir, stderrLogger),
        mode: 'electron',
        version: app.getVersion(),
        installation: {
          packaged: app.isPackaged,
          execPath: process.execPath,
          appRoot: app.getAppPath(),
          ...(process.env.APPIMAGE ? { appImage: process.env.APPIMAGE } : {}),
        },
        logger: stderrLogger,
        ...(nativeBinding ? { nativeBinding } : {}),
        spawn: (options) => createHostWorker(options),
      });
    } catch (error) {
      return failStartup(classifyStartupError(error, context));
    }
    applyContentSecurityPolicy();
    registerIpc(host, isTrustedUrl, { 'ui.chooseFile': nativeChooseFile(dataDir) });
    host.subscribe((name, payload) => pushEvent(win, name, payload));
    // A checkout has its README next to the app; a package does not ship it (Help → About names the docs).
    const readme = join(app.getAppPath(), 'README.md');
    app.setAboutPanelOptions({ applicationName: 'Engram', applicationVersion: app.getVersion(), credits: `Data folder: ${dataDir}` });
    Menu.setApplicationMenu(
      buildMenu({
        newChat: () => pushEvent(win, 'ui.command', { command: 'new-chat' }),
        openSettings: () => pushEvent(win, 'ui.command', { command: 'open-settings' }),
        openHelp: () => pushEvent(win, 'ui.command', { command: 'open-help' }),
        openDataFolder: () => void shell.openPath(dataDir),
        ...(existsSync(readme) ? { openReadme: () => void shell.openPath(readme) } : {}),
      }),
    );
    win = createMainWindow(userData);
    win.on('closed', () => {
      win = null;
    });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) win = createMainWindow(userData);
    });
  };

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => failStartup(classifyStartupError(error, { dataDir, packaged: app.isPackaged })));

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Let replies in flight stop and the engine commit before the process ends.
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting || !host) return;
    event.preventDefault();
    quitting = true;
    void host.close().finally(() => app.quit());
  });
}

