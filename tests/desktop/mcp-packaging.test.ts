/**
 * Packaging check for `Engram --mcp`, read from the configuration and the sources (no Electron binary is run,
 * no package is built): the app entry electron-builder ships reaches the headless MCP runner, every package
 * that entry's module graph imports at runtime is a production dependency (electron-builder ships those, and
 * only those), and the files the runner reads at runtime (package.json for its version, the word vectors of the
 * offline embedder, the native SQLite modules) are in the package.
 */
import { builtinModules } from 'node:module';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { main: string; dependencies: Record<string, string> };
const builder = JSON.parse(readFileSync(join(repo, 'electron-builder.json'), 'utf8')) as {
  files: string[];
  asarUnpack: string[];
  extraResources: { from: string; to: string; filter: string[] }[];
};

/** Runtime imports of a module (type-only imports are erased by the build). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const m of text.matchAll(statement)) found.push((m[2] ?? m[3] ?? m[4] ?? '').replace(/\?.*$/, ''));
  return found.filter(Boolean);
}

function resolveSource(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

/** Every source module reachable from the entry, and the bare packages they import. */
function moduleGraph(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (modules.has(file)) continue;
    modules.add(file);
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.')) {
        const next = resolveSource(file, spec);
        if (next) queue.push(next);
      } else {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec));
      }
    }
  }
  return { modules, packages };
}

const isBuiltin = (name: string): boolean => name.startsWith('node:') || builtinModules.includes(name);

describe('the installed layout has what --mcp needs (read from the config; no Electron binary is run)', () => {
  const entry = join(repo, 'src-main', 'app', 'main.ts');
  const graph = moduleGraph(entry);
  const reached = new Set([...graph.modules].map((m) => relative(repo, m)));

  it("electron-builder ships electron-vite's build of src-main/app/main.ts, and it reaches the headless MCP runner", () => {
    const viteConfig = readFileSync(join(repo, 'electron.vite.config.ts'), 'utf8');
    expect(viteConfig).toMatch(/input:\s*\{\s*index:\s*resolve\(__dirname,\s*'src-main\/app\/main\.ts'\)/);
    expect(viteConfig).toContain('externalizeDepsPlugin()');
    expect(pkg.main).toBe('./out/main/index.js');
    expect(builder.files).toContain('out/main/**/*');
    for (const module of ['src-main/app/headless.ts', 'src-main/host/headless-mcp.ts', 'src-main/mcp/stdio.ts', 'src-main/mcp/server.ts', 'src-main/memory/engine.ts']) {
      expect(reached, module).toContain(module);
    }
  });

  it('every package the entry imports at runtime is a production dependency, and none is excluded from the package', () => {
    const external = [...graph.packages].filter((name) => !isBuiltin(name) && name !== 'electron');
    expect(external).toContain('@modelcontextprotocol/sdk');
    expect(external).toContain('better-sqlite3-multiple-ciphers');
    for (const name of external) expect(pkg.dependencies, `${name} must be in "dependencies" (electron-builder ships only those)`).toHaveProperty(name);
    const excluded = builder.files.filter((f) => f.startsWith('!node_modules/'));
    for (const name of external) expect(excluded.some((f) => f === `!node_modules/${name}/**/*` || f === `!node_modules/${name}`), name).toBe(false);
  });

  it('the built entry, when there is one, imports nothing outside the production dependencies', () => {
    const out = join(repo, 'out', 'main');
    if (!existsSync(out)) return; // No build on this checkout: the source graph above is the check.
    for (const file of readdirSync(out).filter((f) => f.endsWith('.js'))) {
      for (const spec of importsOf(join(out, file))) {
        if (spec.startsWith('.') || isBuiltin(spec) || spec === 'electron') continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec);
        expect(pkg.dependencies, `${file} imports ${name}`).toHaveProperty(name);
      }
    }
  });

  it('ships the files the runner reads at runtime: package.json (its version), the word vectors, the native SQLite modules', () => {
    // src-main/mcp/stdio.ts reads ../../package.json from out/main/: the package root.
    expect(readFileSync(join(repo, 'src-main', 'mcp', 'stdio.ts'), 'utf8')).toContain("new URL('../../package.json', import.meta.url)");
    expect(builder.files).toContain('package.json');
    expect(builder.extraResources.some((r) => r.from === 'resources/word-vectors' && r.filter.includes('*.bin'))).toBe(true);
    expect(builder.asarUnpack).toContain('node_modules/better-sqlite3-multiple-ciphers/build/Release/*.node');
    expect(builder.asarUnpack).toContain('node_modules/sqlite-vec-*/**/*');
    expect(pkg.dependencies).toHaveProperty('sqlite-vec');
  });
});
