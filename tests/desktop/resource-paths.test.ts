/**
 * Shipped files are found in the three layouts the app runs in: a checkout under tsx, the electron-vite bundle
 * (out/main), and a packaged app (resources/app.asar/out/main, extra resources beside it, native files in
 * app.asar.unpacked) — each built in a temp folder with the real files, and the extension really loaded.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locateWordVectors, WORD_VECTORS_FILE } from '../../src-main/embeddings/word-vectors';
import { appRootOf, asarUnpackedPath, locateResource } from '../../src-main/resource-paths';

const vectors = join('word-vectors', WORD_VECTORS_FILE);
let tmp: string;

function touch(path: string, content = ''): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'engram-layouts-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('resource paths', () => {
  it('tsx: a module in src-main/<area>/ finds the checkout resources/', () => {
    const module = touch(join(tmp, 'src-main', 'embeddings', 'word-vectors.ts'));
    const file = touch(join(tmp, 'resources', vectors));
    expect(appRootOf(pathToFileURL(module).href)).toBe(join(tmp, '/'));
    expect(locateResource(vectors, { appRoot: appRootOf(pathToFileURL(module).href) })).toBe(file);
  });

  it('electron-vite: the bundle in out/main/ finds the checkout resources/', () => {
    const bundle = touch(join(tmp, 'out', 'main', 'index.js'));
    const file = touch(join(tmp, 'resources', vectors));
    expect(locateResource(vectors, { appRoot: appRootOf(pathToFileURL(bundle).href) })).toBe(file);
  });

  it('packaged: the bundle in resources/app.asar finds the extra resources at process.resourcesPath', () => {
    const resourcesPath = join(tmp, 'Engram', 'resources');
    const bundle = touch(join(resourcesPath, 'app.asar', 'out', 'main', 'index.js'));
    const file = touch(join(resourcesPath, vectors));
    expect(locateResource(vectors, { appRoot: appRootOf(pathToFileURL(bundle).href), resourcesPath })).toBe(file);
    // Nothing anywhere: the error names the checkout's place for it.
    rmSync(file);
    expect(locateResource(vectors, { appRoot: appRootOf(pathToFileURL(bundle).href), resourcesPath })).toBe(
      join(resourcesPath, 'app.asar', 'resources', vectors),
    );
  });

  it('packaged: sqlite-vec is loaded from app.asar.unpacked', () => {
    const real = sqliteVec.getLoadablePath();
    const packageDir = join('node_modules', `sqlite-vec-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`);
    const resourcesPath = join(tmp, 'Engram', 'resources');
    const unpacked = join(resourcesPath, 'app.asar.unpacked', packageDir, real.split(/[\\/]/).pop() as string);
    mkdirSync(dirname(unpacked), { recursive: true });
    copyFileSync(real, unpacked);
    // What import.meta.resolve answers inside the archive:
    const inArchive = join(resourcesPath, 'app.asar', packageDir, real.split(/[\\/]/).pop() as string);
    expect(asarUnpackedPath(inArchive)).toBe(unpacked);
    const db = new BetterSqlite3(':memory:');
    try {
      db.loadExtension(asarUnpackedPath(inArchive));
      expect(db.prepare('select vec_version() as v').get()).toMatchObject({ v: expect.stringMatching(/^v\d/) });
    } finally {
      db.close();
    }
    // Outside a package, paths are left alone (also ones already unpacked).
    expect(asarUnpackedPath(real)).toBe(real);
    expect(asarUnpackedPath(unpacked)).toBe(unpacked);
  });

  it('this checkout: the word vectors are found by the engine itself', () => {
    expect(locateWordVectors()).toMatch(/resources[/\\]word-vectors[/\\]glove-100d-en\.bin$/);
  });
});
