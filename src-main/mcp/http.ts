/**
 * MCP over Streamable HTTP on 127.0.0.1, for apps that connect to the running Engram instead of starting their
 * own process. Every request passes browser mode's guard (platform/loopback-security.ts: our Host, no foreign Origin, the
 * token, in a header only: `x-engram-token` or `Authorization: Bearer`, never `?token=`, which ends up in logs and
 * shell history); each client gets its own MCP session and server, so writes carry that client's name.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../../src-shared/clock';
import { checkRequest, SECURITY_HEADERS, type Guard } from '../platform/loopback-security';

export const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Open sessions at most. At the cap a new client is refused (503), never let to close another client's session. */
const MAX_SESSIONS = 32;
/** Clients rarely end their sessions: one unused this long no longer counts against the cap and may be closed. */
const SESSION_IDLE_MS = 30 * 60_000;

export interface McpHttpOptions {
  /** A fresh MCP server for each client session. */
  createServer(): McpServer;
  port: number;
  token: string;
  logger: Logger;
  /** Defaults MAX_SESSIONS and SESSION_IDLE_MS; tests make them small. */
  maxSessions?: number;
  sessionIdleMs?: number;
  now?: () => number;
}

export interface McpHttpServer {
  readonly port: number;
  readonly url: string;
  /** Names of the clients with a session in use (each once; closed and long-idle sessions left out). */
  clients(): string[];
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** When the client last sent a request on it. */
  lastUsedAt: number;
}

const plain = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { ...SECURITY_HEADERS, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
};

const rpcError = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { ...SECURITY_HEADERS, 'cache-control': 'no-store', 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
};

async function readJson(req: IncomingMessage): Promise<{ ok: true; body: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413, message: 'Request too large' };
    chunks.push(chunk as Buffer);
  }
  try {
    return { ok: true, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { ok: false, status: 400, message: 'Body is not valid JSON' };
  }
}

export async function startMcpHttpServer(options: McpHttpOptions): Promise<McpHttpServer> {
  const guard: Guard = { port: options.port, token: options.token };
  const sessions = new Map<string, Session>();
  const maxSessions = options.maxSessions ?? MAX_SESSIONS;
  const idleMs = options.sessionIdleMs ?? SESSION_IDLE_MS;
  const now = options.now ?? Date.now;
  /** Initialize requests admitted but not yet given their session id: they count against the cap too. */
  let opening = 0;

  const closeSession = (id: string): void => {
    const s = sessions.get(id);
    if (!s) return;
    sessions.delete(id);
    void s.server.close().catch((err: unknown) => options.logger.warn(`closing MCP session failed: ${String(err)}`));
  };

  /** Room for one more session: sessions idle past SESSION_IDLE_MS are closed to make it; live ones never are. */
  const hasRoom = (): boolean => {
    if (sessions.size + opening < maxSessions) return true;
    const cutoff = now() - idleMs;
    for (const [id, s] of sessions) if (s.lastUsedAt <= cutoff) closeSession(id);
    return sessions.size + opening < maxSessions;
  };

  const openSession = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    const server = options.createServer();
    let admitted = true;
    const release = (): void => {
      if (admitted) opening--;
      admitted = false;
    };
    opening++;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        release();
        sessions.set(id, { transport, server, lastUsedAt: now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      release();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = checkRequest(req, guard, { headerOnly: true });
    if (!verdict.ok) return plain(res, verdict.status, verdict.reason);
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (pathname !== MCP_PATH) return plain(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const header = req.headers['mcp-session-id'];
    const sessionId = typeof header === 'string' ? header : undefined;
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session) return rpcError(res, 404, 'Session not found: initialize again');
      session.lastUsedAt = now();
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return rpcError(res, 400, 'No session: send an initialize request first');
    const parsed = await readJson(req);
    if (!parsed.ok) return rpcError(res, parsed.status, parsed.message);
    if (!isInitializeRequest(parsed.body)) return rpcError(res, 400, 'No session: send an initialize request first');
    if (!hasRoom()) {
      options.logger.warn(`MCP: refused a new session from ${req.headers['user-agent'] ?? 'a client'}: ${maxSessions} sessions are open`);
      return rpcError(res, 503, `Too many MCP sessions are open (${maxSessions}): close an unused one (DELETE ${MCP_PATH} with its mcp-session-id) or try again later`, {
        'retry-after': '60',
      });
    }
    return openSession(req, res, parsed.body);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      options.logger.error('MCP request failed', err);
      if (!res.headersSent) rpcError(res, 500, 'Internal error');
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, '127.0.0.1', () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  guard.port = port;

  return {
    port,
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    // "Connected now": each app once (it may hold several sessions), and not the ones gone quiet past the idle
    // limit (a client that quit without closing its session).
    clients: () => {
      const cutoff = now() - idleMs;
      const live = [...sessions.values()].filter((s) => s.lastUsedAt > cutoff);
      return [...new Set(live.map((s) => s.server.server.getClientVersion()?.name ?? 'unknown client'))];
    },
    async close() {
      for (const id of [...sessions.keys()]) closeSession(id);
      const closed = new Promise<void>((r) => http.close(() => r()));
      http.closeAllConnections();
      await closed;
    },
  };
}
