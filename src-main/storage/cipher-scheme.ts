/**
 * How an encrypted memory's pages are enciphered. Both schemes authenticate every page with a 256-bit key; they
 * differ in speed. The driver is built without SQLite3MultipleCiphers' AES hardware support, so SQLCipher 4
 * (AES-256-CBC in portable C, then HMAC-SHA512 per page) decrypts ~60–75 MB/s here, while AEGIS-256 (an
 * authenticated cipher whose library picks AES-NI / ARMv8 crypto at run time) does ~450–600 MB/s, close to
 * reading plaintext. Every page read that misses the page cache pays this (an encrypted file cannot be
 * memory-mapped), so it decides the hot path and search cost of encryption (issue 27; see ARCHITECTURE.md).
 */

/** `aegis-256`: AEGIS-256, 32-byte random nonce and 32-byte tag per page. `sqlcipher-4`: memories made before it. */
export type CipherScheme = 'aegis-256' | 'sqlcipher-4';

/** The scheme of every file Engram encrypts from now on (new memories, conversions, backups of them). */
export const NEW_FILE_SCHEME: CipherScheme = 'aegis-256';

/** Schemes an existing encrypted file may be in, tried in this order when it is opened (current first). */
export const CIPHER_SCHEMES: readonly CipherScheme[] = ['aegis-256', 'sqlcipher-4'];

/** The pragmas that select `scheme` on a connection, before its key is given. */
export function schemePragmas(scheme: CipherScheme): string[] {
  // The algorithm is named, not left to the library's default, so an upgrade of the driver cannot change it.
  return scheme === 'aegis-256' ? [`cipher = 'aegis'`, `algorithm = 'aegis-256'`] : [`cipher = 'sqlcipher'`, 'legacy = 4'];
}
