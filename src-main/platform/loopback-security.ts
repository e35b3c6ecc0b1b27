/**
 * Browser-mode request checks. The server binds 127.0.0.1 only; on top of that every request must name our
 * host and port (no DNS rebinding), come from our origin when it has one (no cross-site requests), and carry
 * the per-launch token (query on the first visit, then an HttpOnly cookie, or a header for scripts:
 * `x-engram-token` or `Authorization: Bearer`).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** Cookies are not separated by port: the name carries it, so two instances never overwrite each other's. */
export const tokenCookieName = (port: number): string => `engram_token_${port}`;
export const TOKEN_HEADER = 'x-engram-token';

export interface Guard {
  port: number;
  token: string;
}

export type Verdict = { ok: true; tokenFrom: 'query' | 'cookie' | 'header' } | { ok: false; status: 400 | 403; reason: string };

export const allowedHosts = (port: number): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];
export const allowedOrigins = (port: number): string[] => allowedHosts(port).map((h) => `http://${h}`);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** decodeURIComponent throws URIError on a malformed escape ("%E0%A4%A"); anything a client sends may be one. */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The request's URL, or undefined when it cannot be parsed (a client may send anything after the method). */
export function parseRequestUrl(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://127.0.0.1');
  } catch {
    return undefined;
  }
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    // A malformed value cannot be our token (we encode it ourselves), so it reads as absent.
    if (eq > 0 && part.slice(0, eq).trim() === name) return safeDecode(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The token of an `Authorization: Bearer <token>` header, the form most HTTP clients are configured with. */
function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}

/**
 * Checks Host, Origin and token. `requireOrigin` is set for the WebSocket, which browsers always send it on.
 * `allowQueryToken` is only for page loads: on API URLs a token in the query would end up in logs and history.
 * `headerOnly` (MCP's endpoint, used by programs, never by a browser) accepts the token in a header alone.
 */
export function checkRequest(
  req: IncomingMessage,
  guard: Guard,
  options: { requireOrigin?: boolean; allowQueryToken?: boolean; headerOnly?: boolean } = {},
): Verdict {
  const host = req.headers.host;
  if (!host || !allowedHosts(guard.port).includes(host.toLowerCase())) {
    return { ok: false, status: 403, reason: `Host "${host ?? ''}" is not allowed` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined ? !allowedOrigins(guard.port).includes(origin.toLowerCase()) : options.requireOrigin === true) {
    return { ok: false, status: 403, reason: `Origin "${origin ?? ''}" is not allowed` };
  }
  const url = parseRequestUrl(req);
  if (!url) return { ok: false, status: 400, reason: 'Malformed request URL' };
  const fromHeader = req.headers[TOKEN_HEADER];
  if (typeof fromHeader === 'string' && sameSecret(fromHeader, guard.token)) return { ok: true, tokenFrom: 'header' };
  const fromBearer = bearerToken(req.headers.authorization);
  if (fromBearer !== undefined && sameSecret(fromBearer, guard.token)) return { ok: true, tokenFrom: 'header' };
  if (options.headerOnly === true) {
    return { ok: false, status: 403, reason: `Missing or wrong token: send it in the ${TOKEN_HEADER} header or as Authorization: Bearer` };
  }
  const fromQuery = options.allowQueryToken === false ? null : url.searchParams.get('token');
  if (fromQuery !== null && sameSecret(fromQuery, guard.token)) return { ok: true, tokenFrom: 'query' };
  const fromCookie = cookieValue(req.headers.cookie, tokenCookieName(guard.port));
  if (fromCookie !== undefined && sameSecret(fromCookie, guard.token)) return { ok: true, tokenFrom: 'cookie' };
  return { ok: false, status: 403, reason: 'Missing or wrong token: open the URL Engram printed at start' };
}

export function tokenCookie(token: string, port: number): string {
  return `${tokenCookieName(port)}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`;
}

/** The page may load only its own scripts and styles, and talk only to its own origin (HTTP and WebSocket). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
