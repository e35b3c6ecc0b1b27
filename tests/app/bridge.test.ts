/**
 * The Electron side cannot run here (no Electron binary), so its wiring is checked against a stand-in
 * `electron` module: the preload exposes exactly the contract, and main registers exactly the contract.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_NAMES, IPC_EVENT_CHANNEL, ipcCallChannel, type EngramBridge } from '../../src-main/api/contract';

const fake = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoked: [] as { channel: string; input: unknown }[],
  listeners: new Map<string, ((event: unknown, ...args: unknown[]) => void)[]>(),
  handlers: new Map<string, (event: { senderFrame: { url: string } | null; sender?: unknown }, input: unknown) => unknown>(),
  templates: [] as unknown[],
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => fake.exposed.set(key, value) },
  ipcRenderer: {
    invoke: (channel: string, input: unknown) => {
      fake.invoked.push({ channel, input });
      return Promise.resolve(new TextEncoder().encode(JSON.stringify({ ok: true, value: channel })));
    },
    on: (channel: string, fn: (event: unknown, ...args: unknown[]) => void) => fake.listeners.set(channel, [...(fake.listeners.get(channel) ?? []), fn]),
    removeListener: (channel: string, fn: (event: unknown, ...args: unknown[]) => void) =>
      fake.listeners.set(channel, (fake.listeners.get(channel) ?? []).filter((f) => f !== fn)),
  },
  ipcMain: {
    handle: (channel: string, fn: (event: { senderFrame: { url: string } | null; sender?: unknown }, input: unknown) => unknown) => fake.handlers.set(channel, fn),
    removeHandler: (channel: string) => fake.handlers.delete(channel),
  },
  Menu: { buildFromTemplate: (template: unknown) => (fake.templates.push(template), { template }) },
}));

beforeEach(() => {
  fake.invoked.length = 0;
});

describe('preload bridge', () => {
  it('exposes one frozen window.engram with invoke and on only', async () => {
    await import('../../src-preload/index');
    const bridge = fake.exposed.get('engram') as EngramBridge;
    expect([...fake.exposed.keys()]).toEqual(['engram']);
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });

  it('forwards contract calls on their own channel and refuses anything else before IPC', async () => {
    await import('../../src-preload/index');
    const bridge = fake.exposed.get('engram') as EngramBridge;
    expect(await bridge.invoke('chat.list', { includeArchived: false })).toEqual({ ok: true, value: 'engram:call:chat.list' });
    expect(fake.invoked).toEqual([{ channel: 'engram:call:chat.list', input: { includeArchived: false } }]);
    const refused = await (bridge.invoke as (n: string, i: unknown) => Promise<unknown>)('fs.readFile', {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    expect(fake.invoked).toHaveLength(1);
  });

  it('delivers only the subscribed event and unsubscribes', async () => {
    await import('../../src-preload/index');
    const bridge = fake.exposed.get('engram') as EngramBridge;
    const got: unknown[] = [];
    const off = bridge.on('chat.sessions', (p) => got.push(p));
    const emit = (name: string, payload: unknown) => (fake.listeners.get(IPC_EVENT_CHANNEL) ?? []).forEach((fn) => fn({}, name, payload));
    emit('chat.sessions', { chatId: 'a' });
    emit('chat.delta', { chatId: 'a', messageId: 'm', delta: 'x' });
    off();
    emit('chat.sessions', { chatId: 'b' });
    expect(got).toEqual([{ chatId: 'a' }]);
    expect(() => (bridge.on as (n: string, l: () => void) => void)('process.exit', () => undefined)).toThrow(/no event/);
  });
});

describe('main-process IPC', () => {
  it('registers one handler per contract call and refuses frames that are not the app', async () => {
    const { registerIpc } = await import('../../src-main/app/ipc');
    const dispatched: string[] = [];
    const host = { dispatchJson: async (name: string) => (dispatched.push(name), new TextEncoder().encode('{"ok":true,"value":null}')) };
    const unregister = registerIpc(host as never, (url) => url.startsWith('file:///app/renderer/'));
    expect([...fake.handlers.keys()].sort()).toEqual(CALL_NAMES.map(ipcCallChannel).sort());

    const handler = fake.handlers.get(ipcCallChannel('chat.list'));
    const answer = await handler?.({ senderFrame: { url: 'file:///app/renderer/index.html' } }, {});
    expect(JSON.parse(new TextDecoder().decode(answer as Uint8Array))).toEqual({ ok: true, value: null });
    const foreign = await handler?.({ senderFrame: { url: 'https://evil.example/' } }, {});
    expect(foreign).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const detached = await handler?.({ senderFrame: null }, {});
    expect(detached).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(dispatched).toEqual(['chat.list']);
    unregister();
    expect(fake.handlers.size).toBe(0);
  });

  it('answers ui.chooseFile in the main process: validated, with the asking renderer, never reaching the host', async () => {
    const { registerIpc } = await import('../../src-main/app/ipc');
    const dispatched: string[] = [];
    const host = { dispatchJson: async (name: string) => (dispatched.push(name), new TextEncoder().encode('{"ok":true,"value":null}')) };
    const asked: { input: unknown; sender: unknown }[] = [];
    const sender = { id: 7 };
    let fail = false;
    const unregister = registerIpc(host as never, (url) => url.startsWith('file:///app/renderer/'), {
      'ui.chooseFile': async (input, from) => {
        asked.push({ input, sender: from });
        if (fail) throw new Error('the dialog could not open');
        return { path: '/home/ann/Downloads/conversations.json' };
      },
    });
    const handler = fake.handlers.get(ipcCallChannel('ui.chooseFile'));
    const app = { senderFrame: { url: 'file:///app/renderer/index.html' }, sender };
    expect(await handler?.(app, { mode: 'open', purpose: 'import' })).toEqual({ ok: true, value: { path: '/home/ann/Downloads/conversations.json' } });
    expect(asked).toEqual([{ input: { mode: 'open', purpose: 'import' }, sender }]);
    // Bad input is refused before any dialog opens; a foreign frame too; a failing dialog is a typed error.
    expect(await handler?.(app, { mode: 'save', purpose: 'import' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await handler?.({ senderFrame: { url: 'https://evil.example/' }, sender }, { mode: 'open', purpose: 'import' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(asked).toHaveLength(1);
    fail = true;
    expect(await handler?.(app, { mode: 'open', purpose: 'restore' })).toMatchObject({ ok: false, error: { code: 'internal', message: 'the dialog could not open' } });
    expect(dispatched).toEqual([]);
    unregister();
  });

  it('builds an application menu with New Chat, Settings and the standard roles', async () => {
    const { buildMenu } = await import('../../src-main/app/menu');
    buildMenu({ newChat: () => undefined, openSettings: () => undefined, openHelp: () => undefined, openDataFolder: () => undefined }, false);
    const template = JSON.stringify(fake.templates.at(-1));
    expect(template).toContain('"accelerator":"CmdOrCtrl+N"');
    expect(template).toContain('"accelerator":"CmdOrCtrl+,"');
    for (const role of ['editMenu', 'windowMenu', 'quit', 'reload', 'togglefullscreen']) expect(template).toContain(`"role":"${role}"`);
  });

  it('has a Help menu: shortcuts and About (version, data folder, docs), the data folder, and the README when there is one', async () => {
    const { buildMenu } = await import('../../src-main/app/menu');
    const asked: string[] = [];
    const actions = { newChat: () => undefined, openSettings: () => undefined, openHelp: () => asked.push('help'), openDataFolder: () => asked.push('folder') };
    type Item = { label?: string; role?: string; accelerator?: string; click?: () => void; submenu?: Item[] };
    const helpMenu = (): Item[] => ((fake.templates.at(-1) as Item[]).find((m) => m.role === 'help')?.submenu ?? []);
    buildMenu(actions, false);
    const labels = helpMenu().map((i) => i.label);
    expect(labels).toEqual(['Keyboard Shortcuts and Help', 'About Engram (version, data folder)', undefined, 'Open the Data Folder']);
    expect(helpMenu()[0]?.accelerator).toBe('F1');
    for (const item of helpMenu()) item.click?.();
    expect(asked).toEqual(['help', 'help', 'folder']);
    buildMenu({ ...actions, openReadme: () => asked.push('readme') }, false);
    helpMenu().at(-1)?.click?.();
    expect(helpMenu().at(-1)?.label).toBe('Documentation (README)');
    expect(asked.at(-1)).toBe('readme');
  });
});
