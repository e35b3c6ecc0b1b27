/**
 * Electron's side of `ui.chooseFile`: the open or save dialog, modal to the window that asked. What each
 * purpose offers is ./file-dialogs.ts (plain Node, tested without Electron).
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { app, BrowserWindow, dialog, type WebContents } from 'electron';
import { backupFolder } from '../data/backup';
import { chooseFile, type ChooseFileInput, type ChooseFileResult, type DialogFolders, type NativeDialogs } from './file-dialogs';

/** A system folder, or the home folder where the system names none (getPath throws for an unknown one). */
function systemFolder(name: 'downloads' | 'documents'): string {
  try {
    return app.getPath(name);
  } catch {
    return homedir();
  }
}

function folders(dataDir: string): DialogFolders {
  const backups = backupFolder(dataDir);
  return { downloads: systemFolder('downloads'), documents: systemFolder('documents'), backups: existsSync(backups) ? backups : null };
}

/** Dialogs on the asking window (modal to it), or free-standing if it has gone. */
function dialogsFor(sender: WebContents): NativeDialogs {
  const win = BrowserWindow.fromWebContents(sender);
  return {
    showOpen: (options) => (win ? dialog.showOpenDialog(win, options) : dialog.showOpenDialog(options)),
    showSave: (options) => (win ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options)),
  };
}

/** The `ui.chooseFile` answer for the data folder `dataDir` (where restore's dialog starts: its backups). */
export const nativeChooseFile =
  (dataDir: string) =>
  (input: ChooseFileInput, sender: WebContents): Promise<ChooseFileResult> =>
    chooseFile(input, dialogsFor(sender), { folders: folders(dataDir), platform: process.platform, now: Date.now() });
