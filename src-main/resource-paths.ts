/**
 * Where files shipped with the app are, in each of the three layouts: a checkout run with tsx (modules in
 * src-main/<area>/), the electron-vite bundle (out/main/), and a packaged app (out/main/ inside
 * resources/app.asar, with resources/ holding the extra resources and app.asar.unpacked the native files).
 * Plain Node: the engine uses it, and Electron's process.resourcesPath is passed in, not read from Electron.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The app's root for a module two folders deep: src-main/<area>/x.ts, out/main/index.js, app.asar/out/main/index.js. */
export function appRootOf(moduleUrl: string): string {
  return fileURLToPath(new URL('../..', moduleUrl));
}

export interface ResourceBases {
  /** appRootOf(import.meta.url) of the asking module. */
  appRoot: string;
  /** Electron's process.resourcesPath in a packaged app (electron-builder's extraResources land there). */
  resourcesPath?: string | undefined;
}

/** The places a file of resources/ may be, in order: the checkout's resources/, then the packaged resources. */
export function resourceCandidates(relativePath: string, bases: ResourceBases): string[] {
  return [join(bases.appRoot, 'resources', relativePath), ...(bases.resourcesPath ? [join(bases.resourcesPath, relativePath)] : [])];
}

/** The first candidate that exists; else the first, so an error names where the file belongs. */
export function locateResource(relativePath: string, bases: ResourceBases): string {
  const candidates = resourceCandidates(relativePath, bases);
  return candidates.find((p) => existsSync(p)) ?? (candidates[0] as string);
}

/** process.resourcesPath when Electron set it (plain Node has none). */
export function packagedResourcesPath(): string | undefined {
  return (process as { resourcesPath?: string }).resourcesPath;
}

/**
 * A native file packed in app.asar is read from app.asar.unpacked (electron-builder's asarUnpack): Electron's
 * require() redirects by itself, but SQLite's loadExtension calls dlopen, which cannot read inside an archive.
 */
export function asarUnpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}
