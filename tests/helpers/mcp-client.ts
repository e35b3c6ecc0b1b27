/** A real MCP SDK client connected to Engram's MCP server over the SDK's in-memory transport, and the bits tests read. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createEngramMcpServer, type EngramMcpOptions } from '../../src-main/mcp/server';
import type { MemoryEngine } from '../../src-main/memory/engine';

/** `clientName`: what the client calls itself (Engram records it as a write's origin). */
export async function mcpClient(engine: MemoryEngine, options: Partial<Omit<EngramMcpOptions, 'memory'>> & { clientName?: string } = {}): Promise<Client> {
  const { clientName = 'Cursor', ...rest } = options;
  const server = createEngramMcpServer({ memory: engine, writesAllowed: () => true, writeRefusal: 'not allowed', version: 'test', ...rest });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

export const callTool = async (client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

export const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
