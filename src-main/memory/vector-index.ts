/**
 * In-memory binary-code index for fast vector candidates on large memories. sqlite-vec scans float32
 * vectors by brute force (~45 ms per 100k × 256 dims here), too slow for a 25 ms search budget; sign bits
 * (SimHash of the unit vectors) compared by Hamming distance cost ~32 bytes and a few popcounts per node,
 * and the best candidates are then re-ranked by exact cosine from vec_nodes. Codes are persisted in
 * `vec_codes` so the index loads in one small read; it is rebuilt from there whenever it is reset.
 * The scan runs in WebAssembly (hamming-kernel.wat) for its native 64-bit popcount: ~5 ms per million
 * codes here, against ~16 ms for the best JavaScript (a 16-bit lookup table). Each slot also carries its memory
 * space (a 16-bit code, "any" for facts marked everywhere), so a search scoped to a space filters inside the
 * scan and asks for no more candidates than an unscoped one.
 */
import type { ReadableDB } from '../storage/db';
import { yieldToLoop } from '../../src-shared/clock';
import { NODE_TYPES, type NodeType } from '../../src-shared/memory-types';
import { WASM_BASE64 } from './hamming-kernel';

const TYPE_INDEX = new Map(NODE_TYPES.map((t, i) => [t, i]));

/** A slot's space code meaning "seen from every space" (a fact marked everywhere), and a query over every space. */
const ANY_SPACE = 0xffff;

/** Where a node lives: its space, and whether it is marked everywhere (migration 015). */
export interface SlotSpace {
  spaceId: string;
  everywhere: boolean;
}

/** Sign bits of a vector, 32 per word. */
export function binaryCode(v: Float32Array): Uint32Array {
  const words = Math.ceil(v.length / 32);
  const code = new Uint32Array(words);
  for (let i = 0; i < v.length; i++) if ((v[i] as number) > 0) code[i >>> 5] = (code[i >>> 5] as number) | (1 << (i & 31));
  return code;
}

const kernelModule = new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64'));

interface Kernel {
  scan(
    n: number,
    stride: number,
    codes: number,
    types: number,
    active: number,
    dist: number,
    hist: number,
    query: number,
    allow: number,
    inactiveOk: number,
    far: number,
    spaces: number,
    space: number,
  ): void;
  collect(n: number, dist: number, cutoff: number, out: number): number;
}

/**
 * Where each array of an index of `capacity` slots lives in the kernel's memory (byte offsets). The scan
 * reads codes, types, flags and space codes, writes distances and the histogram; `collect` writes slot numbers to `out`.
 */
class KernelMemory {
  readonly memory: WebAssembly.Memory;
  readonly kernel: Kernel;
  readonly codes: number;
  readonly types: number;
  readonly active: number;
  readonly spaces: number;
  readonly dist: number;
  readonly out: number;
  readonly hist: number;
  readonly query: number;

  /** `stride`: 32-bit words per code in memory, even (the kernel compares 64 bits at a time). */
  constructor(readonly capacity: number, readonly stride: number) {
    this.codes = 0;
    this.types = capacity * stride * 4;
    this.active = this.types + capacity;
    this.spaces = align(this.active + capacity, 2);
    this.dist = align(this.spaces + capacity * 2, 4);
    this.out = align(this.dist + capacity * 2, 4);
    this.hist = this.out + capacity * 4;
    this.query = this.hist + (stride * 32 + 2) * 4;
    const bytes = this.query + stride * 4;
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
    this.kernel = new WebAssembly.Instance(kernelModule, { env: { memory: this.memory } }).exports as unknown as Kernel;
  }

  /** Views are made per use: they are cheap, and a view kept across a memory change would go stale. */
  u32(offset: number, length: number): Uint32Array {
    return new Uint32Array(this.memory.buffer, offset, length);
  }
  u16(offset: number, length: number): Uint16Array {
    return new Uint16Array(this.memory.buffer, offset, length);
  }
  u8(offset: number, length: number): Uint8Array {
    return new Uint8Array(this.memory.buffer, offset, length);
  }
}

const align = (n: number, to: number): number => Math.ceil(n / to) * to;

export class BinaryCodeIndex {
  private ids: string[] = [];
  private readonly slots = new Map<string, number>();
  private mem: KernelMemory;
  /** Words per code in the kernel's memory: `words`, plus a zero word when odd. */
  private readonly stride: number;
  /** Space ids to the 16-bit codes the kernel compares (a memory has a handful of spaces). */
  private readonly spaceCodes = new Map<string, number>();

  constructor(private readonly words: number, capacity = 1024) {
    this.stride = words + (words & 1);
    this.mem = new KernelMemory(capacity, this.stride);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Twice the slots, in a new memory: the arrays' offsets depend on the capacity. */
  private grow(): void {
    const old = this.mem;
    const next = new KernelMemory(old.capacity * 2, this.stride);
    const n = this.ids.length;
    next.u32(next.codes, n * this.stride).set(old.u32(old.codes, n * this.stride));
    next.u8(next.types, n).set(old.u8(old.types, n));
    next.u8(next.active, n).set(old.u8(old.active, n));
    next.u16(next.spaces, n).set(old.u16(old.spaces, n));
    this.mem = next;
  }

  /** The code of a space id, made on first sight; "any" when the node is marked everywhere. */
  private spaceCode(space: SlotSpace | undefined): number {
    if (!space || space.everywhere) return ANY_SPACE;
    let code = this.spaceCodes.get(space.spaceId);
    if (code === undefined) {
      code = this.spaceCodes.size;
      if (code >= ANY_SPACE) throw new Error('vector index: more memory spaces than it can tell apart');
      this.spaceCodes.set(space.spaceId, code);
    }
    return code;
  }

  /** A slot without `space` is seen from every space (as is one marked everywhere). */
  upsert(id: string, code: Uint32Array, type: NodeType, active: boolean, space?: SlotSpace): void {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot >= this.mem.capacity) this.grow();
      this.ids.push(id);
      this.slots.set(id, slot);
    }
    const mem = this.mem;
    mem.u32(mem.codes + slot * this.stride * 4, this.words).set(code.subarray(0, this.words));
    mem.u8(mem.types + slot, 1)[0] = TYPE_INDEX.get(type) ?? 0;
    mem.u8(mem.active + slot, 1)[0] = active ? 1 : 0;
    mem.u16(mem.spaces + slot * 2, 1)[0] = this.spaceCode(space);
  }

  /** A node moved to another space, or marked everywhere or no longer. */
  setSpace(id: string, space: SlotSpace): void {
    const slot = this.slots.get(id);
    if (slot !== undefined) this.mem.u16(this.mem.spaces + slot * 2, 1)[0] = this.spaceCode(space);
  }

  setActive(id: string, active: boolean): void {
    const slot = this.slots.get(id);
    if (slot !== undefined) this.mem.u8(this.mem.active + slot, 1)[0] = active ? 1 : 0;
  }

  /**
   * The k nearest ids by Hamming distance among the allowed types (and current nodes unless asked), in
   * `spaceId` (its nodes and those marked everywhere) when one is given.
   */
  nearest(query: Uint32Array, k: number, types: readonly NodeType[] | null, includeInactive: boolean, spaceId: string | null = null): string[] {
    const n = this.ids.length;
    const words = this.words;
    const mem = this.mem;
    let allow = types ? 0 : (1 << NODE_TYPES.length) - 1;
    for (const t of types ?? []) allow |= 1 << (TYPE_INDEX.get(t) ?? 0);
    const maxDist = words * 32;
    const histogram = mem.u32(mem.hist, maxDist + 2);
    histogram.fill(0);
    const q = mem.u32(mem.query, this.stride);
    q.fill(0);
    q.set(query.subarray(0, words));
    // A space no slot has yet gets a fresh code: only nodes marked everywhere match it.
    const space = spaceId === null ? ANY_SPACE : this.spaceCode({ spaceId, everywhere: false });
    mem.kernel.scan(n, this.stride, mem.codes, mem.types, mem.active, mem.dist, mem.hist, mem.query, allow, includeInactive ? 1 : 0, maxDist + 1, mem.spaces, space);
    // Counting selection: the distance below which k candidates lie, then collect in distance order.
    let cutoff = 0;
    for (let seen = 0; cutoff <= maxDist; cutoff++) {
      seen += histogram[cutoff] as number;
      if (seen >= k) break;
    }
    const count = mem.kernel.collect(n, mem.dist, Math.min(cutoff, maxDist), mem.out);
    const dist = mem.u16(mem.dist, n);
    const picked = Array.from(mem.u32(mem.out, count));
    picked.sort((a, b) => (dist[a] as number) - (dist[b] as number) || a - b);
    return picked.slice(0, k).map((s) => this.ids[s] as string);
  }

  upsertRow([id, code, type, active, spaceId, everywhere]: CodeRow, words: number): void {
    this.upsert(id, codeFromBlob(code, words), type, active === 1, { spaceId, everywhere: everywhere === 1 });
  }

  /**
   * Load every persisted code in keyset-paged chunks, yielding between them, so a large memory's index
   * (100k codes ≈ 0.5 s) builds in the background instead of freezing the first search. `stop()` is
   * checked before each chunk (engine closed or index reset): the load then ends with null.
   */
  static async loadInChunks(db: ReadableDB, dimensions: number, stop: () => boolean, chunk = 4000): Promise<BinaryCodeIndex | null> {
    const words = Math.ceil(dimensions / 32);
    const page = db.prepare(
      `SELECT c.node_id AS id, c.code AS code, n.type AS type, n.valid_until IS NULL AS active, n.space_id, n.everywhere
       FROM vec_codes c JOIN nodes n ON n.id = c.node_id WHERE c.node_id > ? ORDER BY c.node_id LIMIT ?`,
    );
    const index = new BinaryCodeIndex(words);
    let after = '';
    for (;;) {
      if (stop()) return null;
      const rows = page.raw().all(after, chunk) as CodeRow[];
      for (const row of rows) index.upsertRow(row, words);
      if (rows.length < chunk) return index;
      after = rows[rows.length - 1]?.[0] ?? after;
      await yieldToLoop();
    }
  }
}

/** A node's code and what the scan filters on, as `loadInChunks` and the vector store's sync read them. */
export type CodeRow = [id: string, code: Buffer, type: NodeType, active: number, spaceId: string, everywhere: number];

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
  // A view, not readInt8 per element: re-ranking converts 64 of these per search.
  const values = new Int8Array(blob.buffer, blob.byteOffset + 4, blob.byteLength - 4);
  const out = new Float32Array(values.length);
  for (let i = 0; i < out.length; i++) out[i] = (values[i] as number) * scale;
  return out;
}

export function floatsFromBlob(blob: Buffer): Float32Array {
  const v = new Float32Array(blob.byteLength >>> 2);
  new Uint8Array(v.buffer).set(blob.subarray(0, v.length * 4));
  return v;
}
