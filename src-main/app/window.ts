/** The main window: isolated, sandboxed renderer; no navigation away, no new windows, a strict CSP. */
import { fileURLToPath } from 'node:url';
import { BrowserWindow, session, shell } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../platform/loopback-security';
import { isTrustedRendererUrl } from './trusted-url';
import { loadWindowState, trackWindowState } from './window-state';

const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const rendererFile = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
/** electron-vite sets this in development; production loads the built files. */
const devServerUrl = process.env.ELECTRON_RENDERER_URL;

export const rendererUrl = (): string => devServerUrl ?? new URL('../renderer/index.html', import.meta.url).href;

/** Our renderer's own pages, and nothing else, may call the API. */
export function isTrustedUrl(url: string): boolean {
  return isTrustedRendererUrl(url, { devServerUrl, rendererDirUrl: new URL('../renderer/', import.meta.url).href });
}

export function applyContentSecurityPolicy(): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  // The renderer needs no camera, microphone, notifications or geolocation.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
}

export function createMainWindow(userData: string): BrowserWindow {
  const state = loadWindowState(userData);
  const win = new BrowserWindow({
    ...state,
    minWidth: 640,
    minHeight: 420,
    show: false,
    title: 'Engram',
    backgroundColor: '#f7f7f5',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      // Chromium's spellchecker downloads Hunspell dictionaries from Google on Windows and Linux: a local-first
      // app makes no such request behind the person's back.
      spellcheck: false,
    },
  });
  if (state.maximized) win.maximize();
  trackWindowState(win, userData);
  win.once('ready-to-show', () => win.show());

  // Links open in the system browser; the app window never navigates away or opens windows.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());

  if (devServerUrl) void win.loadURL(devServerUrl);
  else void win.loadFile(rendererFile);
  return win;
}
