/**
 * Electron main process: one instance, one window, the AppHost behind IPC. Everything else (memory, chat,
 * providers) is plain Node and lives outside src-main/app/.
 */
import { app, BrowserWindow, Menu } from 'electron';
import { AppHost } from '../host/app-host';
import { stderrLogger } from '../memory/clock';
import { registerIpc, pushEvent } from './ipc';
import { buildMenu } from './menu';
import { createSecretStore } from './secret-store';
import { applyContentSecurityPolicy, createMainWindow, isTrustedUrl } from './window';

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  let host: AppHost | null = null;

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });

  void app.whenReady().then(() => {
    const userData = app.getPath('userData');
    // better-sqlite3 must be built for Electron's ABI; see README ("Desktop app").
    const nativeBinding = process.env.ENGRAM_SQLITE_BINDING;
    host = new AppHost({
      dataDir: userData,
      secrets: createSecretStore(userData, stderrLogger),
      mode: 'electron',
      version: app.getVersion(),
      logger: stderrLogger,
      ...(nativeBinding ? { engine: { nativeBinding } } : {}),
    });
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
  });

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

