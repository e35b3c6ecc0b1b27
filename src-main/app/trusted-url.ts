/**
 * Which URLs are our renderer (and so may use the API, and be navigated to). Pure, so tests run it in Node.
 * Compared by parsed origin and path, never by string prefix: "http://localhost:5173" is a prefix of
 * "http://localhost:51730" and of "http://localhost:5173.evil.example".
 */
export function isTrustedRendererUrl(url: string, base: { devServerUrl?: string | undefined; rendererDirUrl: string }): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (base.devServerUrl) {
    try {
      return target.origin === new URL(base.devServerUrl).origin;
    } catch {
      return false;
    }
  }
  const dir = new URL(base.rendererDirUrl);
  const folder = dir.pathname.endsWith('/') ? dir.pathname : `${dir.pathname}/`;
  return target.protocol === 'file:' && dir.protocol === 'file:' && target.host === dir.host && target.pathname.startsWith(folder);
}
