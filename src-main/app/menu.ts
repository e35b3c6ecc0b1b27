/**
 * The application menu: the usual roles (so Cmd/Ctrl+C, V, Z, Q, W, zoom… work), plus New chat, Settings and
 * Help (shortcuts and About: version, data folder, docs; the data folder; the README when it is on disk).
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  newChat(): void;
  openSettings(): void;
  /** The `?` dialog: every shortcut, and About (version, data folder, docs). */
  openHelp(): void;
  openDataFolder(): void;
  /** Opens README.md; absent when the installation has none on disk. */
  openReadme?: () => void;
}

export function buildMenu(actions: MenuActions, isMac = process.platform === 'darwin'): Menu {
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New Chat', accelerator: 'CmdOrCtrl+N', click: () => actions.newChat() },
        { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => actions.openSettings() },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Keyboard Shortcuts and Help', accelerator: 'F1', click: () => actions.openHelp() },
        { label: 'About Engram (version, data folder)', click: () => actions.openHelp() },
        { type: 'separator' },
        { label: 'Open the Data Folder', click: () => actions.openDataFolder() },
        ...(actions.openReadme ? [{ label: 'Documentation (README)', click: actions.openReadme }] : []),
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}
