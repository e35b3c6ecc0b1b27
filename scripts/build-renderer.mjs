// Builds what browser mode runs: the renderer into out/renderer (same settings as electron.vite.config.ts's
// renderer section) and the browser-mode host into out/web/main.mjs (one ESM file; packages stay in
// node_modules), so `npm start` starts plain Node instead of compiling TypeScript at every launch.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function buildRenderer({ quiet = false } = {}) {
  await build({
    configFile: false,
    root: `${root}src-renderer`,
    base: './',
    plugins: [react()],
    logLevel: quiet ? 'warn' : 'info',
    build: { outDir: `${root}out/renderer`, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  });
}

export async function buildWebHost({ quiet = false } = {}) {
  await build({
    configFile: false,
    root,
    logLevel: quiet ? 'warn' : 'info',
    build: {
      // The server and the worker thread it starts for the engine (spawn.ts finds host-worker.mjs next to main.mjs). All
      // files stay in out/web/: resource paths are found two folders up from the module (resource-paths.ts).
      ssr: true,
      outDir: `${root}out/web`,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input: { main: `${root}src-main/web/main.ts`, 'host-worker': `${root}src-main/host/worker/host-worker.ts` },
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildRenderer();
  await buildWebHost();
}
