/** The one vector similarity: dot product, and cosine for vectors that may not be unit length. Imports nothing. */

/** Σ aᵢ·bᵢ over the shorter length. For L2-normalised vectors (every embedder's output) this is the cosine. */
export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s = 0;
  for (let i = 0; i < n; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/** Cosine similarity of any two vectors; 0 when either is the zero vector (it points nowhere). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let d = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] as number;
    const y = b[i] as number;
    d += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : d / Math.sqrt(na * nb);
}
