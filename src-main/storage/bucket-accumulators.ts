/**
 * The bucket XORs and leaf counts of a Merkle tree (content-hash.ts) while a whole memory is folded in: one
 * flat array of 32-bit words, a hash written into a reused scratch buffer and XORed eight words at a time, hex
 * only when the buckets are listed. Verify folds every row of a memory through here, so nothing is allocated
 * per row.
 */
import { type BucketHash, MERKLE_FANOUT } from './content-hash';

const WORDS = 8; // 256 bits

export class BucketAccumulators {
  private readonly words = new Int32Array(MERKLE_FANOUT * WORDS);
  private readonly counts = new Int32Array(MERKLE_FANOUT);
  private readonly scratch = Buffer.from(new ArrayBuffer(WORDS * 4));
  private readonly scratchWords = new Int32Array(this.scratch.buffer, 0, WORDS);

  /** Folds a leaf in. A hash that is not 64 hex digits counts as its hex prefix, zero-padded (Buffer's hex reading). */
  add(bucket: number, hash: string): void {
    this.xor(bucket, hash);
    this.counts[bucket] = (this.counts[bucket] as number) + 1;
  }

  /** Takes a leaf folded in before out again (XOR is its own inverse). */
  remove(bucket: number, hash: string): void {
    this.xor(bucket, hash);
    this.counts[bucket] = (this.counts[bucket] as number) - 1;
  }

  /** The buckets holding at least one leaf, in bucket order. */
  buckets(): BucketHash[] {
    const out: BucketHash[] = [];
    const bytes = Buffer.from(this.words.buffer);
    for (let bucket = 0; bucket < MERKLE_FANOUT; bucket++) {
      const n = this.counts[bucket] as number;
      if (n > 0) out.push({ bucket, acc: bytes.toString('hex', bucket * WORDS * 4, (bucket + 1) * WORDS * 4), n });
    }
    return out;
  }

  private xor(bucket: number, hash: string): void {
    this.scratch.fill(0);
    this.scratch.write(hash, 0, WORDS * 4, 'hex');
    const at = bucket * WORDS;
    for (let i = 0; i < WORDS; i++) this.words[at + i] = (this.words[at + i] as number) ^ (this.scratchWords[i] as number);
  }
}
