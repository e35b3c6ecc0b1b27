/**
 * The running app's MCP endpoint (desktop and browser mode alike): off by default; Settings turns it on,
 * chooses whether other apps may change memory, and shows the address and token to copy. The settings live in
 * app_settings (key "mcp"); the token lives with the other secrets.
 */
import { randomBytes } from 'node:crypto';
import type { McpMemory } from './memory-port';
import type { SecretStore } from '../llm/secrets';
import type { Logger } from '../../src-shared/clock';
import { TOKEN_HEADER } from '../platform/loopback-security';
import { MCP_PATH, startMcpHttpServer, type McpHttpServer } from './http';
import { createEngramMcpServer } from './server';
import { DEFAULT_MCP_SETTINGS, mcpSettingsSchema, type McpSettings, type McpStatus } from './settings-schema';

const SETTINGS_KEY = 'mcp';
export const MCP_TOKEN_SECRET = 'mcp-token';

export const APP_WRITE_REFUSAL =
  "the user has not allowed other apps to change Engram's memory. Searching and reading still work. " +
  'To allow changes, the user turns on "Allow them to change memory" in Engram\'s Settings.';

export interface McpServiceOptions {
  secrets: SecretStore;
  memory: McpMemory;
  version: string;
  logger: Logger;
  /** remember_conversation recorded a session: let the write path consolidate it. */
  onConversationRecorded(sessionId: string): void;
}

export type McpConfigureInput = Partial<McpSettings> & { regenerateToken?: boolean | undefined };

export class McpService {
  private listener: McpHttpServer | null = null;
  private error: string | null = null;
  /** Changes are applied one at a time (a restart must finish before the next). */
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: McpServiceOptions) {}

  settings(): McpSettings {
    const stored = this.options.memory.appSettings.get(SETTINGS_KEY);
    if (stored === undefined) return DEFAULT_MCP_SETTINGS;
    let value: unknown;
    try {
      value = JSON.parse(stored);
    } catch {
      return DEFAULT_MCP_SETTINGS;
    }
    const parsed = mcpSettingsSchema.safeParse(value);
    return parsed.success ? parsed.data : DEFAULT_MCP_SETTINGS;
  }

  private token(): string {
    const existing = this.options.secrets.get(MCP_TOKEN_SECRET);
    if (existing) return existing;
    const fresh = randomBytes(24).toString('base64url');
    this.options.secrets.set(MCP_TOKEN_SECRET, fresh);
    return fresh;
  }

  status(): McpStatus {
    const s = this.settings();
    const port = this.listener?.port ?? s.port;
    return {
      ...s,
      running: this.listener !== null,
      url: `http://127.0.0.1:${port}${MCP_PATH}`,
      token: this.token(),
      tokenHeader: TOKEN_HEADER,
      error: this.error,
      clients: this.listener?.clients() ?? [],
    };
  }

  /** Starts the endpoint if the saved settings say so (at launch). */
  start(): Promise<McpStatus> {
    return this.serialize(() => this.apply());
  }

  configure(input: McpConfigureInput): Promise<McpStatus> {
    return this.serialize(async () => {
      const { regenerateToken, ...changes } = input;
      // A space that does not exist is refused (not_found) before anything is saved.
      if (changes.spaceId !== undefined) this.options.memory.getSpace(changes.spaceId);
      const before = this.settings();
      const next = mcpSettingsSchema.parse({ ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) });
      this.options.memory.appSettings.set(SETTINGS_KEY, JSON.stringify(next));
      if (regenerateToken) this.options.secrets.set(MCP_TOKEN_SECRET, randomBytes(24).toString('base64url'));
      // allowWrites is read on every call; only the port, the switch and the token need a restart.
      const restart = regenerateToken === true || next.port !== before.port || next.enabled !== before.enabled;
      return this.apply(restart);
    });
  }

  /**
   * After a space is deleted: other apps bound to it follow its memories (the space they moved to), or go back
   * to Personal when they were erased, rather than finding nothing until someone notices.
   */
  async spaceDeleted(deletedId: string, replacementId: string): Promise<McpStatus> {
    if (this.settings().spaceId !== deletedId) return this.status();
    return this.configure({ spaceId: replacementId });
  }

  private serialize(job: () => Promise<McpStatus>): Promise<McpStatus> {
    const run = this.tail.then(job);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async apply(restart = false): Promise<McpStatus> {
    const s = this.settings();
    if (this.listener && (restart || !s.enabled)) {
      await this.listener.close();
      this.listener = null;
    }
    if (s.enabled && !this.listener && !this.closed) {
      try {
        this.listener = await startMcpHttpServer({
          port: s.port,
          token: this.token(),
          logger: this.options.logger,
          createServer: () =>
            createEngramMcpServer({
              memory: this.options.memory,
              writesAllowed: () => this.settings().allowWrites,
              spaceId: () => this.settings().spaceId,
              writeRefusal: APP_WRITE_REFUSAL,
              onConversationRecorded: (id) => this.options.onConversationRecorded(id),
              version: this.options.version,
            }),
        });
        this.error = null;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        this.error =
          code === 'EADDRINUSE'
            ? `Port ${s.port} is already in use by another program: choose another port.`
            : `Could not listen on 127.0.0.1:${s.port}: ${err instanceof Error ? err.message : String(err)}`;
        this.options.logger.warn(`MCP endpoint: ${this.error}`);
      }
    }
    if (!s.enabled) this.error = null;
    return this.status();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    await this.listener?.close();
    this.listener = null;
  }
}
