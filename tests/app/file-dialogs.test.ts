/**
 * The desktop app's native file dialogs without Electron (none on this machine): what `ui.chooseFile` offers for
 * each purpose, and how each answer, cancelled or not, becomes the path the UI gets. The dialog functions are
 * recorders standing in for Electron's `dialog.showOpenDialog` / `showSaveDialog`.
 */
import { describe, expect, it } from 'vitest';
import { calls } from '../../src-main/api/contract';
import { chooseFile, type DialogContext, type NativeDialogs, type OpenDialogOptions, type SaveDialogOptions } from '../../src-main/app/file-dialogs';

const NOW = Date.parse('2026-11-25T21:30:00.000Z');
const context = (platform: NodeJS.Platform = 'linux', backups: string | null = '/data/engram/backups'): DialogContext => ({
  folders: { downloads: '/home/ann/Downloads', documents: '/home/ann/Documents', backups },
  platform,
  now: NOW,
});

/** Dialogs that record what they were asked and answer as given. */
function recorder(answer: { canceled: boolean; filePaths?: string[]; filePath?: string }) {
  const opened: OpenDialogOptions[] = [];
  const saved: SaveDialogOptions[] = [];
  const dialogs: NativeDialogs = {
    showOpen: (options) => (opened.push(options), Promise.resolve({ canceled: answer.canceled, filePaths: answer.filePaths ?? [] })),
    showSave: (options) => (saved.push(options), Promise.resolve({ canceled: answer.canceled, ...(answer.filePath === undefined ? {} : { filePath: answer.filePath }) })),
  };
  return { dialogs, opened, saved };
}

const input = (raw: unknown) => calls['ui.chooseFile'].input.parse(raw);

describe('ui.chooseFile: open dialogs', () => {
  it('import opens a chat export from Downloads and answers the chosen path', async () => {
    const r = recorder({ canceled: false, filePaths: ['/home/ann/Downloads/chatgpt.zip'] });
    expect(await chooseFile(input({ mode: 'open', purpose: 'import' }), r.dialogs, context())).toEqual({ path: '/home/ann/Downloads/chatgpt.zip' });
    expect(r.saved).toEqual([]);
    expect(r.opened).toHaveLength(1);
    const options = r.opened[0];
    expect(options?.defaultPath).toBe('/home/ann/Downloads');
    expect(options?.filters[0]?.extensions).toEqual(['json', 'jsonl', 'zip']);
    expect(options?.filters.at(-1)?.extensions).toEqual(['*']);
    expect(options?.properties).toEqual(['openFile']);
  });

  it('import may pick a folder (an unpacked export) where the system dialog offers both: macOS', async () => {
    const r = recorder({ canceled: false, filePaths: ['/Users/ann/Downloads/chatgpt-export'] });
    expect(await chooseFile(input({ mode: 'open', purpose: 'import' }), r.dialogs, context('darwin'))).toEqual({ path: '/Users/ann/Downloads/chatgpt-export' });
    expect(r.opened[0]?.properties).toEqual(['openFile', 'openDirectory']);
  });

  it('restore opens a .db, starting in the backups folder, or Documents while there is none', async () => {
    const r = recorder({ canceled: false, filePaths: ['/data/engram/backups/engram-2026-11-24.db'] });
    expect(await chooseFile(input({ mode: 'open', purpose: 'restore' }), r.dialogs, context())).toEqual({ path: '/data/engram/backups/engram-2026-11-24.db' });
    expect(r.opened[0]?.defaultPath).toBe('/data/engram/backups');
    expect(r.opened[0]?.filters[0]?.extensions).toEqual(['db', 'sqlite']);
    expect(r.opened[0]?.properties).toEqual(['openFile']);
    await chooseFile(input({ mode: 'open', purpose: 'restore' }), r.dialogs, context('win32', null));
    expect(r.opened[1]?.defaultPath).toBe('/home/ann/Documents');
  });

  it('a cancelled open dialog answers null, whatever paths came with it', async () => {
    expect(await chooseFile(input({ mode: 'open', purpose: 'import' }), recorder({ canceled: true, filePaths: ['/x'] }).dialogs, context())).toEqual({ path: null });
    expect(await chooseFile(input({ mode: 'open', purpose: 'restore' }), recorder({ canceled: false, filePaths: [] }).dialogs, context())).toEqual({ path: null });
  });
});

describe('ui.chooseFile: save dialogs', () => {
  it('export proposes the suggested name in Documents, filtered by its format', async () => {
    const r = recorder({ canceled: false, filePath: '/home/ann/Documents/engram-export-2026-11-25.json' });
    const answer = await chooseFile(input({ mode: 'save', purpose: 'export', suggestedName: 'engram-export-2026-11-25.json' }), r.dialogs, context());
    expect(answer).toEqual({ path: '/home/ann/Documents/engram-export-2026-11-25.json' });
    expect(r.saved[0]).toMatchObject({ defaultPath: '/home/ann/Documents/engram-export-2026-11-25.json', filters: [{ extensions: ['json'] }] });

    await chooseFile(input({ mode: 'save', purpose: 'export', suggestedName: 'engram-export-2026-11-25.zip' }), r.dialogs, context());
    expect(r.saved[1]?.filters).toEqual([{ name: expect.stringMatching(/Markdown/), extensions: ['zip'] }]);
  });

  it('backup proposes a dated .db name unless one is suggested', async () => {
    const r = recorder({ canceled: false, filePath: '/media/usb/engram.db' });
    expect(await chooseFile(input({ mode: 'save', purpose: 'backup' }), r.dialogs, context())).toEqual({ path: '/media/usb/engram.db' });
    expect(r.saved[0]?.defaultPath).toBe('/home/ann/Documents/engram-2026-11-25T21-30-00-000Z.db');
    expect(r.saved[0]?.filters).toEqual([{ name: expect.any(String), extensions: ['db'] }]);
    await chooseFile(input({ mode: 'save', purpose: 'backup', suggestedName: 'before-trip.db' }), r.dialogs, context());
    expect(r.saved[1]?.defaultPath).toBe('/home/ann/Documents/before-trip.db');
  });

  it('adds the extension a name typed without one needs (Linux does not), but keeps a Markdown folder a folder', async () => {
    const backup = recorder({ canceled: false, filePath: '/media/usb/my-backup' });
    expect(await chooseFile(input({ mode: 'save', purpose: 'backup' }), backup.dialogs, context())).toEqual({ path: '/media/usb/my-backup.db' });
    const json = recorder({ canceled: false, filePath: '/home/ann/everything' });
    expect(await chooseFile(input({ mode: 'save', purpose: 'export', suggestedName: 'e.json' }), json.dialogs, context())).toEqual({ path: '/home/ann/everything.json' });
    const markdown = recorder({ canceled: false, filePath: '/home/ann/pages' });
    expect(await chooseFile(input({ mode: 'save', purpose: 'export', suggestedName: 'e.zip' }), markdown.dialogs, context())).toEqual({ path: '/home/ann/pages' });
  });

  it('a cancelled save dialog answers null, also when Electron gives an empty path', async () => {
    expect(await chooseFile(input({ mode: 'save', purpose: 'backup' }), recorder({ canceled: true, filePath: '/x.db' }).dialogs, context())).toEqual({ path: null });
    expect(await chooseFile(input({ mode: 'save', purpose: 'export' }), recorder({ canceled: false, filePath: '' }).dialogs, context())).toEqual({ path: null });
    expect(await chooseFile(input({ mode: 'save', purpose: 'export' }), recorder({ canceled: false }).dialogs, context())).toEqual({ path: null });
  });
});

describe('ui.chooseFile input', () => {
  const refused = (raw: unknown) => calls['ui.chooseFile'].input.safeParse(raw).success === false;

  it('pairs each purpose with its dialog: import and restore open, export and backup save', () => {
    expect(refused({ mode: 'save', purpose: 'import' })).toBe(true);
    expect(refused({ mode: 'open', purpose: 'backup' })).toBe(true);
    expect(refused({ mode: 'open', purpose: 'export' })).toBe(true);
    expect(refused({ mode: 'save', purpose: 'restore' })).toBe(true);
    expect(refused({ mode: 'open', purpose: 'delete' })).toBe(true);
    expect(refused({ mode: 'open', purpose: 'import', extra: 1 })).toBe(true);
  });

  it('takes a file name to suggest, never a path', () => {
    for (const name of ['../../.ssh/id_rsa', '/etc/passwd', 'a\\b.db', '..', '', 'x\u0000.db', 'x'.repeat(256)]) {
      expect(refused({ mode: 'save', purpose: 'backup', suggestedName: name })).toBe(true);
    }
    expect(refused({ mode: 'save', purpose: 'backup', suggestedName: 'engram backup (1).db' })).toBe(false);
  });
});
