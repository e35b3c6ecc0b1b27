/** The one vector maths: L2 normalisation, dot product, and cosine for vectors that may not be unit length. Imports nothing. */

/** A unit-length copy as Float32Array (what every embedder returns); the zero vector stays zero, never NaN. */
export function l2Normalise(values: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += (values[i] as number) * (values[i] as number);
  const out = new Float32Array(values.length);
  if (sum === 0) return out;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < values.length; i++) out[i] = (values[i] as number) * scale;
  return out;
}

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

/** All components zero: a vector that points nowhere (an embedder's answer for empty text), never stored or searched. */
export function isZeroVector(v: Float32Array): boolean {
  for (const x of v) if (x !== 0) return false;
  return true;
}
