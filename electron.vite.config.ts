import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';

/**
 * The contract takes its schemas from the engine's one door (src-main/memory/index.ts), which also exports the
 * engine. Memory's modules have no import-time effects the schemas need, so the preload keeps only what it uses
 * of them and never pulls the engine's packages (better-sqlite3…) into the sandbox. tests/app/preload-bundle.test.ts
 * builds it and checks.
 */
export const PRELOAD_TREESHAKE = { moduleSideEffects: (id: string): boolean => !id.split('\\').join('/').includes('/src-main/memory/') };

// Three targets: the main process (Electron shell + engine), the sandboxed preload, and the renderer.
export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/app/main.ts') },
        // Chunks (the engine's worker thread among them) stay next to index.js: resource paths are found two
        // folders up from the module that asks (src-main/resource-paths.ts).
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    // A sandboxed preload cannot require packages: bundle the contract (and zod) into one CommonJS file.
    plugins: [externalizeDepsPlugin({ exclude: ['zod'] })],
    build: {
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
        treeshake: PRELOAD_TREESHAKE,
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [react()],
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } } },
  },
});
