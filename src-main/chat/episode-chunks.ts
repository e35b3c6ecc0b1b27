import { MAX_CONTENT_CHARS } from '../memory';

/**
 * A reply as memory can keep it: NULs dropped, lone surrogates replaced, and split at paragraph or line
 * breaks into pieces that fit an episode (a model can write more than one message may hold).
 */
export function episodeChunks(text: string, limit = MAX_CONTENT_CHARS): string[] {
  const clean = text.replaceAll('\0', '').toWellFormed();
  const chunks: string[] = [];
  let rest = clean;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\n'), window.lastIndexOf(' '));
    const at = cut > limit / 2 ? cut : limit;
    chunks.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^\s+/, '');
  }
  chunks.push(rest);
  return chunks.filter((c) => c.trim() !== '');
}
