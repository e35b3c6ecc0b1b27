import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * electron-vite's `import factory from './x?nodeWorker'` (the desktop build's engine worker), for tests that load
 * src-main/app/main.ts: the factory starts the TypeScript entry through the same tsx bootstrap as spawn.ts.
 */
function nodeWorkerFromSource(): Plugin {
  const PREFIX = '\0node-worker:';
  const boot = pathToFileURL(resolve(__dirname, 'src-main/host/worker/tsx-boot.mjs')).href;
  return {
    name: 'engram-node-worker-from-source',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!id.endsWith('?nodeWorker') || !importer) return null;
      const entry = resolve(dirname(importer), id.slice(0, -'?nodeWorker'.length));
      return `${PREFIX}${entry.endsWith('.ts') ? entry : `${entry}.ts`}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const entry = pathToFileURL(id.slice(PREFIX.length)).href;
      return [
        `import { Worker } from 'node:worker_threads';`,
        `export default (options) => new Worker(new URL(${JSON.stringify(boot)}), { ...options, argv: [${JSON.stringify(entry)}] });`,
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [nodeWorkerFromSource()],
  test: {
    include: ['tests/**/*.test.ts'],
    // Tests open real SQLite files and spawn child processes; two cores do not like many forks.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    // The JSON report feeds .ci/run's "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    hookTimeout: 30_000,
  },
});
