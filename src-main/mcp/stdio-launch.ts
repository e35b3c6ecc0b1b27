/**
 * The command another app runs to use this installation's memory over stdio MCP: the packaged app's own
 * executable with `--mcp`, or, from a source checkout, the CLI through npm. Shown in Settings → Other apps and
 * written into Claude Desktop's, Claude Code's and Cursor's configuration.
 */
import { joinCommandLine } from '../../src-shared/command-line';
import { resolveDataDir } from '../memory';

export interface StdioLaunch {
  command: string;
  args: string[];
}

export interface InstallationFacts {
  /** Electron's app.isPackaged (false from a checkout and in browser mode). */
  packaged: boolean;
  /** The running executable: the installed app when packaged. */
  execPath: string;
  /** An AppImage's own file ($APPIMAGE): execPath is inside its mount, which changes at every start. */
  appImage?: string;
  /** The checkout's root folder (where package.json is), for the npm form. */
  appRoot: string;
  /** The data folder this installation uses; named in the command unless it is the platform's default. */
  dataDir: string;
}

/**
 * How to start this installation's MCP server; `allowWrites` adds the switch that lets the client change memory,
 * `space` (a space's name; absent = Personal) binds the client to that space.
 */
export function stdioLaunch(facts: InstallationFacts, allowWrites: boolean, space?: string): StdioLaunch {
  // The other app starts us without our environment: a folder chosen by ENGRAM_DATA_DIR is named explicitly.
  const platformDefault = resolveDataDir(undefined, { env: { ...process.env, ENGRAM_DATA_DIR: undefined } });
  const dataArgs = facts.dataDir === platformDefault ? [] : ['--data-dir', facts.dataDir];
  const writeArgs = [...(allowWrites ? ['--allow-writes'] : []), ...(space !== undefined ? ['--space', space] : [])];
  if (facts.packaged) return { command: facts.appImage || facts.execPath, args: ['--mcp', ...dataArgs, ...writeArgs] };
  return { command: 'npm', args: ['run', '--silent', '--prefix', facts.appRoot, 'cli', '--', ...dataArgs, 'mcp', ...writeArgs] };
}

/** The launch as one line a person can paste into a terminal (POSIX-style quoting where needed). */
export const commandLine = (launch: StdioLaunch): string => joinCommandLine([launch.command, ...launch.args]);
