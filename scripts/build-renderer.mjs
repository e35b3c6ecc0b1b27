// Builds the renderer alone into out/renderer (browser mode needs no main or preload bundle).
// The same settings as electron.vite.config.ts's renderer section.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = fileURLToPath(new URL('../src-renderer', import.meta.url));
const outDir = fileURLToPath(new URL('../out/renderer', import.meta.url));

export async function buildRenderer({ quiet = false } = {}) {
  await build({
    configFile: false,
    root,
    base: './',
    plugins: [react()],
    logLevel: quiet ? 'warn' : 'info',
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1500 },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildRenderer();
}
