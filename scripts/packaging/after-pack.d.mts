/** Types for after-pack.mjs (electron-builder loads the plain JS). */
import type { RebuildCommand } from '../desktop/native-modules.mjs';

export interface AfterPackContextLike {
  appOutDir: string;
  electronPlatformName: string;
  arch: number | string;
  packager: { projectDir: string; appInfo: { productFilename: string }; config: { electronVersion?: string | null } };
}

export function packagedResourcesDir(options: { appOutDir: string; electronPlatformName: string; productFilename: string }): string;
export function afterPack(
  context: AfterPackContextLike,
  options?: { cacheRoot?: string; rebuildCommand?: RebuildCommand; env?: NodeJS.ProcessEnv; log?: (line: string) => void },
): Promise<void>;
export default afterPack;
