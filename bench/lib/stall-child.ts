/** The parent side of stall-probe.ts: start and read the stall monitor of a child Node process. */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StallFigures } from './stats';

export interface ChildStallProbe {
  /** Node arguments that load the probe (before the script). */
  execArgv: string[];
  /** Environment entries for the child. */
  env: Record<string, string>;
  start(child: ChildProcess): void;
  stop(child: ChildProcess): Promise<StallFigures>;
}

export function childStallProbe(): ChildStallProbe {
  const file = join(tmpdir(), `engram-stall-${process.pid}-${Date.now()}.json`);
  return {
    execArgv: ['--import', join(import.meta.dirname, 'stall-probe.ts')],
    env: { ENGRAM_STALL_PROBE_FILE: file },
    start: (child) => {
      rmSync(file, { force: true });
      child.kill('SIGUSR2');
    },
    stop: async (child) => {
      child.kill('SIGUSR2');
      for (let waited = 0; !existsSync(file); waited += 20) {
        if (waited > 10_000) throw new Error('the child process did not report its event-loop stall');
        await new Promise((r) => setTimeout(r, 20));
      }
      const figures = JSON.parse(readFileSync(file, 'utf8')) as StallFigures;
      rmSync(file, { force: true });
      return figures;
    },
  };
}
