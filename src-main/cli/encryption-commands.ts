/**
 * `engram encrypt` and `engram key add-passphrase`: they work on the closed memory file (no engine is open), with
 * the data folder's instance lock held so no Engram app writes to it meanwhile. The passphrase of a memory kept
 * with one comes from ENGRAM_PASSPHRASE; a new one from ENGRAM_NEW_PASSPHRASE (never argv: `ps` shows argv).
 */
import { join } from 'node:path';
import { addPassphrase, DATABASE_FILE, databaseFileState, encryptMemoryFile, keyFilePath, type EncryptionReport, type KeyAccess } from '../memory';
import { acquireInstanceLock, InstanceLockedError } from '../platform/instance-lock';
import { AppError, UsageError } from '../../src-shared/errors';

export interface EncryptionCommandIo {
  out: (text: string) => void;
  json: boolean;
  env: NodeJS.ProcessEnv;
}

/** What the CLI (and browser mode, and its MCP server) can unlock a memory's key with: a passphrase, if given. */
export const keyAccessFromEnv = (env: NodeJS.ProcessEnv): KeyAccess => (env.ENGRAM_PASSPHRASE ? { passphrase: env.ENGRAM_PASSPHRASE } : {});

export function encryptCommand(dataDir: string, io: EncryptionCommandIo): number {
  return withFolderLock(dataDir, 'command-line encrypt', () => {
    const report = encryptMemoryFile(join(dataDir, DATABASE_FILE), keyAccessFromEnv(io.env));
    const said: Record<EncryptionReport['outcome'], string> = {
      already: `The memory in ${dataDir} is already encrypted.`,
      reenciphered: `Re-encrypted the memory in ${dataDir} with the faster cipher (AEGIS-256); its key is unchanged, in ${report.keyFile}.`,
      encrypted: `Encrypted the memory in ${dataDir}; its key is in ${report.keyFile}. Keep a copy of that file apart from your backups: without it they cannot be opened.`,
    };
    io.out(io.json ? JSON.stringify(report) : said[report.outcome]);
    return 0;
  });
}

export function keyCommand(dataDir: string, args: readonly string[], io: EncryptionCommandIo): number {
  if (args[0] !== 'add-passphrase') throw new UsageError('engram key add-passphrase   (the new passphrase from ENGRAM_NEW_PASSPHRASE)');
  const passphrase = io.env.ENGRAM_NEW_PASSPHRASE;
  if (!passphrase) throw new UsageError('Set ENGRAM_NEW_PASSPHRASE to the passphrase to add (it is not read from the command line, where other programs can see it)');
  const dbPath = join(dataDir, DATABASE_FILE);
  if (databaseFileState(dbPath) !== 'encrypted') throw new AppError('invalid_input', `The memory in ${dataDir} is not encrypted; run \`engram encrypt\` first`);
  return withFolderLock(dataDir, 'command-line key change', () => {
    addPassphrase(keyFilePath(dbPath), keyAccessFromEnv(io.env), passphrase);
    io.out(io.json ? JSON.stringify({ keyFile: keyFilePath(dbPath), added: 'passphrase' }) : `Added a passphrase to ${keyFilePath(dbPath)}: set ENGRAM_PASSPHRASE to open the memory with it.`);
    return 0;
  });
}

function withFolderLock(dataDir: string, mode: string, fn: () => number): number {
  let release: () => void;
  try {
    release = acquireInstanceLock(dataDir, mode);
  } catch (err) {
    if (!(err instanceof InstanceLockedError)) throw err;
    throw new AppError('conflict', `Engram is running on ${dataDir} (${err.holder.mode}, process ${err.holder.pid}), so nothing was changed. Quit it (or use its Settings) and run this again.`, { cause: err });
  }
  try {
    return fn();
  } finally {
    release();
  }
}
