/**
 * Where the host worker's entry is. From source (tsx, vitest) a plain-JS bootstrap registers tsx in the new
 * thread and then loads host-worker.ts; in the browser-mode bundle host-worker.mjs sits next to main.mjs.
 * The desktop build passes electron-vite's `?nodeWorker` factory instead (src-main/app/main.ts).
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

const here = import.meta.url;
// Built from a variable so bundlers leave the URLs alone (they resolve at run time, next to this module).
const sibling = (file: string): URL => new URL(file, here);

/** The parent's --import/--require hooks (a benchmark's probe, a loader) are not the engine's: none are inherited. */
export function spawnHostWorker(options: WorkerOptions): Worker {
  if (here.endsWith('.ts')) {
    return new Worker(sibling('./tsx-boot.mjs'), { ...options, execArgv: [], argv: [sibling('./host-worker.ts').href] });
  }
  return new Worker(sibling('./host-worker.mjs'), { ...options, execArgv: [] });
}
