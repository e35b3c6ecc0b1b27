/**
 * "Let other apps use Engram's memory": what is persisted, what the UI may change, and what it is shown.
 * zod only (the sandboxed preload bundles the contract, which imports this).
 */
import { z } from 'zod';
import { PERSONAL_SPACE_ID } from '../../src-shared/spaces';

/** A fixed port, so the address pasted into another app keeps working across launches. */
export const DEFAULT_MCP_PORT = 27182;

export const mcpSettingsSchema = z.object({
  enabled: z.boolean(),
  allowWrites: z.boolean(),
  port: z.number().int().min(1024).max(65535),
  /** The memory space other apps read and write (src-shared/spaces.ts); default Personal. */
  spaceId: z.string().min(1).max(100).default(PERSONAL_SPACE_ID),
});
export type McpSettings = z.output<typeof mcpSettingsSchema>;

export const DEFAULT_MCP_SETTINGS: McpSettings = { enabled: false, allowWrites: false, port: DEFAULT_MCP_PORT, spaceId: PERSONAL_SPACE_ID };

export const mcpConfigureSchema = mcpSettingsSchema
  .partial()
  .extend({ regenerateToken: z.boolean().optional() })
  .strict();

export interface McpStatus extends McpSettings {
  /** Listening now (false while off, or when the port could not be opened: see `error`). */
  running: boolean;
  /** The endpoint to give another app, e.g. http://127.0.0.1:27182/mcp. */
  url: string;
  /** Sent by the other app in the x-engram-token header or as `Authorization: Bearer` (never in the URL). */
  token: string;
  tokenHeader: string;
  error: string | null;
  /** Apps connected right now, by the name they gave. */
  clients: string[];
}

// ---- writing Engram into another app's MCP configuration (client-config.ts) ----

export const MCP_CLIENTS = ['claude-desktop', 'claude-code', 'cursor'] as const;
export type McpClientId = (typeof MCP_CLIENTS)[number];
export const MCP_CLIENT_NAMES: Record<McpClientId, string> = { 'claude-desktop': 'Claude Desktop', 'claude-code': 'Claude Code', cursor: 'Cursor' };

export const clientConfigInputSchema = z
  .object({
    client: z.enum(MCP_CLIENTS),
    allowWrites: z.boolean().default(false),
    /** The name of the space the app is bound to (`--space NAME`); absent = Personal. */
    space: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
/** The write names the file's content it was previewed against (null: there was no file), so nothing changed meanwhile is lost. */
export const clientConfigWriteSchema = clientConfigInputSchema.extend({ expectedHash: z.string().regex(/^[0-9a-f]{64}$/).nullable() }).strict();

export interface ClientConfigPreview {
  client: McpClientId;
  path: string;
  /** add: no Engram entry yet; replace: a different one is there; unchanged: it is already exactly this. */
  change: 'add' | 'replace' | 'unchanged';
  /** Engram's entry now (JSON), when there is one. */
  entryBefore: string | null;
  /** Engram's entry after the write (JSON). */
  entryAfter: string;
  /** The other servers in the file, kept as they are. */
  otherServers: string[];
  /** The whole file after the write. */
  after: string;
  /** sha256 of the file now; null when it does not exist yet. */
  hash: string | null;
}

export interface ClientConfigWriteResult {
  client: McpClientId;
  path: string;
  change: ClientConfigPreview['change'];
  /** The copy of the file as it was, next to it; null when there was no file or nothing changed. */
  backup: string | null;
}

/** The stdio command of this installation, and where each app keeps its MCP configuration. */
export interface McpStdioInfo {
  /** The command as one line to paste into a terminal or an app's settings (read-only; add --allow-writes to allow changes). */
  commandLine: string;
  command: string;
  args: string[];
  clients: { client: McpClientId; name: string; path: string; exists: boolean }[];
}
