// One memory, one folder: the desktop app, the CLI (and its MCP server) and browser mode resolve the same
// default data folder on every platform, computed without Electron.
import { describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acknowledgeOldMemory, appDataDir, appMoveOffer, appTwoMemories } from '../../src-main/app/data-folder';
import { makeTempDir } from '../helpers/temp-engine';
import { cliDataDir } from '../../src-main/cli/open-engine';
import { legacyDataDirs } from '../../src-main/memory/paths';
import { browserDataDir } from '../../src-main/web/data-folder';

const cases: { platform: NodeJS.Platform; home: string; env: NodeJS.ProcessEnv; expected: string }[] = [
  { platform: 'linux', home: '/home/ada', env: {}, expected: '/home/ada/.local/share/engram' },
  { platform: 'linux', home: '/home/ada', env: { XDG_DATA_HOME: '/data/ada' }, expected: '/data/ada/engram' },
  { platform: 'darwin', home: '/Users/ada', env: {}, expected: '/Users/ada/Library/Application Support/Engram' },
  // On this (POSIX) test machine path.join uses '/', so the Windows case checks the folder's parts.
  { platform: 'win32', home: '/Users/ada', env: { APPDATA: '/Users/ada/AppData/Roaming' }, expected: '/Users/ada/AppData/Roaming/Engram' },
  { platform: 'win32', home: '/Users/ada', env: {}, expected: '/Users/ada/AppData/Roaming/Engram' },
];

describe('the data folder', () => {
  for (const { platform, home, env, expected } of cases) {
    it(`is the same for the app, the CLI and browser mode on ${platform} ${JSON.stringify(env)}`, () => {
      const where = { platform, home, env };
      expect(appDataDir(where)).toBe(expected);
      expect(cliDataDir({ dataDir: undefined }, where)).toBe(expected);
      expect(browserDataDir(undefined, where)).toBe(expected);
    });
  }

  it('is ENGRAM_DATA_DIR for all three when it is set, on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      const where = { platform, home: '/home/ada', env: { ENGRAM_DATA_DIR: '/portable/engram' } };
      expect([appDataDir(where), cliDataDir({ dataDir: undefined }, where), browserDataDir(undefined, where)]).toEqual(Array(3).fill('/portable/engram'));
    }
  });

  it('is --data-dir for the CLI and browser mode when given', () => {
    const where = { platform: 'linux' as const, home: '/home/ada', env: { ENGRAM_DATA_DIR: '/portable/engram' } };
    expect(cliDataDir({ dataDir: '/elsewhere' }, where)).toBe('/elsewhere');
    expect(browserDataDir('/elsewhere', where)).toBe('/elsewhere');
  });

  it("knows the desktop app's old folder only where it differed (Linux's ~/.config)", () => {
    expect(legacyDataDirs({}, 'linux', '/home/ada')).toEqual(['/home/ada/.config/Engram', '/home/ada/.config/engram']);
    expect(legacyDataDirs({ XDG_CONFIG_HOME: '/cfg' }, 'linux', '/home/ada')).toEqual(['/cfg/Engram', '/cfg/engram']);
    expect(legacyDataDirs({}, 'darwin', '/Users/ada')).toEqual([]);
    expect(legacyDataDirs({}, 'win32', '/Users/ada')).toEqual([]);
    expect(legacyDataDirs({ ENGRAM_DATA_DIR: '/portable' }, 'linux', '/home/ada')).toEqual([]);
  });
});

describe('two memories: the data folder and the old folder both hold one', () => {
  const setup = () => {
    const home = makeTempDir();
    const where = { platform: 'linux' as const, home, env: {} };
    const dataDir = appDataDir(where);
    const old = join(home, '.config', 'Engram');
    for (const dir of [dataDir, old]) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'engram.db'), '');
    }
    return { where, dataDir, old };
  };

  it('are named, both paths, instead of the new one opening silently; nothing is offered for moving', () => {
    const { where, dataDir, old } = setup();
    expect(appTwoMemories(dataDir, where)).toEqual({ current: dataDir, other: old });
    expect(appMoveOffer(dataDir, where)).toBeNull();
  });

  it('stop being asked about once the person says to keep the shared folder (for that old folder only)', () => {
    const { where, dataDir, old } = setup();
    acknowledgeOldMemory(dataDir, old);
    expect(appTwoMemories(dataDir, where)).toBeNull();
    // The other old folder name (a checkout's "engram") is still asked about.
    const other = join(where.home, '.config', 'engram');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'engram.db'), '');
    rmSync(join(old, 'engram.db'));
    expect(appTwoMemories(dataDir, where)).toEqual({ current: dataDir, other });
  });

  it('ask again when the note is unreadable, and say nothing when only one folder holds a memory', () => {
    const { where, dataDir, old } = setup();
    writeFileSync(join(dataDir, 'old-memory-acknowledged.json'), '{ not json');
    expect(appTwoMemories(dataDir, where)).toEqual({ current: dataDir, other: old });
    rmSync(join(old, 'engram.db'));
    expect(appTwoMemories(dataDir, where)).toBeNull();
  });
});
