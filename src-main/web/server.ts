/**
 * Browser mode: the same contract over loopback HTTP (calls: POST /api/call/<name>) and a WebSocket
 * (pushed events: /api/events), plus the built renderer as static files. Every request passes security.ts.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { HostTransport } from '../host/host-transport';
import type { Logger } from '../../src-shared/clock';
import { createFileTransfer } from './file-transfer';
import { checkRequest, parseRequestUrl, safeDecode, SECURITY_HEADERS, tokenCookie, type Guard } from '../platform/loopback-security';

export type WebHost = Pick<HostTransport, 'dispatchJson' | 'subscribe'>;

export interface WebServerOptions {
  host: WebHost;
  /** Folder with the built renderer (index.html + assets). */
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  token?: string;
  logger: Logger;
  /** The data folder: uploads and downloads pass through its tmp/ (file-transfer.ts). Without it they answer 404. */
  dataDir?: string;
  maxUploadBytes?: number;
  /** README.md of this installation, served at /docs/README.md for Help → About. */
  readmeFile?: string;
}

export interface WebServer {
  readonly port: number;
  readonly token: string;
  readonly origin: string;
  /** The address to open, token included. */
  readonly url: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Where browser mode serves the README (the help dialog links it). */
export const README_PATH = '/docs/README.md';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const rendererDir = resolve(options.rendererDir);
  const guard: Guard = { port: 0, token };
  const sockets = new Set<WebSocket>();

  const send = (res: ServerResponse, status: number, body: string | Uint8Array, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { ...SECURITY_HEADERS, 'cache-control': 'no-store', ...headers });
    res.end(body);
  };

  const serveStatic = (req: IncomingMessage, res: ServerResponse, pathname: string): void => {
    const decoded = safeDecode(pathname);
    if (decoded === undefined || decoded.includes('\0')) return send(res, 400, 'Malformed path');
    const rel = normalize(decoded).replace(/^([/\\])+/, '');
    let file = resolve(rendererDir, rel);
    if (file !== rendererDir && !file.startsWith(rendererDir + sep)) return send(res, 404, 'Not found');
    // Client-side routes fall back to the app; missing assets are a 404.
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (extname(rel) !== '') return send(res, 404, 'Not found');
      file = join(rendererDir, 'index.html');
    }
    if (!existsSync(file)) {
      return send(res, 500, 'The renderer is not built. Run "npm start" (it builds it) or "npm run build:renderer".');
    }
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const immutable = file.includes(`${sep}assets${sep}`);
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': type,
      'cache-control': immutable ? 'private, max-age=31536000, immutable' : 'no-store',
    });
    if (req.method === 'HEAD') return void res.end();
    // Streamed: the renderer bundle is megabytes, and this thread serves every call of the window.
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  };

  const transfer = options.dataDir
    ? createFileTransfer({ host: options.host, dataDir: options.dataDir, ...(options.maxUploadBytes ? { maxUploadBytes: options.maxUploadBytes } : {}) }, send)
    : null;

  const handleCall = async (req: IncomingMessage, res: ServerResponse, name: string): Promise<void> => {
    // JSON only: a cross-site form cannot send it without a preflight that we never answer.
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      return send(res, 415, JSON.stringify({ ok: false, error: { code: 'invalid_input', message: 'Expected application/json', issues: [] } }), {
        'content-type': 'application/json',
      });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) {
        // Stop reading: answer, then drop the connection rather than swallow the rest.
        res.once('finish', () => req.destroy());
        return send(res, 413, 'Request too large', { connection: 'close' });
      }
      chunks.push(chunk as Buffer);
    }
    let input: unknown;
    try {
      const raw = Buffer.concat(chunks).toString('utf8');
      input = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return send(res, 400, JSON.stringify({ ok: false, error: { code: 'invalid_input', message: 'Body is not valid JSON', issues: [] } }), {
        'content-type': 'application/json',
      });
    }
    send(res, 200, await options.host.dispatchJson(name, input), { 'content-type': 'application/json' });
  };

  const route = (req: IncomingMessage, res: ServerResponse): void => {
    const url = parseRequestUrl(req);
    if (!url) return send(res, 400, 'Malformed request URL', { 'content-type': 'text/plain; charset=utf-8' });
    const verdict = checkRequest(req, guard, { allowQueryToken: !url.pathname.startsWith('/api/') });
    if (!verdict.ok) return send(res, verdict.status, verdict.reason, { 'content-type': 'text/plain; charset=utf-8' });
    // First visit with ?token=: keep it in an HttpOnly cookie and drop it from the address bar.
    if (verdict.tokenFrom === 'query' && req.method === 'GET' && !url.pathname.startsWith('/api/')) {
      url.searchParams.delete('token');
      return send(res, 303, '', { location: `${url.pathname}${url.search}`, 'set-cookie': tokenCookie(token, guard.port) });
    }
    if (url.pathname.startsWith('/api/call/')) {
      if (req.method !== 'POST') return send(res, 405, 'Use POST', { allow: 'POST' });
      handleCall(req, res, url.pathname.slice('/api/call/'.length)).catch((err: unknown) => {
        options.logger.error('browser-mode call failed', err);
        if (!res.headersSent) send(res, 500, 'Internal error');
      });
      return;
    }
    const transferMatch = /^\/api\/(upload|download)\/([\w.]+)$/.exec(url.pathname);
    if (transferMatch && transfer) {
      if (req.method !== 'POST') return send(res, 405, 'Use POST', { allow: 'POST' });
      const [, direction, call] = transferMatch as unknown as [string, 'upload' | 'download', string];
      const run = direction === 'upload' ? transfer.upload(req, res, call, url) : transfer.download(req, res, call);
      run.catch((err: unknown) => {
        options.logger.error(`browser-mode ${direction} failed`, err);
        if (!res.headersSent) send(res, 500, 'Internal error');
        else res.destroy();
      });
      return;
    }
    if (url.pathname === README_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      if (!options.readmeFile || !existsSync(options.readmeFile)) return send(res, 404, 'Not found');
      return send(res, 200, req.method === 'HEAD' ? '' : readFileSync(options.readmeFile), { 'content-type': 'text/plain; charset=utf-8' });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
    serveStatic(req, res, url.pathname);
  };

  // Whatever a client sends, it gets an answer and the process lives on: one bad request must not take
  // down replies in flight and queued writes.
  const server = createServer((req, res) => {
    try {
      route(req, res);
    } catch (err) {
      options.logger.error('browser-mode request failed', err);
      if (!res.headersSent) send(res, 500, 'Internal error');
      else res.destroy();
    }
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const verdict = checkRequest(req, guard, { requireOrigin: true, allowQueryToken: false });
    const path = parseRequestUrl(req)?.pathname;
    if (!verdict.ok || path !== '/api/events') {
      const reason = verdict.ok ? 'Not found' : verdict.reason;
      const status = verdict.ok ? '404 Not Found' : verdict.status === 400 ? '400 Bad Request' : '403 Forbidden';
      socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${reason}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => sockets.delete(ws));
      // Events only flow to the page; anything it sends is ignored.
    });
  });

  const unsubscribe = options.host.subscribe((name, payload) => {
    if (sockets.size === 0) return;
    const message = JSON.stringify({ event: name, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(message);
  });

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const { port } = server.address() as AddressInfo;
  guard.port = port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    port,
    token,
    origin,
    url: `${origin}/?token=${token}`,
    async close() {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
    },
  };
}
