import { resolve } from 'node:path';
import { defineConfig, externalizeDepsPlugin } from 'electron-vite';

// Three targets: the main process (Electron shell + engine), the sandboxed preload, and the renderer.
export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src-main/app/main.ts') } } },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src-preload/index.ts') } } },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    build: { rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } } },
  },
});
