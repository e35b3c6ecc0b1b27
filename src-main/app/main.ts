/// <reference types="electron-vite/node" />
/**
 * Electron main process: one instance, one window, the AppHost behind IPC. Everything else (memory, chat,
 * providers) is plain Node and lives outside src-main/app/.
 */
import { app, BrowserWindow, dialog, Menu } from 'electron';
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
import { appDataDir, appMoveOffer } from './data-folder';
import { moveMemory } from '../data/move-data';
import { applyContentSecurityPolicy, createMainWindow, isTrustedUrl } from './window';

// One data folder for the app, browser mode, the CLI and MCP (./data-folder.ts). ENGRAM_DATA_DIR (a portable
// folder; the Electron smoke test's temp folder) also holds the browser profile, so Electron's single-instance
// lock is per folder too; it is set before that lock.
const dataDir = appDataDir();
if (process.env.ENGRAM_DATA_DIR) app.setPath('userData', dataDir);

if (!app.requestSingleInstanceLock()) {
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

  const start = async (): Promise<void> => {
    const userData = app.getPath('userData');
    const context = { dataDir, packaged: app.isPackaged };
    try {
      if (!offerMove()) return void app.quit();
    } catch (error) {
      return failStartup(moveFailed(error));
    }
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
      host = await WorkerHost.start({
        dataDir,
        secrets: createSecretStore(dataDir, stderrLogger),
        mode: 'electron',
        version: app.getVersion(),
        logger: stderrLogger,
        ...(nativeBinding ? { nativeBinding } : {}),
        spawn: (options) => createHostWorker(options),
      });
    } catch (error) {
      return failStartup(classifyStartupError(error, context));
    }
    applyContentSecurityPolicy();
    registerIpc(host, isTrustedUrl);
    host.subscribe((name, payload) => pushEvent(win, name, payload));
    Menu.setApplicationMenu(
      buildMenu({
        newChat: () => pushEvent(win, 'ui.command', { command: 'new-chat' }),
        openSettings: () => pushEvent(win, 'ui.command', { command: 'open-settings' }),
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

