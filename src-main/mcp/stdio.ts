/**
 * `engram mcp [--allow-writes]`: the MCP server on stdin/stdout for one client that started this process
 * (Claude Desktop, Cursor, Claude Code…). stdout carries only the protocol; everything else goes to stderr.
 * Returns when the client closes stdin or the process is asked to stop; the caller then closes the engine.
 */
import { readFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { McpMemory } from './memory-port';
import { createEngramMcpServer } from './server';
import { PERSONAL_SPACE_ID } from '../../src-shared/spaces';

export interface StdioOptions {
  memory: McpMemory;
  allowWrites: boolean;
  /** The space this client is bound to (`--space NAME`, resolved by the CLI); default Personal. */
  spaceId?: string;
  /** The memory file, for the log line. */
  databasePath: string;
}

export const STDIO_WRITE_REFUSAL =
  'the user has not allowed this app to change Engram\'s memory. Searching and reading still work. ' +
  'To allow changes, the user adds "--allow-writes" to the Engram entry in this app\'s MCP configuration and restarts it.';

function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export async function serveStdio(options: StdioOptions): Promise<void> {
  const log = (line: string): void => {
    process.stderr.write(`[engram mcp] ${line}\n`);
  };
  const server = createEngramMcpServer({
    memory: options.memory,
    writesAllowed: () => options.allowWrites,
    spaceId: () => options.spaceId ?? PERSONAL_SPACE_ID,
    writeRefusal: STDIO_WRITE_REFUSAL,
    version: packageVersion(),
    activity: log,
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    const stop = (): void => {
      process.stdin.off('end', stop);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void server.close().finally(resolve);
    };
    process.stdin.once('end', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    transport.onclose = resolve;
  });
  await server.connect(transport);
  log(`serving ${options.databasePath} on stdio; writes ${options.allowWrites ? 'allowed' : 'refused (start with --allow-writes to allow)'}`);
  await closed;
  log('client disconnected; closing');
}
