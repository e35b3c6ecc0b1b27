/**
 * Start-up failures of the desktop app, made real (a newer database, a damaged one, a native binding that is not
 * there, a data folder that cannot be written), go through src-main/app/main.ts against a stand-in `electron`
 * module: each shows one error dialog with the reason and what to do, opens no window, and exits with 1.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkDataFolder, classifyStartupError, alreadyRunning, failureMessage } from '../../src-main/app/startup-failure';
import { InstanceLockedError } from '../../src-main/platform/instance-lock';
import { MemoryEngine } from '../../src-main/memory/engine';
import { makeTempDir } from '../helpers/temp-engine';

const fake = vi.hoisted(() => ({
  userData: '',
  dialogs: [] as { title: string; message: string }[],
  questions: [] as { title?: string; detail?: string; buttons?: string[] }[],
  answer: 0,
  exits: [] as number[],
  windows: 0,
  handlers: new Map<string, ((...args: unknown[]) => void)[]>(),
  /** ipcMain.handle's handlers by channel, and the native dialogs asked for (with the window they belong to). */
  ipc: new Map<string, (event: unknown, input: unknown) => unknown>(),
  lastWindow: null as unknown,
  nativeDialogs: [] as { kind: 'open' | 'save'; window: unknown; options: { defaultPath?: string } }[],
  savePath: '',
  ready: Promise.resolve(),
  onQuit: (): void => undefined,
}));

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => [];
    static fromWebContents = () => fake.lastWindow;
    webContents = { setWindowOpenHandler: () => undefined, on: () => undefined, send: () => undefined };
    constructor() {
      fake.windows++;
      fake.lastWindow = this;
    }
    on() {}
    once() {}
    maximize() {}
    isDestroyed() {
      return false;
    }
    loadFile() {
      return Promise.resolve();
    }
    loadURL() {
      return Promise.resolve();
    }
  }
  return {
    app: {
      requestSingleInstanceLock: () => true,
      on: (name: string, fn: (...args: unknown[]) => void) => fake.handlers.set(name, [...(fake.handlers.get(name) ?? []), fn]),
      whenReady: () => fake.ready,
      getPath: () => fake.userData,
      setPath: (_name: string, value: string) => (fake.userData = value),
      getVersion: () => '0.1.0',
      getAppPath: () => process.cwd(),
      setAboutPanelOptions: () => undefined,
      isPackaged: false,
      exit: (code: number) => fake.exits.push(code),
      quit: () => fake.onQuit(),
    },
    dialog: {
      showErrorBox: (title: string, message: string) => fake.dialogs.push({ title, message }),
      showMessageBoxSync: (options: { title?: string; detail?: string; buttons?: string[] }) => {
        fake.questions.push(options);
        return fake.answer;
      },
      showMessageBox: (options: { title?: string; detail?: string; buttons?: string[] }) => {
        fake.questions.push(options);
        return Promise.resolve({ response: fake.answer, checkboxChecked: false });
      },
      showOpenDialog: (window: unknown, options: { defaultPath?: string }) => {
        fake.nativeDialogs.push({ kind: 'open', window, options });
        return Promise.resolve({ canceled: true, filePaths: [] });
      },
      showSaveDialog: (window: unknown, options: { defaultPath?: string }) => {
        fake.nativeDialogs.push({ kind: 'save', window, options });
        return Promise.resolve({ canceled: false, filePath: fake.savePath });
      },
    },
    BrowserWindow,
    Menu: { buildFromTemplate: () => ({}), setApplicationMenu: () => undefined },
    ipcMain: { handle: (channel: string, fn: (event: unknown, input: unknown) => unknown) => fake.ipc.set(channel, fn), removeHandler: (channel: string) => fake.ipc.delete(channel) },
    safeStorage: { isEncryptionAvailable: () => false, getSelectedStorageBackend: () => 'basic_text' },
    session: { defaultSession: { webRequest: { onHeadersReceived: () => undefined }, setPermissionRequestHandler: () => undefined } },
    shell: { openExternal: () => Promise.resolve(), openPath: () => Promise.resolve('') },
    screen: { getAllDisplays: () => [] },
  };
});

async function startMain(): Promise<void> {
  vi.resetModules();
  // Each test's data folder is fake.userData, given the way a portable install does (the app's default would be
  // the real ~/.local/share/engram); a test that sets ENGRAM_DATA_DIR or the XDG folders itself keeps its own.
  const own = process.env.ENGRAM_DATA_DIR === undefined && process.env.XDG_DATA_HOME === undefined;
  if (own) process.env.ENGRAM_DATA_DIR = fake.userData;
  try {
    await import('../../src-main/app/main');
  } finally {
    if (own) delete process.env.ENGRAM_DATA_DIR;
  }
  // start() opens the engine on its worker thread; it ends with a window or with an error dialog.
  await vi.waitFor(() => expect(fake.windows + fake.dialogs.length).toBeGreaterThan(0), { timeout: 20_000, interval: 50 });
}

beforeEach(() => {
  fake.userData = makeTempDir();
  fake.dialogs.length = 0;
  fake.questions.length = 0;
  fake.answer = 0;
  fake.exits.length = 0;
  fake.windows = 0;
  fake.handlers.clear();
  fake.ipc.clear();
  fake.nativeDialogs.length = 0;
});

afterEach(async () => {
  // A started app is quit the way Electron would (before-quit closes the host, then quits), so its database closes.
  if (fake.windows > 0) {
    const quitted = new Promise<void>((resolve) => (fake.onQuit = resolve));
    for (const fn of fake.handlers.get('before-quit') ?? []) fn({ preventDefault: () => undefined });
    await quitted;
  }
  delete process.env.ENGRAM_SQLITE_BINDING;
});

function expectOneDialog(title: RegExp, ...phrases: RegExp[]): void {
  expect(fake.dialogs).toHaveLength(1);
  expect(fake.dialogs[0]?.title).toMatch(title);
  for (const p of phrases) expect(fake.dialogs[0]?.message).toMatch(p);
  expect(fake.dialogs[0]?.message).toMatch(/What to do:/);
  expect(fake.exits).toEqual([1]);
  expect(fake.windows).toBe(0);
}

describe('desktop start-up', () => {
  it('starts normally: a window, no dialog', async () => {
    await startMain();
    expect(fake.dialogs).toEqual([]);
    expect(fake.exits).toEqual([]);
    expect(fake.windows).toBe(1);
  });

  it('answers ui.chooseFile with a native dialog on the asking window, and backs up where it says', async () => {
    await startMain();
    const sender = { senderFrame: { url: new URL('../../src-main/renderer/index.html', import.meta.url).href }, sender: {} };
    const invoke = async (name: string, input: unknown): Promise<unknown> => {
      const answer = await fake.ipc.get(`engram:call:${name}`)?.(sender, input);
      return answer instanceof Uint8Array ? JSON.parse(new TextDecoder().decode(answer)) : answer;
    };
    fake.savePath = join(makeTempDir(), 'before-trip');
    const chosen = await invoke('ui.chooseFile', { mode: 'save', purpose: 'backup' });
    const path = `${fake.savePath}.db`;
    expect(chosen).toEqual({ ok: true, value: { path } });
    expect(fake.nativeDialogs).toHaveLength(1);
    expect(fake.nativeDialogs[0]).toMatchObject({ kind: 'save', window: fake.lastWindow });
    expect(fake.nativeDialogs[0]?.options.defaultPath).toMatch(/engram-[\dT-]+Z\.db$/);
    expect(await invoke('data.backup', { path })).toMatchObject({ ok: true, value: { path } });
    // An encrypted memory's backup is encrypted with its key (issue 27): no plaintext SQLite header.
    expect(readFileSync(path).subarray(0, 15).toString()).not.toBe('SQLite format 3');
    expect(readFileSync(path).length).toBeGreaterThan(4096);
    // Cancelled: the open dialog answers no path.
    expect(await invoke('ui.chooseFile', { mode: 'open', purpose: 'restore' })).toEqual({ ok: true, value: { path: null } });
  });

  it('ENGRAM_DATA_DIR chooses the data folder, as in browser mode and the CLI', async () => {
    const chosen = join(fake.userData, 'chosen');
    process.env.ENGRAM_DATA_DIR = chosen;
    try {
      await startMain();
    } finally {
      delete process.env.ENGRAM_DATA_DIR;
    }
    expect(fake.userData).toBe(chosen);
    expect(fake.windows).toBe(1);
    expect(existsSync(join(chosen, 'engram.db'))).toBe(true);
  });

  it("uses the data folder the CLI and browser mode use, and offers to move the old app folder's memory", async () => {
    const home = makeTempDir();
    const oldFolder = join(home, 'config', 'Engram');
    const dataFolder = join(home, 'data', 'engram');
    const engine = MemoryEngine.open({ dataDir: oldFolder, startSlowPath: false });
    await engine.close();
    const saved = { XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, XDG_DATA_HOME: process.env.XDG_DATA_HOME };
    process.env.XDG_CONFIG_HOME = join(home, 'config');
    process.env.XDG_DATA_HOME = join(home, 'data');
    try {
      fake.answer = 0; // "Move it"
      await startMain();
    } finally {
      if (saved.XDG_CONFIG_HOME === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved.XDG_CONFIG_HOME;
      if (saved.XDG_DATA_HOME === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved.XDG_DATA_HOME;
    }
    expect(fake.questions).toHaveLength(1);
    expect(fake.questions[0]?.detail).toContain(oldFolder);
    expect(fake.questions[0]?.buttons).toEqual(['Move it', 'Start with a new memory', 'Quit']);
    expect(fake.windows).toBe(1);
    expect(existsSync(join(dataFolder, 'engram.db'))).toBe(true);
    expect(existsSync(join(oldFolder, 'engram.db'))).toBe(false);
    // Electron's own profile folder (userData) is not where the memory is.
    expect(existsSync(join(fake.userData, 'engram.db'))).toBe(false);
  });

  it('with a memory in both the shared and the old folder, names both and opens the one the person chooses', async () => {
    const home = makeTempDir();
    const oldFolder = join(home, 'config', 'Engram');
    const dataFolder = join(home, 'data', 'engram');
    for (const dir of [oldFolder, dataFolder]) {
      const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
      engine.rememberFact({ content: `the memory in ${dir}`, sourceType: 'manual' });
      await engine.close();
    }
    const saved = { XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, XDG_DATA_HOME: process.env.XDG_DATA_HOME };
    process.env.XDG_CONFIG_HOME = join(home, 'config');
    process.env.XDG_DATA_HOME = join(home, 'data');
    try {
      fake.answer = 1; // "Open the old folder's memory"
      await startMain();
    } finally {
      if (saved.XDG_CONFIG_HOME === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved.XDG_CONFIG_HOME;
      if (saved.XDG_DATA_HOME === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved.XDG_DATA_HOME;
    }
    expect(fake.questions).toHaveLength(1);
    expect(fake.questions[0]?.title).toBe('Two memories found');
    expect(fake.questions[0]?.detail).toContain(oldFolder);
    expect(fake.questions[0]?.detail).toContain(dataFolder);
    expect(fake.windows).toBe(1);
    // Both memories are where they were; the app holds the old folder's instance lock, not the shared one's.
    expect(existsSync(join(oldFolder, 'engram.db'))).toBe(true);
    expect(existsSync(join(dataFolder, 'engram.db'))).toBe(true);
    expect(readdirSync(oldFolder).some((f) => f.includes('lock'))).toBe(true);
    expect(readdirSync(dataFolder).some((f) => f.includes('lock'))).toBe(false);
  });

  it('a database from a newer Engram', async () => {
    const db = new BetterSqlite3(join(fake.userData, 'engram.db'));
    db.pragma('user_version = 999');
    db.close();
    await startMain();
    expectOneDialog(/newer Engram/, /written by a newer version/, /Install the newer Engram/);
  });

  it('a damaged database', async () => {
    writeFileSync(join(fake.userData, 'engram.db'), Buffer.alloc(8192, 0x5a));
    await startMain();
    expectOneDialog(/damaged/, new RegExp(`${fake.userData.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), /move engram\.db aside/);
  });

  it('a native module that is not there', async () => {
    process.env.ENGRAM_SQLITE_BINDING = join(fake.userData, 'nowhere', 'better_sqlite3.node');
    await startMain();
    expectOneDialog(/database driver/, /better-sqlite3/, /npm start/);
  });

  it('a data folder that cannot be written', async () => {
    // Root ignores permission bits, so the folder is made impossible: its parent is a file.
    writeFileSync(join(fake.userData, 'file'), '');
    fake.userData = join(fake.userData, 'file', 'Engram');
    await startMain();
    expectOneDialog(/cannot write to its data folder/, /belongs to you and is writable/);
  });
});

describe('classification', () => {
  const context = { dataDir: '/home/a/.config/Engram', packaged: true };
  it('names Node/Electron ABI mismatches and dlopen failures as native-module problems', () => {
    const abi = new Error(
      "The module '/x/better_sqlite3.node' was compiled against a different Node.js version using NODE_MODULE_VERSION 115. This version of Node.js requires NODE_MODULE_VERSION 140.",
    );
    expect(classifyStartupError(abi, context)).toMatchObject({ kind: 'native-module', whatToDo: expect.stringMatching(/Reinstall/) });
    expect(classifyStartupError(Object.assign(new Error('vec0.so: cannot open shared object file'), { code: 'ERR_DLOPEN_FAILED' }), context).kind).toBe(
      'native-module',
    );
  });

  it('follows the cause chain to SQLite and errno codes', () => {
    const wrapped = (code: string, message: string) => new Error('Cannot open the memory database', { cause: Object.assign(new Error(message), { code }) });
    expect(classifyStartupError(wrapped('SQLITE_NOTADB', 'file is not a database'), context).kind).toBe('corrupt-database');
    expect(classifyStartupError(wrapped('SQLITE_CORRUPT', 'database disk image is malformed'), context).kind).toBe('corrupt-database');
    expect(classifyStartupError(wrapped('EACCES', 'permission denied'), context).kind).toBe('unwritable-data-folder');
    expect(classifyStartupError(wrapped('SQLITE_READONLY', 'attempt to write a readonly database'), context).kind).toBe('unwritable-data-folder');
    expect(classifyStartupError(new Error('something else'), context)).toMatchObject({ kind: 'unknown', reason: /something else/ });
  });

  it('the data-folder probe creates the folder and leaves nothing behind', () => {
    const dir = join(makeTempDir(), 'new', 'Engram');
    expect(checkDataFolder({ dataDir: dir, packaged: false })).toBeNull();
    mkdirSync(dir, { recursive: true });
    expect(checkDataFolder({ dataDir: dir, packaged: false })).toBeNull();
  });
});

describe('a second Engram on the same data folder', () => {
  it('says which process has it and what to do', () => {
    const error = new InstanceLockedError({ pid: 4242, mode: 'browser mode', startedAt: '2026-11-23T09:00:00.000Z' }, '/home/ada/.local/share/engram');
    const failure = alreadyRunning(error);
    expect(failure).toMatchObject({ kind: 'already-running', title: 'Engram is already running' });
    expect(failureMessage(failure)).toMatch(/browser mode, process 4242/);
    expect(failureMessage(failure)).toMatch(/What to do: Use that Engram, or close it/);
  });
});
