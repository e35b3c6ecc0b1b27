/**
 * Settings → Encryption, behind the API: what protects the memory now, "Encrypt this memory" for a plaintext one
 * (the crash-safe conversion of storage/encrypt-file.ts, run while the app's services are stopped) and
 * "Add / change passphrase", which puts a passphrase slot in the key file so a process without the keychain (the
 * CLI, browser mode, `engram mcp`) can open a memory the desktop app keeps with the keychain only.
 */
import { join } from 'node:path';
import {
  DATABASE_FILE,
  databaseFileState,
  encryptMemoryFile,
  keyFilePath,
  keySlotKinds,
  setPassphraseSlot,
  unlockKey,
  type ConversionStep,
  type KeyProtector,
} from '../memory';
import { AppError } from '../../src-shared/errors';
import type { EncryptionStatus } from './api-types';

export interface MemoryEncryptionOptions {
  dataDir: string;
  /** The OS keychain, where this process can use it (the desktop app, through its main thread). */
  keychain?: KeyProtector;
  /** ENGRAM_PASSPHRASE, when the process was started with one. */
  passphrase?: string;
  /** The key the open engine uses (null: the memory is plaintext). */
  currentKey: () => Buffer | null;
  /**
   * Runs `convert` on the closed memory: the app's services stop first and start again afterwards, on the key
   * `convert` returns (or as before when it throws).
   */
  whileClosed: (convert: () => Buffer) => Promise<void>;
  nativeBinding?: string;
}

/** Rough share of the conversion done after each step, for the progress bar. */
const STEP_PERCENT: Record<ConversionStep, number> = { copied: 30, encrypted: 60, verified: 80, kept: 85, swapped: 95 };
const STEP_MESSAGE: Record<ConversionStep, string> = {
  copied: 'copied the memory',
  encrypted: 'encrypted the copy',
  verified: 'checked the encrypted copy (same rows)',
  kept: 'kept the plaintext aside until the encrypted memory opens',
  swapped: 'put the encrypted memory in place',
};

export class MemoryEncryption {
  private readonly dbPath: string;

  constructor(private readonly options: MemoryEncryptionOptions) {
    this.dbPath = join(options.dataDir, DATABASE_FILE);
  }

  status(): EncryptionStatus {
    const encrypted = databaseFileState(this.dbPath) === 'encrypted';
    const keyFile = keyFilePath(this.dbPath);
    return {
      encrypted,
      keyFile: encrypted ? keyFile : null,
      slots: encrypted ? keySlotKinds(keyFile) : [],
      keychain: this.options.keychain !== undefined,
    };
  }

  /** Converts a plaintext memory; `onStep` hears each step. Already encrypted: `conflict`, nothing done. */
  async encrypt(onStep: (percent: number, message: string) => void): Promise<EncryptionStatus> {
    if (this.status().encrypted) throw new AppError('conflict', 'This memory is already encrypted; nothing was changed');
    const access = { ...(this.options.keychain ? { keychain: this.options.keychain } : {}), ...(this.options.passphrase ? { passphrase: this.options.passphrase } : {}) };
    await this.options.whileClosed(() => {
      onStep(10, 'stopped the app’s work on the memory');
      encryptMemoryFile(this.dbPath, {
        ...access,
        ...(this.options.nativeBinding ? { nativeBinding: this.options.nativeBinding } : {}),
        onStep: (step) => onStep(STEP_PERCENT[step], STEP_MESSAGE[step]),
      });
      // The services start again on the key just made (a keychain slot: only the keychain reads it).
      return unlockKey(keyFilePath(this.dbPath), access);
    });
    return this.status();
  }

  /** Adds (or replaces) the passphrase that opens the memory's key; the other ways in stay. */
  setPassphrase(passphrase: string): EncryptionStatus {
    const key = this.options.currentKey();
    if (!key) throw new AppError('invalid_input', 'This memory is not encrypted, so it has no key to protect with a passphrase: encrypt it first');
    setPassphraseSlot(keyFilePath(this.dbPath), key, passphrase);
    return this.status();
  }
}
