/**
 * Loaded with `node --import` into a benchmark's child process (the browser-mode host, whose main thread
 * serves the UI), so its event-loop stall is measured where it happens, with no hook in the app itself.
 * SIGUSR2 starts the monitor; the next SIGUSR2 writes the figures as JSON to $ENGRAM_STALL_PROBE_FILE.
 * The parent side is `childStallProbe` in stall-child.ts.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { StallMonitor } from './stats';

const file = process.env.ENGRAM_STALL_PROBE_FILE;
if (file) {
  const monitor = new StallMonitor();
  let running = false;
  process.on('SIGUSR2', () => {
    if (!running) monitor.start();
    else {
      // Written aside, then renamed: the parent never reads half a file.
      writeFileSync(`${file}.tmp`, JSON.stringify(monitor.stop()));
      renameSync(`${file}.tmp`, file);
    }
    running = !running;
  });
}
