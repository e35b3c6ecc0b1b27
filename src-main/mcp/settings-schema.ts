/**
 * "Let other apps use Engram's memory": what is persisted, what the UI may change, and what it is shown.
 * zod only (the sandboxed preload bundles the contract, which imports this).
 */
import { z } from 'zod';

/** A fixed port, so the address pasted into another app keeps working across launches. */
export const DEFAULT_MCP_PORT = 27182;

export const mcpSettingsSchema = z.object({
  enabled: z.boolean(),
  allowWrites: z.boolean(),
  port: z.number().int().min(1024).max(65535),
});
export type McpSettings = z.output<typeof mcpSettingsSchema>;

export const DEFAULT_MCP_SETTINGS: McpSettings = { enabled: false, allowWrites: false, port: DEFAULT_MCP_PORT };

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
