/**
 * In-memory binary-code index for fast vector candidates on large memories. sqlite-vec scans float32
 * vectors by brute force (~45 ms per 100k × 256 dims here), too slow for a 25 ms search budget; sign bits
 * (SimHash of the unit vectors) compared by Hamming distance cost ~32 bytes and a few popcounts per node,
 * and the best candidates are then re-ranked by exact cosine from vec_nodes. Codes are persisted in
 * `vec_codes` so the index loads in one small read; it is rebuilt from there whenever it is reset.
 */
import type { ReadableDB } from '../storage/db';
import { yieldToLoop } from '../../src-shared/clock';
import { NODE_TYPES, type NodeType } from '../../src-shared/memory-types';

const TYPE_INDEX = new Map(NODE_TYPES.map((t, i) => [t, i]));

/** Sign bits of a vector, 32 per word. */
export function binaryCode(v: Float32Array): Uint32Array {
  const words = Math.ceil(v.length / 32);
  const code = new Uint32Array(words);
  for (let i = 0; i < v.length; i++) if ((v[i] as number) > 0) code[i >>> 5] = (code[i >>> 5] as number) | (1 << (i & 31));
  return code;
}

/** Bits set in every 16-bit value: two lookups per word beat SWAR popcount in V8 by about 3x. */
const BITS16 = new Uint8Array(65536);
for (let i = 1; i < 65536; i++) BITS16[i] = (i & 1) + (BITS16[i >>> 1] as number);

/** Hamming distance between the code at `base` and the query (any number of words). */
function hamming(codes: Uint32Array, base: number, query: Uint32Array, words: number): number {
  let d = 0;
  for (let w = 0; w < words; w++) {
    const x = (codes[base + w] as number) ^ (query[w] as number);
    d += (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
  }
  return d;
}

export class BinaryCodeIndex {
  private ids: string[] = [];
  private readonly slots = new Map<string, number>();
  private codes: Uint32Array;
  private types: Uint8Array;
  private active: Uint8Array;
  private distances = new Uint16Array(0);

  constructor(private readonly words: number, capacity = 1024) {
    this.codes = new Uint32Array(capacity * words);
    this.types = new Uint8Array(capacity);
    this.active = new Uint8Array(capacity);
  }

  get size(): number {
    return this.ids.length;
  }

  private grow(): void {
    const capacity = this.types.length * 2;
    const codes = new Uint32Array(capacity * this.words);
    codes.set(this.codes);
    const types = new Uint8Array(capacity);
    types.set(this.types);
    const active = new Uint8Array(capacity);
    active.set(this.active);
    this.codes = codes;
    this.types = types;
    this.active = active;
  }

  upsert(id: string, code: Uint32Array, type: NodeType, active: boolean): void {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot >= this.types.length) this.grow();
      this.ids.push(id);
      this.slots.set(id, slot);
    }
    this.codes.set(code.subarray(0, this.words), slot * this.words);
    this.types[slot] = TYPE_INDEX.get(type) ?? 0;
    this.active[slot] = active ? 1 : 0;
  }

  setActive(id: string, active: boolean): void {
    const slot = this.slots.get(id);
    if (slot !== undefined) this.active[slot] = active ? 1 : 0;
  }

  /** The k nearest ids by Hamming distance among the allowed types (and current nodes unless asked). */
  nearest(query: Uint32Array, k: number, types: readonly NodeType[] | null, includeInactive: boolean): string[] {
    const n = this.ids.length;
    const words = this.words;
    const allowType = new Uint8Array(NODE_TYPES.length).fill(types ? 0 : 1);
    for (const t of types ?? []) allowType[TYPE_INDEX.get(t) ?? 0] = 1;
    const maxDist = words * 32;
    // One distance buffer reused across searches: 2 MB per call at a million codes is garbage worth avoiding.
    if (this.distances.length < n) this.distances = new Uint16Array(this.types.length);
    const dist = this.distances;
    dist.fill(maxDist + 1, 0, n);
    const histogram = new Uint32Array(maxDist + 2);
    const codes = this.codes;
    const typeOf = this.types;
    const active = this.active;
    if (words === 8) {
      // 256-bit codes (the built-in embedders): unrolled with the query in locals, ~3x the generic loop at 1M.
      const q0 = query[0] as number, q1 = query[1] as number, q2 = query[2] as number, q3 = query[3] as number;
      const q4 = query[4] as number, q5 = query[5] as number, q6 = query[6] as number, q7 = query[7] as number;
      for (let s = 0, base = 0; s < n; s++, base += 8) {
        if (!allowType[typeOf[s] as number] || (!includeInactive && !active[s])) continue;
        let x = (codes[base] as number) ^ q0;
        let d = (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
        x = (codes[base + 1] as number) ^ q1;
        d += (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
        x = (codes[base + 2] as number) ^ q2;
        d += (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
        x = (codes[base + 3] as number) ^ q3;
        d += (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
        x = (codes[base + 4] as number) ^ q4;
        d += (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
        x = (codes[base + 5] as number) ^ q5;
        d += (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
        x = (codes[base + 6] as number) ^ q6;
        d += (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
        x = (codes[base + 7] as number) ^ q7;
        d += (BITS16[x & 0xffff] as number) + (BITS16[x >>> 16] as number);
        dist[s] = d;
        histogram[d] = (histogram[d] as number) + 1;
      }
    } else {
      for (let s = 0; s < n; s++) {
        if (!allowType[typeOf[s] as number] || (!includeInactive && !active[s])) continue;
        const d = hamming(codes, s * words, query, words);
        dist[s] = d;
        histogram[d] = (histogram[d] as number) + 1;
      }
    }
    // Counting selection: the distance below which k candidates lie, then collect in distance order.
    let cutoff = 0;
    for (let seen = 0; cutoff <= maxDist; cutoff++) {
      seen += histogram[cutoff] as number;
      if (seen >= k) break;
    }
    const picked: number[] = [];
    for (let s = 0; s < n; s++) if ((dist[s] as number) <= cutoff) picked.push(s);
    picked.sort((a, b) => (dist[a] as number) - (dist[b] as number));
    return picked.slice(0, k).map((s) => this.ids[s] as string);
  }

  /**
   * Load every persisted code in keyset-paged chunks, yielding between them, so a large memory's index
   * (100k codes ≈ 0.5 s) builds in the background instead of freezing the first search. `stop()` is
   * checked before each chunk (engine closed or index reset): the load then ends with null.
   */
  static async loadInChunks(db: ReadableDB, dimensions: number, stop: () => boolean, chunk = 4000): Promise<BinaryCodeIndex | null> {
    const words = Math.ceil(dimensions / 32);
    const page = db.prepare(
      `SELECT c.node_id AS id, c.code AS code, n.type AS type, n.valid_until IS NULL AS active
       FROM vec_codes c JOIN nodes n ON n.id = c.node_id WHERE c.node_id > ? ORDER BY c.node_id LIMIT ?`,
    );
    const index = new BinaryCodeIndex(words);
    let after = '';
    for (;;) {
      if (stop()) return null;
      const rows = page.raw().all(after, chunk) as [string, Buffer, NodeType, number][];
      for (const [id, code, type, active] of rows) index.upsert(id, codeFromBlob(code, words), type, active === 1);
      if (rows.length < chunk) return index;
      after = rows[rows.length - 1]?.[0] ?? after;
      await yieldToLoop();
    }
  }
}

export function codeBlob(code: Uint32Array): Buffer {
  return Buffer.from(code.buffer, code.byteOffset, code.byteLength);
}

/** Copy out of the blob: driver buffers may sit at offsets a Uint32Array cannot view. */
export function codeFromBlob(blob: Buffer, words: number): Uint32Array {
  const code = new Uint32Array(words);
  new Uint8Array(code.buffer).set(blob.subarray(0, Math.min(blob.byteLength, words * 4)));
  return code;
}

/**
 * A vector as int8 with one scale (little-endian f32 first): cosine against it differs from the float
 * vector's by ~1e-4, plenty to order a few dozen candidates.
 */
export function approxBlob(v: Float32Array): Buffer {
  let max = 0;
  for (let i = 0; i < v.length; i++) max = Math.max(max, Math.abs(v[i] as number));
  const scale = max / 127 || 1;
  const out = Buffer.alloc(4 + v.length);
  out.writeFloatLE(scale, 0);
  for (let i = 0; i < v.length; i++) out.writeInt8(Math.round((v[i] as number) / scale), 4 + i);
  return out;
}

export function floatsFromApprox(blob: Buffer): Float32Array {
  const scale = blob.readFloatLE(0);
  const out = new Float32Array(blob.byteLength - 4);
  for (let i = 0; i < out.length; i++) out[i] = blob.readInt8(4 + i) * scale;
  return out;
}

export function floatsFromBlob(blob: Buffer): Float32Array {
  const v = new Float32Array(blob.byteLength >>> 2);
  new Uint8Array(v.buffer).set(blob.subarray(0, v.length * 4));
  return v;
}
