import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Starts tests/helpers/lock-holder.ts on `dbPath` (and `moreDbPaths`); resolves once it holds every lock, with
 * a promise of their release.
 */
export async function holdWriteLock(dbPath: string, holdMs: number, moreDbPaths: readonly string[] = []): Promise<{ released: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'lock-holder.ts'), dbPath, String(holdMs), ...moreDbPaths], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let out = '';
  const seen = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (out.includes(word)) resolve();
      };
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        check();
      });
      child.on('exit', (code) => (out.includes(word) ? resolve() : reject(new Error(`lock holder exited (${code}): ${stderr}`))));
    });
  const locked = seen('locked');
  const released = seen('released');
  await locked;
  return { released };
}
