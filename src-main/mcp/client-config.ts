/**
 * Writing Engram into another app's MCP configuration (Claude Desktop, Claude Code, Cursor): where each keeps
 * its file on each system, the change as a preview, and the write itself. The write keeps every other server
 * and key, refuses a file that is not valid JSON or changed since the preview, and keeps a backup copy first.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { MemoryError } from '../../src-shared/errors';
import { MCP_CLIENT_NAMES, MCP_CLIENTS, type ClientConfigPreview, type ClientConfigWriteResult, type McpClientId, type McpStdioInfo } from './settings-schema';
import { commandLine, stdioLaunch, type InstallationFacts, type StdioLaunch } from './stdio-launch';

/** The key Engram's entry has under `mcpServers`. */
export const SERVER_NAME = 'engram';

export interface ClientEnvironment {
  platform?: NodeJS.Platform;
  home?: string;
  env?: NodeJS.ProcessEnv;
}

/** Each app's user-wide MCP file: Claude Desktop's per system; Claude Code's ~/.claude.json; Cursor's ~/.cursor/mcp.json. */
export function clientConfigPath(client: McpClientId, where: ClientEnvironment = {}): string {
  const platform = where.platform ?? process.platform;
  const home = where.home ?? homedir();
  const env = where.env ?? process.env;
  switch (client) {
    case 'claude-desktop':
      if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Claude', 'claude_desktop_config.json');
      if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Claude', 'claude_desktop_config.json');
      return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Claude', 'claude_desktop_config.json');
    case 'claude-code':
      return join(home, '.claude.json');
    case 'cursor':
      return join(home, '.cursor', 'mcp.json');
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readConfig(path: string): { text: string | null; config: Record<string, unknown> } {
  if (!existsSync(path)) return { text: null, config: {} };
  const text = readFileSync(path, 'utf8');
  if (text.trim() === '') return { text, config: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new MemoryError('invalid_input', `${path} is not valid JSON (${err instanceof Error ? err.message : String(err)}). Engram leaves it as it is: fix it, or move it aside, and try again.`);
  }
  if (!isPlainObject(parsed)) throw new MemoryError('invalid_input', `${path} does not hold a JSON object; Engram leaves it as it is.`);
  if (parsed.mcpServers !== undefined && !isPlainObject(parsed.mcpServers)) {
    throw new MemoryError('invalid_input', `"mcpServers" in ${path} is not an object; Engram leaves the file as it is.`);
  }
  return { text, config: parsed };
}

/** Engram's entry as each app expects it (Claude Code names the transport). */
const entryFor = (client: McpClientId, launch: StdioLaunch): Record<string, unknown> =>
  client === 'claude-code' ? { type: 'stdio', command: launch.command, args: launch.args } : { command: launch.command, args: launch.args };

/** What writing Engram's entry into `client`'s file would change; writes nothing. */
export function previewClientConfig(client: McpClientId, launch: StdioLaunch, where: ClientEnvironment = {}): ClientConfigPreview {
  const path = clientConfigPath(client, where);
  const { text, config } = readConfig(path);
  const servers = (config.mcpServers ?? {}) as Record<string, unknown>;
  const current = servers[SERVER_NAME];
  const entry = entryFor(client, launch);
  const entryAfter = JSON.stringify(entry, null, 2);
  const entryBefore = current === undefined ? null : JSON.stringify(current, null, 2);
  const change = entryBefore === null ? 'add' : entryBefore === entryAfter ? 'unchanged' : 'replace';
  const after = `${JSON.stringify({ ...config, mcpServers: { ...servers, [SERVER_NAME]: entry } }, null, 2)}\n`;
  return {
    client,
    path,
    change,
    entryBefore,
    entryAfter,
    otherServers: Object.keys(servers).filter((name) => name !== SERVER_NAME),
    after,
    hash: text === null ? null : sha256(text),
  };
}

/**
 * Writes the previewed change: refuses when the file changed since (`expectedHash`), copies the old file to
 * `<file>.engram-backup-<time>`, then replaces it in one rename so a crash never leaves half a file.
 */
export function writeClientConfig(
  client: McpClientId,
  launch: StdioLaunch,
  expectedHash: string | null,
  where: ClientEnvironment = {},
  now: Date = new Date(),
): ClientConfigWriteResult {
  const preview = previewClientConfig(client, launch, where);
  if (preview.hash !== expectedHash) {
    throw new MemoryError('conflict', `${preview.path} changed since the preview; look at the change again before writing.`);
  }
  if (preview.change === 'unchanged') return { client, path: preview.path, change: 'unchanged', backup: null };
  mkdirSync(dirname(preview.path), { recursive: true });
  let backup: string | null = null;
  if (preview.hash !== null) {
    backup = `${preview.path}.engram-backup-${now.toISOString().replace(/[:.]/g, '-')}`;
    copyFileSync(preview.path, backup);
  }
  const temp = `${preview.path}.engram-${process.pid}.tmp`;
  writeFileSync(temp, preview.after, { encoding: 'utf8', mode: 0o600 });
  renameSync(temp, preview.path);
  return { client, path: preview.path, change: preview.change, backup };
}

/** The API's face of the above for one installation (its launch command and data folder). */
export function clientConfigService(facts: InstallationFacts, where: ClientEnvironment = {}) {
  return {
    stdio(): McpStdioInfo {
      const launch = stdioLaunch(facts, false);
      return {
        commandLine: commandLine(launch),
        ...launch,
        clients: MCP_CLIENTS.map((client) => {
          const path = clientConfigPath(client, where);
          return { client, name: MCP_CLIENT_NAMES[client], path, exists: existsSync(path) };
        }),
      };
    },
    preview: (client: McpClientId, allowWrites: boolean, space?: string): ClientConfigPreview =>
      previewClientConfig(client, stdioLaunch(facts, allowWrites, space), where),
    write: (client: McpClientId, allowWrites: boolean, expectedHash: string | null, space?: string): ClientConfigWriteResult =>
      writeClientConfig(client, stdioLaunch(facts, allowWrites, space), expectedHash, where),
  };
}
export type ClientConfigService = ReturnType<typeof clientConfigService>;
