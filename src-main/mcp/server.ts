/**
 * Engram's memory as an MCP server: the chat's six memory tools (same names, schemas, executors and result
 * shapes, from chat/tools.ts) plus `remember_conversation`, entity profiles as resources, and the person's profile
 * (`get_profile`, `engram://profile`: profile.ts). Transport-free:
 * stdio.ts and http.ts connect it. Reads are always allowed; writes only when the person allowed them, and
 * every write is attributed to `mcp` and the client's name from the handshake.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { executeTool, MEMORY_TOOLS, MEMORY_TOOL_NAMES, WRITE_TOOLS, type WriteOrigin } from '../chat/tools';
import type { McpMemory } from './memory-port';
import { AppError } from '../../src-shared/errors';
import { MemoryError } from '../memory';
import type { JsonObject, JsonValue } from '../../src-shared/memory-types';
import { conversationSchema, recordConversation } from './conversation';
import { MCP_TOOL_DESCRIPTIONS, REMEMBER_CONVERSATION_DESCRIPTION, SERVER_INSTRUCTIONS } from './descriptions';
import { summarize } from './summaries';
import { registerProfile } from './profile';
import { plural } from '../../src-shared/plural';

export const MCP_SOURCE_TYPE = 'mcp';

export interface EngramMcpOptions {
  memory: McpMemory;
  /** Asked on every write call, so a switch in Settings takes effect at once. */
  writesAllowed(): boolean;
  /** What a refused write tells the model (how the person can allow writes where this server runs). */
  writeRefusal: string;
  /** A conversation was recorded and its session completed: the write path may consolidate it now. */
  onConversationRecorded?(sessionId: string): void;
  version: string;
  /** One line per tool call (stdio: stderr; the app: nothing). */
  activity?(line: string): void;
  /**
   * The space the client is bound to, asked on every call (Settings may change it): it reads that space plus
   * facts marked everywhere and writes only there. Absent: every space (tests of the plain server).
   */
  spaceId?(): string;
}

/** The client's name as it introduced itself, cleaned for storage and display. */
export function clientLabel(name: string | undefined): string {
  const clean = (name ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 60);
  return clean === '' ? 'unknown client' : clean;
}

const text = (t: string, structured?: JsonObject): CallToolResult => ({
  content: [{ type: 'text', text: t }],
  ...(structured ? { structuredContent: structured } : {}),
});
const failure = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

const asObject = (v: JsonValue): JsonObject => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : { result: v });

export function createEngramMcpServer(options: EngramMcpOptions): McpServer {
  const server = new McpServer(
    { name: 'engram', title: 'Engram memory', version: options.version },
    { instructions: SERVER_INSTRUCTIONS, capabilities: { tools: {}, resources: {} } },
  );
  const client = (): string => clientLabel(server.server.getClientVersion()?.name);
  const origin = (): WriteOrigin => ({
    sourceType: MCP_SOURCE_TYPE,
    sourceRole: client(),
    attributes: { origin: MCP_SOURCE_TYPE, mcp_client: client() },
  });
  const bound = (): { spaceId?: string } => (options.spaceId ? { spaceId: options.spaceId() } : {});
  const refuseWrite = (name: string): CallToolResult | null =>
    options.writesAllowed() ? null : failure(`${name} was refused: ${options.writeRefusal}`);

  for (const name of MEMORY_TOOL_NAMES) {
    const tool = MEMORY_TOOLS[name];
    const writes = WRITE_TOOLS.has(name);
    server.registerTool(
      name,
      {
        description: MCP_TOOL_DESCRIPTIONS[name],
        inputSchema: tool.schema,
        annotations: { readOnlyHint: !writes, destructiveHint: false, idempotentHint: !writes || name === 'confirm_fact', openWorldHint: false },
      },
      async (args: unknown) => {
        // The running app may have written since the last call: search what is in the file now.
        options.memory.checkExternalWrites();
        if (writes) {
          const refused = refuseWrite(name);
          if (refused) return refused;
        }
        const outcome = await executeTool(name, JSON.stringify(args ?? {}), {
          memory: options.memory,
          memorySessionId: null,
          origin: origin(),
          ...bound(),
        });
        if (!outcome.ok) return failure(`${name} failed: ${outcome.error}`);
        if (name === 'confirm_fact') markConfirmedBy(options.memory, outcome.result, client());
        // A new version inherits the old one's attributes: it names the app that wrote it instead.
        if (name === 'correct_fact') markWrittenBy(options.memory, outcome.result, client());
        options.activity?.(`mcp: ${client()} called ${name}`);
        return text(summarize(name, outcome.result), asObject(outcome.result));
      },
    );
  }

  server.registerTool(
    'remember_conversation',
    {
      description: REMEMBER_CONVERSATION_DESCRIPTION,
      inputSchema: conversationSchema,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (args) => {
      const refused = refuseWrite('remember_conversation');
      if (refused) return refused;
      try {
        const recorded = await recordConversation(options.memory, args, client(), MCP_SOURCE_TYPE, options.spaceId?.());
        options.onConversationRecorded?.(recorded.session_id);
        options.activity?.(`mcp: ${client()} recorded ${plural(recorded.recorded, 'turn')} in ${recorded.session_id}`);
        return text(summarize('remember_conversation', recorded), recorded);
      } catch (err) {
        return failure(`remember_conversation failed: ${errorText(err)}`);
      }
    },
  );

  server.registerResource(
    'entity',
    new ResourceTemplate('engram://entity/{name}', {
      list: () => ({
        resources: options.memory.listEntities(100).map((e) => ({
          uri: entityUri(e.canonicalName),
          name: e.canonicalName,
          description: `What Engram remembers about ${e.canonicalName} (${e.type})`,
          mimeType: 'application/json',
        })),
      }),
    }),
    { title: 'Entity profile', description: 'Everything remembered about a person, project, place, organisation, concept or tool', mimeType: 'application/json' },
    async (uri, variables): Promise<ReadResourceResult> => {
      const raw = variables.name;
      const name = decodeURIComponent(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''));
      const outcome = await executeTool('get_entity_info', JSON.stringify({ name }), { memory: options.memory, memorySessionId: null, ...bound() });
      if (!outcome.ok) throw new MemoryError('not_found', outcome.error);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(outcome.result, null, 2) }] };
    },
  );

  registerProfile(server, options.memory, (line) => options.activity?.(`mcp: ${client()} ${line}`), options.spaceId);

  return server;
}

export const entityUri = (name: string): string => `engram://entity/${encodeURIComponent(name)}`;

/** A confirmation changes no content, so the fact records who confirmed it (shown by the inspector). */
function markConfirmedBy(memory: McpMemory, result: JsonValue, client: string): void {
  const id = asObject(result).id;
  if (typeof id === 'string') memory.patchNodeAttributes(id, { confirmed_via: MCP_SOURCE_TYPE, confirmed_by_client: client });
}

function markWrittenBy(memory: McpMemory, result: JsonValue, client: string): void {
  const id = asObject(result).id;
  if (typeof id === 'string') memory.patchNodeAttributes(id, { origin: MCP_SOURCE_TYPE, mcp_client: client });
}

function errorText(err: unknown): string {
  if (err instanceof AppError) return `${err.code}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

