/** Types for native-modules.mjs (plain JS so `npm start` needs no TypeScript loader). */
export const BINDING_FILE: string;

export interface NativeTarget {
  electronVersion: string;
  platform: NodeJS.Platform;
  arch: string;
}

export type RebuildCommand = (target: NativeTarget & { stageDir: string }) => { command: string; args: string[] };

export type FailureKind = 'no-compiler' | 'offline' | 'build-failed';

export type BindingResult =
  | { ok: true; binding: string; built: boolean }
  | { ok: false; kind: FailureKind; message: string };

export function electronNativeDir(options: NativeTarget & { cacheRoot: string }): string;
export function defaultCacheRoot(root: string): string;
export function electronRebuildCommand(root: string): RebuildCommand;
export function sqliteVecExtension(root: string, platform?: NodeJS.Platform, arch?: string): string | null;
export function onPath(name: string, env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): boolean;
export function missingToolchain(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): string[];
export function explainRebuildFailure(options: {
  output: string;
  missing: string[];
  electronVersion: string;
  logFile: string;
}): { kind: FailureKind; message: string };
export function ensureElectronSqliteBinding(options: {
  root: string;
  electronVersion: string;
  platform?: NodeJS.Platform;
  arch?: string;
  cacheRoot?: string;
  rebuildCommand?: RebuildCommand;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<BindingResult>;
