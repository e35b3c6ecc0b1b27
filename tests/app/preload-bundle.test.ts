/**
 * The sandboxed preload can require nothing but electron. It bundles the API contract, whose schemas come from
 * the engine's door (src-main/memory/index.ts) beside the engine itself: the preload's tree-shaking setting in
 * electron.vite.config.ts must keep the engine and its packages out. Built here with the same rollup setting.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { PRELOAD_TREESHAKE } from '../../electron.vite.config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'engram-preload-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Like electron-vite's externalizeDepsPlugin({ exclude: ['zod'] }): packages stay `require`s, zod is bundled. */
const external = (id: string): boolean =>
  id === 'electron' || id.startsWith('node:') || builtinModules.includes(id) || (!/^[./]/.test(id) && !/^zod(\/|$)/.test(id) && !/^[A-Za-z]:/.test(id));

describe('the preload bundle', () => {
  it('requires only electron: the engine behind the contract\'s schemas stays out', async () => {
    await build({
      configFile: false,
      logLevel: 'silent',
      root,
      build: {
        outDir,
        emptyOutDir: true,
        minify: false,
        target: 'node20',
        lib: { entry: join(root, 'src-preload/index.ts'), formats: ['cjs'], fileName: () => 'index.cjs' },
        rollupOptions: { external, treeshake: PRELOAD_TREESHAKE },
      },
    });
    const bundle = readFileSync(join(outDir, 'index.cjs'), 'utf8');
    const required = [...new Set([...bundle.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]))];
    expect(required).toEqual(['electron']);
    // The contract's schemas are in it (the door's value exports the preload does use).
    expect(bundle).toContain('query is longer than');
  }, 60_000);
});
