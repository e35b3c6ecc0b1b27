/**
 * Reads a TEXT column that holds JSON. A damaged row (an older version's bug, a file edited by hand) reads as
 * `fallback` instead of throwing `SyntaxError` at whoever lists it: one bad row never hides the others.
 */
export function readJsonColumn(text: string, fallback: unknown): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}
