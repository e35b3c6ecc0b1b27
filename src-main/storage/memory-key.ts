/**
 * The key a memory is encrypted with, and the key file that keeps it. The key is 32 random bytes, made once
 * when a new memory is created; the database never sees a password. The key file (`engram.key`, 0600, in the
 * data folder beside engram.db) holds that key in one or more *slots*, each a way to recover it:
 *
 * - `file`: the key itself. Used where no keychain exists (CLI, MCP, browser mode, Linux without a keyring).
 * - `keychain`: the key sealed by the operating system's keychain (Electron safeStorage, desktop app only).
 * - `passphrase`: the key wrapped with AES-256-GCM under a key derived from a passphrase with scrypt.
 *
 * A memory made by the desktop app with a real keychain has only a keychain slot, so a copy of the data folder
 * (a backup tool, a synced folder) carries no usable key. Processes without the keychain (the CLI, browser mode)
 * open it with a passphrase the person adds (`engram key add-passphrase`, from a process that can unlock it).
 */
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { MemoryError } from '../../src-shared/errors';
import { databaseFileState } from './driver';

export const KEY_FILE = 'engram.key';
export const KEY_BYTES = 32;

/** Seals and unseals bytes with the OS keychain. The desktop app implements it with Electron safeStorage. */
export interface KeyProtector {
  seal(key: Buffer): Buffer;
  unseal(sealed: Buffer): Buffer;
}

/** What a process can use to unlock (or protect) a memory's key. */
export interface KeyAccess {
  keychain?: KeyProtector;
  passphrase?: string;
}

const b64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const slotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), key: b64 }),
  z.object({ kind: z.literal('keychain'), sealed: b64 }),
  z.object({
    kind: z.literal('passphrase'),
    salt: b64,
    n: z.number().int().min(1024).max(1 << 20),
    r: z.number().int().min(1).max(32),
    p: z.number().int().min(1).max(16),
    iv: b64,
    tag: b64,
    wrapped: b64,
  }),
]);
const keyFileSchema = z.object({ version: z.literal(1), slots: z.array(slotSchema).min(1) });
type KeySlot = z.infer<typeof slotSchema>;
type KeyFile = z.infer<typeof keyFileSchema>;

/** scrypt cost: ~50 ms here, paid once per open with a passphrase. */
const SCRYPT = { n: 1 << 15, r: 8, p: 1 } as const;

export const keyFilePath = (dbPath: string): string => join(dirname(dbPath), KEY_FILE);

/** A new random key. */
export const newMemoryKey = (): Buffer => randomBytes(KEY_BYTES);

/** Reads the key file at `path`; null when there is none. A damaged file is a `key_unavailable` error. */
export function readKeyFile(path: string): KeyFile | null {
  if (!existsSync(path)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw new MemoryError('key_unavailable', `The memory's key file ${path} cannot be read (${String(cause)}). Restore it from where you keep a copy; nothing was changed.`, { cause });
  }
  const file = keyFileSchema.safeParse(parsed);
  if (!file.success) throw new MemoryError('key_unavailable', `The memory's key file ${path} is not an Engram key file; nothing was changed.`);
  return file.data;
}

/** Writes the key file whole (temp file, then rename): a crash leaves the old file or the new one, never half. */
export function writeKeyFile(path: string, file: KeyFile): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

/** The key from whichever slot `access` can open: keychain first, then passphrase, then the plain file slot. */
export function unlockKey(path: string, access: KeyAccess): Buffer {
  const file = readKeyFile(path);
  if (!file) {
    throw new MemoryError('key_unavailable', `This memory is encrypted, but its key file ${path} is missing. Put the key file back (or restore it from a copy); nothing was changed.`);
  }
  const failures: string[] = [];
  for (const slot of orderForAccess(file.slots)) {
    const key = openSlot(slot, access, failures);
    if (key) return key;
  }
  throw new MemoryError('key_unavailable', lockedMessage(path, file.slots, access, failures));
}

const SLOT_ORDER: Record<KeySlot['kind'], number> = { keychain: 0, passphrase: 1, file: 2 };
const orderForAccess = (slots: readonly KeySlot[]): KeySlot[] => [...slots].sort((a, b) => SLOT_ORDER[a.kind] - SLOT_ORDER[b.kind]);

function openSlot(slot: KeySlot, access: KeyAccess, failures: string[]): Buffer | null {
  try {
    if (slot.kind === 'file') return checkedKey(Buffer.from(slot.key, 'base64'));
    if (slot.kind === 'keychain') return access.keychain ? checkedKey(access.keychain.unseal(Buffer.from(slot.sealed, 'base64'))) : null;
    if (access.passphrase === undefined) return null;
    const kek = scryptSync(access.passphrase, Buffer.from(slot.salt, 'base64'), KEY_BYTES, { N: slot.n, r: slot.r, p: slot.p, maxmem: 256 * slot.n * slot.r });
    const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(slot.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(slot.tag, 'base64'));
    return checkedKey(Buffer.concat([decipher.update(Buffer.from(slot.wrapped, 'base64')), decipher.final()]));
  } catch (cause) {
    failures.push(slot.kind === 'passphrase' ? 'the passphrase is not the right one' : `the ${slot.kind} slot cannot be opened (${cause instanceof Error ? cause.message : String(cause)})`);
    return null;
  }
}

function checkedKey(key: Buffer): Buffer {
  if (key.length !== KEY_BYTES) throw new Error(`the stored key has ${key.length} bytes, not ${KEY_BYTES}`);
  return key;
}

function lockedMessage(path: string, slots: readonly KeySlot[], access: KeyAccess, failures: string[]): string {
  const kinds = new Set(slots.map((s) => s.kind));
  const ways: string[] = [];
  if (kinds.has('keychain')) ways.push(access.keychain ? 'the system keychain did not open it' : 'its key is kept in the system keychain by the Engram desktop app');
  if (kinds.has('passphrase')) ways.push(access.passphrase === undefined ? 'it can be opened with its passphrase (set ENGRAM_PASSPHRASE)' : 'the passphrase given is not the right one');
  const detail = failures.filter((f) => !f.startsWith('the passphrase')).join('; ');
  return `This memory is encrypted and cannot be opened here: ${ways.join('; ') || 'no slot of its key file opens'}${detail ? ` (${detail})` : ''}. Key file: ${path}. Nothing was changed.`;
}

/** A slot for `key` protected the way `access` says: keychain when there is one, else passphrase, else the file. */
export function slotFor(key: Buffer, access: KeyAccess): KeySlot {
  if (access.keychain) return { kind: 'keychain', sealed: access.keychain.seal(key).toString('base64') };
  if (access.passphrase !== undefined) return passphraseSlot(key, access.passphrase);
  return { kind: 'file', key: key.toString('base64') };
}

export function passphraseSlot(key: Buffer, passphrase: string): KeySlot {
  if (passphrase.length < 8) throw new MemoryError('invalid_input', 'A passphrase needs at least 8 characters');
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const kek = scryptSync(passphrase, salt, KEY_BYTES, { N: SCRYPT.n, r: SCRYPT.r, p: SCRYPT.p, maxmem: 256 * SCRYPT.n * SCRYPT.r });
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  const wrapped = Buffer.concat([cipher.update(key), cipher.final()]);
  return { kind: 'passphrase', ...SCRYPT, salt: salt.toString('base64'), iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), wrapped: wrapped.toString('base64') };
}

/** Creates the key file for a new memory; refuses to replace one (its key may be the only way into a memory). */
export function createKeyFile(path: string, access: KeyAccess): Buffer {
  if (existsSync(path)) throw new MemoryError('conflict', `${path} already exists; Engram never replaces a memory's key file`);
  const key = newMemoryKey();
  // The key file comes before the database, so its folder may not exist yet.
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeKeyFile(path, { version: 1, slots: [slotFor(key, access)] });
  return key;
}

/** Adds a passphrase slot (replacing an earlier passphrase), once `access` has opened the key. */
export function addPassphrase(path: string, access: KeyAccess, passphrase: string): void {
  setPassphraseSlot(path, unlockKey(path, access), passphrase);
}

/**
 * Puts a passphrase slot for `key` in the key file (replacing an earlier passphrase; the other slots stay). The
 * caller holds the key already: the app whose engine opened the memory with it.
 */
export function setPassphraseSlot(path: string, key: Buffer, passphrase: string): void {
  const file = readKeyFile(path);
  if (!file) throw new MemoryError('key_unavailable', `The memory's key file ${path} is missing; nothing was changed.`);
  writeKeyFile(path, { version: 1, slots: [...file.slots.filter((s) => s.kind !== 'passphrase'), passphraseSlot(checkedKey(key), passphrase)] });
}

/** The kinds of slot the key file holds (none when there is no key file). */
export const keySlotKinds = (path: string): KeySlot['kind'][] => [...new Set((readKeyFile(path)?.slots ?? []).map((s) => s.kind))];

/** How the engine treats a memory's encryption. */
export interface EncryptionOptions extends KeyAccess {
  /** Create a NEW memory without encryption (benchmarks' baseline, explicit opt-out). Existing files keep theirs. */
  plaintext?: boolean;
  /**
   * A key already unlocked by another part of the same app: the desktop app's main thread hands it to its
   * worker, and a restore checks the candidate copy (in a folder of its own, with no key file) with the memory's.
   */
  key?: Buffer;
}

/**
 * The key that opens the database at `dbPath`, or null for a plaintext one. A new memory is encrypted by
 * default: its key file is written before the database exists, so no file is ever made that no key opens.
 */
export function resolveMemoryKey(dbPath: string, options: EncryptionOptions = {}): Buffer | null {
  const state = databaseFileState(dbPath);
  if (state === 'plaintext' || dbPath === ':memory:' || dbPath === '') return null;
  if (options.key) return checkedKey(options.key);
  const path = keyFilePath(dbPath);
  if (state === 'encrypted') return unlockKey(path, options);
  if (options.plaintext) return null;
  return existsSync(path) ? unlockKey(path, options) : createKeyFile(path, options);
}
