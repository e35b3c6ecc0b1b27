import { spawn } from 'node:child_process';

/**
 * Run a TypeScript script in a child process and SIGKILL it at the moment `onLine` (called for each line
 * the child prints) returns true. Resolves when the child died by that kill; rejects if it exited on its own.
 */
export function runUntilKilled(script: string, args: readonly string[], onLine: (line: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let buffer = '';
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      let nl: number;
      while (!killed && (nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (onLine(line)) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`${script} exited on its own (code ${code}): ${stderr}`));
    });
  });
}
