/**
 * Why the desktop app could not start, in words a person can act on: a database from a newer Engram, a damaged
 * database, a native module that will not load, a data folder Engram cannot write. main.ts shows the result in
 * a dialog and exits. Plain Node (no Electron import), so every case is tested against real failures.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstanceLockedError } from '../platform/instance-lock';

export type StartupFailureKind = 'newer-database' | 'corrupt-database' | 'locked-database' | 'native-module' | 'unwritable-data-folder' | 'already-running' | 'move-failed' | 'unknown';

export interface StartupFailure {
  kind: StartupFailureKind;
  /** The dialog's title. */
  title: string;
  /** What went wrong, with the place it went wrong. */
  reason: string;
  /** What the person can do about it. */
  whatToDo: string;
  /** The underlying error text, for a bug report. */
  detail: string;
}

export interface StartupContext {
  dataDir: string;
  /** A packaged app is fixed by reinstalling; a checkout by `npm start` rebuilding its native modules. */
  packaged: boolean;
}

interface ErrorFacts {
  text: string;
  codes: Set<string>;
}

/** Messages and codes along the error's cause chain (the engine wraps SQLite's and Node's errors). */
function factsOf(error: unknown): ErrorFacts {
  const messages: string[] = [];
  const codes = new Set<string>();
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    if (current instanceof Error) {
      messages.push(current.message);
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string') codes.add(code);
      current = current.cause;
    } else {
      messages.push(String(current));
      break;
    }
  }
  return { text: messages.join('\n'), codes };
}

const NATIVE_MODULE =
  /NODE_MODULE_VERSION|Could not locate the bindings file|better_sqlite3\.node|compiled against a different Node\.js|ERR_DLOPEN_FAILED|invalid ELF header|wrong ELF class|image not found|not a valid Win32 application|Loadble extension for sqlite-vec|vec0\.(so|dylib|dll)/i;
const CORRUPT = /file is not a database|database disk image is malformed|malformed database schema/i;
const NEWER = /newer than this Engram/i;
const UNWRITABLE_CODES = ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOSPC', 'EEXIST', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_FULL'];
const UNWRITABLE = /unable to open database file|attempt to write a readonly database|read-only file system|permission denied|no space left/i;

function unwritable(context: StartupContext, detail: string): StartupFailure {
  return {
    kind: 'unwritable-data-folder',
    title: 'Engram cannot write to its data folder',
    reason: `Engram keeps your memory in ${context.dataDir}, and it cannot create or write files there.`,
    whatToDo:
      'Make sure that path is a folder that belongs to you and is writable (not on a read-only or full disk), then start Engram again.',
    detail,
  };
}

export function classifyStartupError(error: unknown, context: StartupContext): StartupFailure {
  const facts = factsOf(error);
  const detail = facts.text;
  const database = join(context.dataDir, 'engram.db');

  if (NATIVE_MODULE.test(facts.text) || facts.codes.has('ERR_DLOPEN_FAILED')) {
    return {
      kind: 'native-module',
      title: 'Engram cannot load its database driver',
      reason: 'A native module Engram needs (better-sqlite3, or the sqlite-vec extension) is missing or was built for another version of Electron.',
      whatToDo: context.packaged
        ? 'Reinstall Engram from its installer. Your memories are not affected.'
        : 'Run `npm start` again: it builds better-sqlite3 for this Electron into node_modules/.cache/engram-electron/ ' +
          '(delete that folder to force a rebuild; unset ENGRAM_SQLITE_BINDING if you set it). Your memories are not affected.',
      detail,
    };
  }
  if (NEWER.test(facts.text)) {
    return {
      kind: 'newer-database',
      title: 'This memory was saved by a newer Engram',
      reason: `The database at ${database} was written by a newer version of Engram, and this version cannot read it safely.`,
      whatToDo: 'Install the newer Engram (or the newest release) and open it again. Nothing was changed in your data.',
      detail,
    };
  }
  if (facts.codes.has('key_unavailable')) {
    // An encrypted file and a damaged one look alike without the key: both are said, with what to do for each.
    return {
      kind: 'locked-database',
      title: 'The memory is encrypted with a key Engram cannot find here, or it is damaged',
      reason: `The database at ${database} cannot be opened: ${facts.text.split('\n')[0] ?? ''}`,
      whatToDo:
        `Engram did not change it. If you keep its key file (engram.key) elsewhere, put it back into ${context.dataDir}; if the ` +
        'memory has a passphrase, start Engram with ENGRAM_PASSPHRASE set. Otherwise restore engram.db from a backup, or ' +
        'move engram.db aside to start with an empty memory.',
      detail,
    };
  }
  if (facts.codes.has('SQLITE_CORRUPT') || facts.codes.has('SQLITE_NOTADB') || CORRUPT.test(facts.text)) {
    return {
      kind: 'corrupt-database',
      title: 'The memory database is damaged',
      reason: `The database at ${database} cannot be read: it is damaged or is not an Engram database.`,
      whatToDo:
        `Engram did not change it. Quit, copy the folder ${context.dataDir} somewhere safe, then restore engram.db from a ` +
        'backup (copies named engram.db.pre-v… beside it are taken before each upgrade), or move engram.db aside to start ' +
        'with an empty memory.',
      detail,
    };
  }
  if (UNWRITABLE_CODES.some((c) => facts.codes.has(c)) || UNWRITABLE.test(facts.text)) return unwritable(context, detail);
  return {
    kind: 'unknown',
    title: 'Engram could not start',
    reason: `Starting Engram failed: ${facts.text.split('\n')[0] ?? 'unknown error'}`,
    whatToDo: `Your data folder is ${context.dataDir}. Please report this problem with the details below.`,
    detail,
  };
}

/** Creates the data folder and writes a probe file there; the failure when it cannot. */
export function checkDataFolder(context: StartupContext): StartupFailure | null {
  const probe = join(context.dataDir, `.write-probe-${process.pid}`);
  try {
    mkdirSync(context.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
    return null;
  } catch (error) {
    // Whatever the errno, a folder that cannot take a file is an unwritable folder.
    return unwritable(context, factsOf(error).text);
  }
}

/** Another Engram app (browser mode, or a desktop app on another profile path) has this data folder. */
export function alreadyRunning(error: InstanceLockedError): StartupFailure {
  return {
    kind: 'already-running',
    title: 'Engram is already running',
    reason: `Another Engram (${error.holder.mode}, process ${error.holder.pid}, started ${error.holder.startedAt}) is using the memory in ${error.dataDir}.`,
    whatToDo: 'Use that Engram, or close it and start this one again. To run two at once, give one of them another data folder (ENGRAM_DATA_DIR).',
    detail: error.message,
  };
}

/** The text of the error dialog: reason, what to do, then the technical detail. */
export function failureMessage(failure: StartupFailure): string {
  return `${failure.reason}\n\nWhat to do: ${failure.whatToDo}\n\nDetails: ${failure.detail}`;
}

/** Moving the memory from the old folder was refused or failed; moveMemory left both folders as they were. */
export function moveFailed(error: unknown): StartupFailure {
  const text = error instanceof Error ? error.message : String(error);
  return {
    kind: 'move-failed',
    title: 'Engram could not move your memory',
    reason: text,
    whatToDo: 'Nothing was moved or deleted. Close any other Engram (app, browser mode) and start again.',
    detail: error instanceof Error ? (error.stack ?? text) : text,
  };
}
