/**
 * Writes a tiny llama-architecture GGUF (v3) with random F32 weights: a few hundred KB, a SentencePiece-style
 * vocabulary (specials, the 256 byte tokens, a few dozen pieces) and a ChatML chat template. Its answers are
 * nonsense; it exists so tests and the bench can drive the real node-llama-cpp path without downloading weights.
 *
 *   npx tsx scripts/make-tiny-gguf.ts out.gguf [seed]
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const GGUF_MAGIC = 0x46554747; // "GGUF" little-endian
const ALIGNMENT = 32;
const enum ValueType {
  Uint32 = 4,
  Int32 = 5,
  Float32 = 6,
  String = 8,
  Array = 9,
}
const GGML_TYPE_F32 = 0;
/** SentencePiece token types as llama.cpp reads them. */
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** Word pieces beyond the bytes, so common text tokenizes into more than single bytes. */
const PIECES = [
  '▁', '▁the', '▁a', '▁is', '▁I', '▁you', '▁to', '▁and', '▁of', '▁in', '▁it', '▁that', '▁my', '▁name', '▁remember',
  'e', 't', 'a', 'o', 'i', 'n', 's', 'r', 'h', 'l', 'd', '{', '}', '"', ':', ',', '[', ']', 'true', 'false', 'null',
  '▁user', '▁assistant', 'system', 'user', 'assistant', '\n',
];

export interface TinyGgufOptions {
  seed?: number;
  embeddingLength?: number;
  blocks?: number;
  feedForwardLength?: number;
  heads?: number;
  contextLength?: number;
}

interface Tensor {
  name: string;
  /** ggml order: ne0 first (the row length). */
  dims: number[];
  data: Float32Array;
}

/** mulberry32: small, seedable, good enough for weights nobody reads. */
function randomSource(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary(): { tokens: string[]; scores: number[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>', '<|im_start|>', '<|im_end|>'];
  const types = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL, TOKEN_CONTROL, TOKEN_CONTROL];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_BYTE);
  }
  for (const piece of PIECES) {
    tokens.push(piece);
    types.push(TOKEN_NORMAL);
  }
  // Longer pieces score higher, as SentencePiece merges prefer them.
  const scores = tokens.map((t, i) => (types[i] === TOKEN_NORMAL ? -10 + t.length : 0));
  return { tokens, scores, types };
}

class Writer {
  private readonly chunks: Buffer[] = [];
  length = 0;
  private push(b: Buffer): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  raw(b: Buffer): void {
    this.push(b);
  }
  padTo(alignment: number): void {
    const pad = (alignment - (this.length % alignment)) % alignment;
    if (pad) this.push(Buffer.alloc(pad));
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

type Metadata = Array<
  | [string, 'u32', number]
  | [string, 'f32', number]
  | [string, 'string', string]
  | [string, 'strings', string[]]
  | [string, 'f32s', number[]]
  | [string, 'i32s', number[]]
>;

function writeMetadata(w: Writer, entries: Metadata): void {
  for (const [key, kind, value] of entries) {
    w.str(key);
    if (kind === 'u32') {
      w.u32(ValueType.Uint32);
      w.u32(value);
    } else if (kind === 'f32') {
      w.u32(ValueType.Float32);
      w.f32(value);
    } else if (kind === 'string') {
      w.u32(ValueType.String);
      w.str(value);
    } else {
      w.u32(ValueType.Array);
      const items = value;
      w.u32(kind === 'strings' ? ValueType.String : kind === 'f32s' ? ValueType.Float32 : ValueType.Int32);
      w.u64(items.length);
      for (const item of items) {
        if (kind === 'strings') w.str(item as string);
        else if (kind === 'f32s') w.f32(item as number);
        else w.i32(item as number);
      }
    }
  }
}

/** The GGUF file's bytes. Same seed, same file. */
export function makeTinyGguf(options: TinyGgufOptions = {}): Buffer {
  const random = randomSource(options.seed ?? 42);
  const nEmbd = options.embeddingLength ?? 64;
  const nBlocks = options.blocks ?? 2;
  const nFf = options.feedForwardLength ?? 128;
  const nHead = options.heads ?? 4;
  const vocab = vocabulary();
  const nVocab = vocab.tokens.length;
  const weights = (count: number, scale: number): Float32Array => Float32Array.from({ length: count }, () => (random() * 2 - 1) * scale);
  const ones = (count: number): Float32Array => new Float32Array(count).fill(1);
  const matrix = (name: string, cols: number, rows: number): Tensor => ({ name, dims: [cols, rows], data: weights(cols * rows, 1 / Math.sqrt(cols)) });

  const tensors: Tensor[] = [matrix('token_embd.weight', nEmbd, nVocab), { name: 'output_norm.weight', dims: [nEmbd], data: ones(nEmbd) }, matrix('output.weight', nEmbd, nVocab)];
  for (let b = 0; b < nBlocks; b++) {
    const p = `blk.${b}.`;
    tensors.push(
      { name: `${p}attn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      matrix(`${p}attn_q.weight`, nEmbd, nEmbd),
      matrix(`${p}attn_k.weight`, nEmbd, nEmbd),
      matrix(`${p}attn_v.weight`, nEmbd, nEmbd),
      matrix(`${p}attn_output.weight`, nEmbd, nEmbd),
      { name: `${p}ffn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      matrix(`${p}ffn_gate.weight`, nEmbd, nFf),
      matrix(`${p}ffn_up.weight`, nEmbd, nFf),
      matrix(`${p}ffn_down.weight`, nFf, nEmbd),
    );
  }

  const metadata: Metadata = [
    ['general.architecture', 'string', 'llama'],
    ['general.name', 'string', 'engram-tiny-random'],
    ['general.alignment', 'u32', ALIGNMENT],
    ['llama.context_length', 'u32', options.contextLength ?? 2048],
    ['llama.embedding_length', 'u32', nEmbd],
    ['llama.block_count', 'u32', nBlocks],
    ['llama.feed_forward_length', 'u32', nFf],
    ['llama.attention.head_count', 'u32', nHead],
    ['llama.attention.head_count_kv', 'u32', nHead],
    ['llama.rope.dimension_count', 'u32', nEmbd / nHead],
    ['llama.attention.layer_norm_rms_epsilon', 'f32', 1e-5],
    ['llama.vocab_size', 'u32', nVocab],
    ['tokenizer.ggml.model', 'string', 'llama'],
    ['tokenizer.ggml.tokens', 'strings', vocab.tokens],
    ['tokenizer.ggml.scores', 'f32s', vocab.scores],
    ['tokenizer.ggml.token_type', 'i32s', vocab.types],
    ['tokenizer.ggml.bos_token_id', 'u32', 1],
    ['tokenizer.ggml.eos_token_id', 'u32', 4],
    ['tokenizer.ggml.unknown_token_id', 'u32', 0],
    ['tokenizer.chat_template', 'string', CHATML_TEMPLATE],
  ];

  const w = new Writer();
  w.u32(GGUF_MAGIC);
  w.u32(3);
  w.u64(tensors.length);
  w.u64(metadata.length);
  writeMetadata(w, metadata);
  let offset = 0;
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(GGML_TYPE_F32);
    w.u64(offset);
    offset += Math.ceil(t.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  w.padTo(ALIGNMENT);
  for (const t of tensors) {
    w.raw(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.padTo(ALIGNMENT);
  }
  return w.toBuffer();
}

export function writeTinyGguf(path: string, options: TinyGgufOptions = {}): string {
  writeFileSync(path, makeTinyGguf(options));
  return path;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: tsx scripts/make-tiny-gguf.ts OUT.gguf [seed]\n');
    process.exit(2);
  }
  writeTinyGguf(out, { seed: process.argv[3] ? Number(process.argv[3]) : 42 });
  process.stdout.write(`${out}\n`);
}
