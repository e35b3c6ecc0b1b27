/**
 * The desktop app's native open and save dialogs for import, restore, export and backup (the `ui.chooseFile`
 * call). No Electron here: the dialog functions come in as parameters, so what each purpose offers and how an
 * answer maps to a path are plain Node (tests/app/file-dialogs.test.ts); ./native-dialogs.ts wires Electron in.
 */
import { extname, join } from 'node:path';
import type { CallOutput, FilePurpose, ParsedInput } from '../api/contract';
import { backupFileName } from '../data/backup';

export type ChooseFileInput = ParsedInput<'ui.chooseFile'>;
export type ChooseFileResult = CallOutput<'ui.chooseFile'>;

/** The subset of Electron's dialog options we use; Electron's own types accept these as they are. */
export interface FileFilter {
  name: string;
  extensions: string[];
}
export interface OpenDialogOptions {
  title: string;
  buttonLabel: string;
  defaultPath: string;
  filters: FileFilter[];
  properties: ('openFile' | 'openDirectory')[];
}
export interface SaveDialogOptions {
  title: string;
  buttonLabel: string;
  defaultPath: string;
  filters: FileFilter[];
  properties: 'createDirectory'[];
}

/** Electron's `dialog.showOpenDialog` / `showSaveDialog`, already bound to the calling window. */
export interface NativeDialogs {
  showOpen(options: OpenDialogOptions): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSave(options: SaveDialogOptions): Promise<{ canceled: boolean; filePath?: string }>;
}

/** Where each dialog starts. `backups`: the data folder's backups/, null while there is none yet. */
export interface DialogFolders {
  downloads: string;
  documents: string;
  backups: string | null;
}

export interface DialogContext {
  folders: DialogFolders;
  platform: NodeJS.Platform;
  now: number;
}

const ANY_FILE: FileFilter = { name: 'All files', extensions: ['*'] };
const IMPORT_FILES: FileFilter = { name: 'Chat exports (.json, .jsonl, .zip)', extensions: ['json', 'jsonl', 'zip'] };
const DATABASE_FILES: FileFilter = { name: 'Engram backups (.db)', extensions: ['db', 'sqlite'] };
const BACKUP_FILE: FileFilter = { name: 'Engram backup (.db)', extensions: ['db'] };
const JSON_FILE: FileFilter = { name: 'JSON', extensions: ['json'] };
const ZIP_FILE: FileFilter = { name: 'Zip archive of Markdown pages', extensions: ['zip'] };

/** Without a suggested name, an export is the whole memory as JSON (data.export's default format). */
const DEFAULT_EXPORT_NAME = 'engram-export.json';

export function openDialogOptions(purpose: 'import' | 'restore', { folders, platform }: DialogContext): OpenDialogOptions {
  if (purpose === 'restore') {
    return {
      title: 'Restore from a backup',
      buttonLabel: 'Choose',
      defaultPath: folders.backups ?? folders.documents,
      filters: [DATABASE_FILES, ANY_FILE],
      properties: ['openFile'],
    };
  }
  return {
    title: 'Import conversations',
    buttonLabel: 'Choose',
    defaultPath: folders.downloads,
    filters: [IMPORT_FILES, ANY_FILE],
    // An unpacked export is a folder. Only macOS offers files and folders in one dialog; on Windows and Linux
    // asking for both shows a folder picker, so there a folder is typed into the path field instead.
    properties: platform === 'darwin' ? ['openFile', 'openDirectory'] : ['openFile'],
  };
}

export function saveDialogOptions(purpose: 'export' | 'backup', suggestedName: string | undefined, { folders, now }: DialogContext): SaveDialogOptions {
  if (purpose === 'backup') {
    return {
      title: 'Back up your memory',
      buttonLabel: 'Back up',
      defaultPath: join(folders.documents, suggestedName ?? backupFileName(now)),
      filters: [BACKUP_FILE],
      properties: ['createDirectory'],
    };
  }
  const name = suggestedName ?? DEFAULT_EXPORT_NAME;
  const ext = extname(name).toLowerCase();
  return {
    title: 'Export your memory',
    buttonLabel: 'Export',
    defaultPath: join(folders.documents, name),
    // A Markdown export is a .zip or, named without an extension, a folder of pages.
    filters: ext === '.json' ? [JSON_FILE] : ext === '.zip' ? [ZIP_FILE] : [],
    properties: ['createDirectory'],
  };
}

/**
 * A saved name without an extension gets the one its kind needs (Linux's dialog does not add it; Windows and
 * macOS do) — except a Markdown export, where no extension means a folder.
 */
function withExtension(path: string, options: SaveDialogOptions): string {
  const wanted = options.filters.length === 1 ? options.filters[0]?.extensions[0] : undefined;
  if (!wanted || wanted === 'zip' || extname(path) !== '') return path;
  return `${path}.${wanted}`;
}

/** Shows the dialog the input asks for and answers the chosen path, or null when the person cancelled. */
export async function chooseFile(input: ChooseFileInput, dialogs: NativeDialogs, context: DialogContext): Promise<ChooseFileResult> {
  const purpose: FilePurpose = input.purpose;
  if (purpose === 'import' || purpose === 'restore') {
    const answer = await dialogs.showOpen(openDialogOptions(purpose, context));
    const path = answer.canceled ? undefined : answer.filePaths[0];
    return { path: path || null };
  }
  const options = saveDialogOptions(purpose, input.suggestedName, context);
  const answer = await dialogs.showSave(options);
  // Electron answers an empty filePath (not undefined) when the dialog was dismissed on some platforms.
  return { path: answer.canceled || !answer.filePath ? null : withExtension(answer.filePath, options) };
}
