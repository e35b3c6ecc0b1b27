/** Types for launch.mjs (plain JS so `npm start` needs no TypeScript loader). */
import type { FailureKind, RebuildCommand } from './native-modules.mjs';

export type DesktopLaunch =
  | { kind: 'browser'; note: string }
  | { kind: 'unavailable'; message: string; browserModeWorks: boolean; failure?: FailureKind }
  | { kind: 'electron'; binary: string; version: string; env: NodeJS.ProcessEnv; built: boolean };

export function prepareDesktopLaunch(options: {
  root: string;
  nodeVersion?: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  arch?: string;
  cacheRoot?: string;
  rebuildCommand?: RebuildCommand;
  log?: (line: string) => void;
}): Promise<DesktopLaunch>;
