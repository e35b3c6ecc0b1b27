import { type DataDirEnvironment, resolveDataDir } from '../memory';

/** Browser mode's data folder: --data-dir, else the default the desktop app and the CLI share. */
export const browserDataDir = (flag: string | undefined, where: DataDirEnvironment = {}): string => resolveDataDir(flag, where);
