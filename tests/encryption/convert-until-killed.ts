// Child process for conversion.test.ts: converts the plaintext memory in argv[2] to an encrypted one and, at the
// step named by argv[3], says so and waits to be SIGKILLed there.
import { encryptMemoryFile, type ConversionStep } from '../../src-main/storage/encrypt-file';
import { databasePath } from '../../src-main/memory/paths';

const [dataDir, stopAt] = process.argv.slice(2) as [string, ConversionStep];
encryptMemoryFile(databasePath(dataDir), {
  onStep: (step) => {
    if (step !== stopAt) return;
    process.stdout.write(`at ${step}\n`);
    // Block here (no event loop turn needed) until the parent kills this process.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  },
});
process.stdout.write('finished\n');
