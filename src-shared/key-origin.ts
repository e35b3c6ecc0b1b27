/**
 * Where an API key may go. Pure functions with no imports, shared by the settings store (which enforces them)
 * and the settings dialog (which explains them before the person saves).
 */

/** The origin (scheme, host, port) a key is bound to; null for what is not a URL. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const isLoopback = (hostname: string): boolean =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\./.test(hostname) || hostname === '[::1]' || hostname === '::1';

/** A key sent to this URL would cross the network unencrypted (plain http to another machine). */
export function keyTravelsInClear(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' && !isLoopback(u.hostname);
  } catch {
    return false;
  }
}
