/**
 * Writing Engram into Claude Desktop's, Claude Code's and Cursor's MCP files, against real files in a temp
 * home: where each lives per system, the preview, the merge (other servers and keys kept), the refusals
 * (invalid JSON, a file changed since the preview) and the backup.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientConfigPath, clientConfigService, previewClientConfig, writeClientConfig } from '../../src-main/mcp/client-config';
import { clientConfigWriteSchema } from '../../src-main/mcp/settings-schema';
import { commandLine, stdioLaunch } from '../../src-main/mcp/stdio-launch';
import { resolveDataDir } from '../../src-main/memory/paths';
import { MemoryError } from '../../src-shared/errors';
import { makeTempDir } from '../helpers/temp-engine';

const installed = { packaged: true, execPath: '/opt/Engram/engram', appRoot: '/opt/Engram/resources/app.asar', dataDir: resolveDataDir(undefined) };
const launch = stdioLaunch(installed, false);

function seedFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('the stdio command of an installation', () => {
  it("is the packaged app's own executable with --mcp, and the CLI through npm from a checkout", () => {
    expect(launch).toEqual({ command: '/opt/Engram/engram', args: ['--mcp'] });
    expect(stdioLaunch(installed, true).args).toEqual(['--mcp', '--allow-writes']);
    const checkout = stdioLaunch({ ...installed, packaged: false, appRoot: '/src/engram' }, false);
    expect(commandLine(checkout)).toBe('npm run --silent --prefix /src/engram cli -- mcp');
    // An AppImage runs from a mount that changes at every start: the command names the AppImage file.
    expect(stdioLaunch({ ...installed, execPath: '/tmp/.mount_EngrXy/engram', appImage: '/home/ada/Apps/Engram.AppImage' }, false).command).toBe(
      '/home/ada/Apps/Engram.AppImage',
    );
  });

  it('names a folder chosen by ENGRAM_DATA_DIR (the other app does not have our environment)', () => {
    const saved = process.env.ENGRAM_DATA_DIR;
    process.env.ENGRAM_DATA_DIR = '/portable/engram';
    try {
      expect(stdioLaunch({ ...installed, dataDir: resolveDataDir(undefined) }, false).args).toEqual(['--mcp', '--data-dir', '/portable/engram']);
    } finally {
      if (saved === undefined) delete process.env.ENGRAM_DATA_DIR;
      else process.env.ENGRAM_DATA_DIR = saved;
    }
  });

  it('names the data folder only when it is not the default one, and quotes paths with spaces', () => {
    const portable = stdioLaunch({ ...installed, execPath: '/Applications/My Apps/Engram.app/Contents/MacOS/Engram', dataDir: '/media/usb/engram' }, true);
    expect(portable.args).toEqual(['--mcp', '--data-dir', '/media/usb/engram', '--allow-writes']);
    expect(commandLine(portable)).toBe('"/Applications/My Apps/Engram.app/Contents/MacOS/Engram" --mcp --data-dir /media/usb/engram --allow-writes');
  });
});

describe('binding a stdio app to a memory space (issue 26: --space NAME)', () => {
  it('adds --space with the quoted name for both forms, and nothing for Personal', () => {
    expect(stdioLaunch(installed, false, 'Work').args).toEqual(['--mcp', '--space', 'Work']);
    expect(commandLine(stdioLaunch(installed, true, 'My novel'))).toBe('/opt/Engram/engram --mcp --allow-writes --space "My novel"');
    const checkout = stdioLaunch({ ...installed, packaged: false, appRoot: '/src/engram' }, false, 'Work');
    expect(commandLine(checkout)).toBe('npm run --silent --prefix /src/engram cli -- mcp --space Work');
    expect(stdioLaunch(installed, false, undefined).args).toEqual(['--mcp']);
  });

  it("writes the space into the app's entry, and the request schema refuses a blank name", () => {
    const home = makeTempDir();
    const where = { platform: 'linux' as const, home, env: {} };
    const service = clientConfigService(installed, where);
    const preview = service.preview('cursor', false, 'Work');
    expect(JSON.parse(preview.entryAfter)).toEqual({ command: '/opt/Engram/engram', args: ['--mcp', '--space', 'Work'] });
    service.write('cursor', false, preview.hash, 'Work');
    const written = JSON.parse(readFileSync(clientConfigPath('cursor', where), 'utf8')) as { mcpServers: { engram: { args: string[] } } };
    expect(written.mcpServers.engram.args).toEqual(['--mcp', '--space', 'Work']);
    expect(clientConfigWriteSchema.safeParse({ client: 'cursor', allowWrites: false, expectedHash: null, space: '  ' }).success).toBe(false);
  });
});

describe("other apps' MCP files", () => {
  it('are where each app keeps them on each system', () => {
    const linux = { platform: 'linux' as const, home: '/home/ada', env: {} };
    expect(clientConfigPath('claude-desktop', linux)).toBe('/home/ada/.config/Claude/claude_desktop_config.json');
    expect(clientConfigPath('claude-desktop', { platform: 'darwin', home: '/Users/ada', env: {} })).toBe(
      '/Users/ada/Library/Application Support/Claude/claude_desktop_config.json',
    );
    expect(clientConfigPath('claude-desktop', { platform: 'win32', home: '/Users/ada', env: { APPDATA: '/Users/ada/AppData/Roaming' } })).toBe(
      '/Users/ada/AppData/Roaming/Claude/claude_desktop_config.json',
    );
    expect(clientConfigPath('claude-code', linux)).toBe('/home/ada/.claude.json');
    expect(clientConfigPath('cursor', { platform: 'win32', home: '/Users/ada', env: {} })).toBe('/Users/ada/.cursor/mcp.json');
  });

  it('previews adding Engram to a missing file without writing it, then writes it (no backup: there was no file)', () => {
    const home = makeTempDir();
    const where = { platform: 'linux' as const, home, env: {} };
    const preview = previewClientConfig('cursor', launch, where);
    expect(preview).toMatchObject({ change: 'add', entryBefore: null, hash: null, otherServers: [] });
    expect(JSON.parse(preview.after)).toEqual({ mcpServers: { engram: { command: '/opt/Engram/engram', args: ['--mcp'] } } });
    expect(existsSync(preview.path)).toBe(false);

    const written = writeClientConfig('cursor', launch, preview.hash, where);
    expect(written).toMatchObject({ change: 'add', backup: null, path: join(home, '.cursor', 'mcp.json') });
    expect(readFileSync(written.path, 'utf8')).toBe(preview.after);
  });

  it('keeps every other server and key, replaces only its own entry, and keeps a backup of the file as it was', () => {
    const home = makeTempDir();
    const where = { platform: 'darwin' as const, home, env: {} };
    const path = clientConfigPath('claude-desktop', where);
    const original = JSON.stringify({
      globalShortcut: 'Ctrl+Space',
      mcpServers: { filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] }, engram: { command: 'old' } },
    });
    seedFile(path, original);
    const preview = previewClientConfig('claude-desktop', launch, where);
    expect(preview.change).toBe('replace');
    expect(preview.otherServers).toEqual(['filesystem']);
    expect(JSON.parse(preview.entryBefore ?? 'null')).toEqual({ command: 'old' });

    const written = writeClientConfig('claude-desktop', launch, preview.hash, where, new Date('2026-11-25T10:00:00Z'));
    const after = JSON.parse(readFileSync(path, 'utf8')) as { globalShortcut: string; mcpServers: Record<string, unknown> };
    expect(after.globalShortcut).toBe('Ctrl+Space');
    expect(after.mcpServers.filesystem).toEqual({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] });
    expect(after.mcpServers.engram).toEqual({ command: '/opt/Engram/engram', args: ['--mcp'] });
    expect(written.backup).toBe(`${path}.engram-backup-2026-11-25T10-00-00-000Z`);
    expect(readFileSync(written.backup ?? '', 'utf8')).toBe(original);

    // Again: nothing to change, nothing written, no second backup.
    const again = previewClientConfig('claude-desktop', launch, where);
    expect(again.change).toBe('unchanged');
    expect(writeClientConfig('claude-desktop', launch, again.hash, where)).toMatchObject({ change: 'unchanged', backup: null });
    expect(readdirSync(dirname(path)).filter((f) => f.includes('engram-backup'))).toHaveLength(1);
  });

  it("gives Claude Code's entry its transport type, in ~/.claude.json, next to Claude Code's own settings", () => {
    const home = makeTempDir();
    const where = { platform: 'linux' as const, home, env: {} };
    seedFile(join(home, '.claude.json'), JSON.stringify({ numStartups: 12, projects: { '/src': { allowedTools: [] } } }));
    const preview = previewClientConfig('claude-code', stdioLaunch(installed, true), where);
    writeClientConfig('claude-code', stdioLaunch(installed, true), preview.hash, where);
    const after = JSON.parse(readFileSync(join(home, '.claude.json'), 'utf8')) as Record<string, unknown>;
    expect(after).toMatchObject({ numStartups: 12, projects: { '/src': { allowedTools: [] } } });
    expect(after.mcpServers).toEqual({ engram: { type: 'stdio', command: '/opt/Engram/engram', args: ['--mcp', '--allow-writes'] } });
  });

  it('refuses a file that is not valid JSON, or whose mcpServers is not an object, and leaves it untouched', () => {
    const home = makeTempDir();
    const where = { platform: 'linux' as const, home, env: {} };
    const path = clientConfigPath('cursor', where);
    seedFile(path, '{ "mcpServers": { "x": 1, } ');
    expect(() => previewClientConfig('cursor', launch, where)).toThrow(MemoryError);
    expect(() => previewClientConfig('cursor', launch, where)).toThrow(/is not valid JSON.*leaves it as it is/);
    expect(() => writeClientConfig('cursor', launch, null, where)).toThrow(/not valid JSON/);
    expect(readFileSync(path, 'utf8')).toBe('{ "mcpServers": { "x": 1, } ');
    seedFile(path, '{ "mcpServers": [] }');
    expect(() => previewClientConfig('cursor', launch, where)).toThrow(/"mcpServers".*not an object/);
    seedFile(path, '[1, 2]');
    expect(() => previewClientConfig('cursor', launch, where)).toThrow(/not hold a JSON object/);
  });

  it('refuses to write over a file that changed since the preview', () => {
    const home = makeTempDir();
    const where = { platform: 'linux' as const, home, env: {} };
    const path = clientConfigPath('cursor', where);
    seedFile(path, '{"mcpServers":{}}');
    const preview = previewClientConfig('cursor', launch, where);
    seedFile(path, '{"mcpServers":{"added-meanwhile":{"command":"x"}}}');
    expect(() => writeClientConfig('cursor', launch, preview.hash, where)).toThrow(/changed since the preview/);
    expect(readFileSync(path, 'utf8')).toBe('{"mcpServers":{"added-meanwhile":{"command":"x"}}}');
    // A file that appeared after a preview of "no file" is refused too.
    expect(() => writeClientConfig('cursor', launch, null, where)).toThrow(MemoryError);
  });

  it("the API's service names the command and each app's file; its write input is validated", () => {
    const home = makeTempDir();
    const service = clientConfigService(installed, { platform: 'linux', home, env: {} });
    const info = service.stdio();
    expect(info.commandLine).toBe('/opt/Engram/engram --mcp');
    expect(info.clients.map((c) => [c.name, c.exists])).toEqual([
      ['Claude Desktop', false],
      ['Claude Code', false],
      ['Cursor', false],
    ]);
    expect(clientConfigWriteSchema.safeParse({ client: 'cursor', expectedHash: null }).success).toBe(true);
    expect(clientConfigWriteSchema.safeParse({ client: 'vscode', expectedHash: null }).success).toBe(false);
    expect(clientConfigWriteSchema.safeParse({ client: 'cursor', expectedHash: 'not-a-hash' }).success).toBe(false);
  });
});
