/**
 * Passphrase-encrypted ("sealed") exports. The export's bytes are encrypted in chunks with AES-256-GCM under a key
 * derived from the passphrase with scrypt; nothing is hand-rolled beyond the framing, which is the STREAM
 * construction (as in age and Tink): each chunk's nonce is a random prefix, the chunk's number and a flag for the
 * last chunk, and the whole header is authenticated with every chunk. So a changed byte anywhere, chunks swapped,
 * dropped or cut off at the end all fail to open, and nothing of the plaintext is released before its tag checks.
 *
 * File layout (version 1):
 *   magic "ENGRAM-SEALED-EXPORT\n" (21 bytes) · version (1) · kdf (1 = scrypt) · log2 N (1) · r (1) · p (1) ·
 *   salt (16) · nonce prefix (7) · chunk size (uint32 BE) — then chunks of `chunk size` ciphertext + 16-byte tag,
 *   the last one shorter (possibly empty) or full-size at the end of the file.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { AppError } from '../../../src-shared/errors';

export const SEALED_MAGIC = Buffer.from('ENGRAM-SEALED-EXPORT\n', 'latin1');
const VERSION = 1;
const KDF_SCRYPT = 1;
const SALT_BYTES = 16;
const PREFIX_BYTES = 7;
const TAG_BYTES = 16;
export const SEALED_HEADER_BYTES = SEALED_MAGIC.length + 5 + SALT_BYTES + PREFIX_BYTES + 4;
const DEFAULT_CHUNK = 64 * 1024;
/** scrypt N = 2^17, r = 8: 128 MiB and a fraction of a second, paid once per export or import. */
const DEFAULT_COST = { log2n: 17, r: 8, p: 1 } as const;
/** A file may ask for more work than we would choose, but not so much that opening it becomes a denial of service. */
const MAX_LOG2N = 20;
const MAX_CHUNK = 16 * 1024 * 1024;
export const MIN_EXPORT_PASSPHRASE = 8;

interface SealParams {
  log2n: number;
  r: number;
  p: number;
  salt: Buffer;
  prefix: Buffer;
  chunk: number;
}

/** True when `head` (the first bytes of a file) starts like a sealed export. */
export const isSealed = (head: Buffer): boolean => head.length >= SEALED_MAGIC.length && head.subarray(0, SEALED_MAGIC.length).equals(SEALED_MAGIC);

/** Refuses a passphrase too short to protect a whole memory; returns it otherwise. */
export function checkedExportPassphrase(passphrase: string): string {
  if (passphrase.length < MIN_EXPORT_PASSPHRASE) throw new AppError('invalid_input', `An export passphrase needs at least ${MIN_EXPORT_PASSPHRASE} characters`, { issues: [{ path: 'passphrase', message: `needs at least ${MIN_EXPORT_PASSPHRASE} characters` }] });
  return passphrase;
}

const deriveKey = (passphrase: string, p: SealParams): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const N = 2 ** p.log2n;
    // scrypt runs on the thread pool: the engine's thread keeps serving while the key is derived.
    scrypt(passphrase.normalize('NFC'), p.salt, 32, { N, r: p.r, p: p.p, maxmem: 256 * N * p.r }, (err, key) => (err ? reject(err) : resolve(key)));
  });

function encodeHeader(p: SealParams): Buffer {
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(p.chunk);
  return Buffer.concat([SEALED_MAGIC, Buffer.from([VERSION, KDF_SCRYPT, p.log2n, p.r, p.p]), p.salt, p.prefix, tail]);
}

function nonce(p: SealParams, index: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  p.prefix.copy(n, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  n[11] = last ? 1 : 0;
  return n;
}

/**
 * Encrypts a stream of export text: `header` first, then what `push` and `finish` return, in order. Plaintext is
 * held only until a chunk is full.
 */
export class ExportSealer {
  private readonly params: SealParams;
  private readonly header: Buffer;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;
  private finished = false;

  private constructor(params: SealParams, private readonly key: Buffer) {
    this.params = params;
    this.header = encodeHeader(params);
  }

  static async create(passphrase: string, options: { chunkBytes?: number; cost?: { log2n: number; r: number; p: number } } = {}): Promise<ExportSealer> {
    const params: SealParams = { ...(options.cost ?? DEFAULT_COST), salt: randomBytes(SALT_BYTES), prefix: randomBytes(PREFIX_BYTES), chunk: options.chunkBytes ?? DEFAULT_CHUNK };
    return new ExportSealer(params, await deriveKey(checkedExportPassphrase(passphrase), params));
  }

  headerBytes(): Buffer {
    return this.header;
  }

  /** Adds plaintext; returns the sealed chunks it completed (often none). */
  push(text: string | Buffer): Buffer {
    const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    const out: Buffer[] = [];
    // A full chunk is sealed only once more bytes follow it: the last chunk, even full-size, carries the last flag.
    while (this.pendingBytes > this.params.chunk) out.push(this.seal(this.take(this.params.chunk), false));
    return Buffer.concat(out);
  }

  /** Seals what is left as the last chunk (possibly empty). */
  finish(): Buffer {
    if (this.finished) throw new Error('ExportSealer.finish called twice');
    this.finished = true;
    return this.seal(this.take(this.pendingBytes), true);
  }

  private take(n: number): Buffer {
    const all = Buffer.concat(this.pending);
    this.pending = [all.subarray(n)];
    this.pendingBytes = all.length - n;
    return all.subarray(0, n);
  }

  private seal(plain: Buffer, last: boolean): Buffer {
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.params, this.index++, last));
    cipher.setAAD(this.header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }
}

function parseHeader(file: Buffer, name: string): SealParams {
  const damaged = (why: string): AppError => new AppError('invalid_input', `${name} is not a readable encrypted Engram export (${why}); nothing was imported`);
  if (!isSealed(file)) throw damaged('it does not start like one');
  if (file.length < SEALED_HEADER_BYTES) throw damaged('its header is cut off');
  let at = SEALED_MAGIC.length;
  const version = file[at++] as number;
  if (version !== VERSION) throw new AppError('invalid_input', `${name} is an encrypted Engram export of version ${version}; this Engram reads version ${VERSION}. Update Engram to import it.`);
  const kdf = file[at++] as number;
  const log2n = file[at++] as number;
  const r = file[at++] as number;
  const p = file[at++] as number;
  if (kdf !== KDF_SCRYPT || log2n < 10 || log2n > MAX_LOG2N || r < 1 || r > 32 || p < 1 || p > 16) throw damaged('its key settings are not ones Engram writes');
  const salt = file.subarray(at, (at += SALT_BYTES));
  const prefix = file.subarray(at, (at += PREFIX_BYTES));
  const chunk = file.readUInt32BE(at);
  if (chunk < 1 || chunk > MAX_CHUNK) throw damaged('its chunk size is out of range');
  return { log2n, r, p, salt, prefix, chunk };
}

/**
 * Decrypts a whole sealed export. A missing or wrong passphrase is `key_unavailable`; a file cut short, altered or
 * with chunks moved is `invalid_input`. Either way nothing of the plaintext is returned.
 */
export async function openSealed(file: Buffer, passphrase: string | undefined, name: string): Promise<Buffer> {
  const params = parseHeader(file, name);
  if (passphrase === undefined || passphrase === '') {
    throw new AppError('key_unavailable', `${name} is an encrypted Engram export: give its passphrase to import it`, { issues: [{ path: 'passphrase', message: 'this export is encrypted: give its passphrase to import it' }] });
  }
  const header = file.subarray(0, SEALED_HEADER_BYTES);
  const key = await deriveKey(passphrase, params);
  const body = file.subarray(SEALED_HEADER_BYTES);
  const sealedChunk = params.chunk + TAG_BYTES;
  const count = Math.max(1, Math.ceil(body.length / sealedChunk));
  const plain: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const sealed = body.subarray(i * sealedChunk, (i + 1) * sealedChunk);
    if (sealed.length < TAG_BYTES) throw new AppError('invalid_input', `${name} is cut short: its encrypted data ends early; nothing was imported`);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(params, i, i === count - 1));
    decipher.setAAD(header);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      plain.push(decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final());
    } catch {
      // The first chunk is where a wrong passphrase shows; past it the key is right and the file was changed.
      if (i === 0) throw new AppError('key_unavailable', `The passphrase does not open ${name} (or the file is damaged); nothing was imported`, { issues: [{ path: 'passphrase', message: 'it does not open this export (or the file is damaged); nothing was imported' }] });
      throw new AppError('invalid_input', `${name} was changed or cut short after it was written (chunk ${i + 1} of ${count} does not check); nothing was imported`);
    }
  }
  return Buffer.concat(plain);
}
