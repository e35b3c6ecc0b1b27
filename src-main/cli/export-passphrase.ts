/**
 * Where the CLI takes an export's passphrase from: `--passphrase-file FILE` (its first line), else
 * ENGRAM_EXPORT_PASSPHRASE. Never from argv itself, where `ps` and shell history show it to others.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppError, UsageError } from '../../src-shared/errors';

export const EXPORT_PASSPHRASE_ENV = 'ENGRAM_EXPORT_PASSPHRASE';

/** The passphrase the command was given, or undefined when it was given none. */
export function exportPassphrase(options: Record<string, string | undefined>, env: NodeJS.ProcessEnv): string | undefined {
  const file = options['passphrase-file'];
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(resolve(file), 'utf8');
    } catch (err) {
      throw new AppError('invalid_input', `--passphrase-file: ${file} cannot be read (${err instanceof Error ? err.message : String(err)})`);
    }
    // One line: an editor's trailing newline is not part of the passphrase.
    const passphrase = text.replace(/\r?\n$/, '');
    if (passphrase.includes('\n')) throw new UsageError(`--passphrase-file: ${file} holds more than one line; put the passphrase alone on its first line`);
    return passphrase;
  }
  const fromEnv = env[EXPORT_PASSPHRASE_ENV];
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
}

/** `export --encrypt` needs a passphrase; a passphrase file without `--encrypt` is refused rather than ignored. */
export function exportSealing(options: Record<string, string | undefined>, env: NodeJS.ProcessEnv): string | undefined {
  if (options.encrypt !== 'true') {
    if (options['passphrase-file'] !== undefined) throw new UsageError('--passphrase-file on export needs --encrypt (say that the export is to be encrypted)');
    return undefined;
  }
  const passphrase = exportPassphrase(options, env);
  if (passphrase === undefined) throw new UsageError(`export --encrypt needs a passphrase: --passphrase-file FILE or ${EXPORT_PASSPHRASE_ENV}`);
  return passphrase;
}
