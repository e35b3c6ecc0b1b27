import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportJson } from '../../src-main/data/export/json';
import { ExportSealer, openSealed, SEALED_HEADER_BYTES } from '../../src-main/data/export/sealed';
import { runImport } from '../../src-main/data/import/run';
import { isSealedFile, verifyFile, verifySealedExport } from '../../src-main/data/verify';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { AppError } from '../../src-shared/errors';
import { makeTempDir, ManualClock, openTestEngine } from '../helpers/temp-engine';

const SECRET = 'My bank PIN is 4921 and I hide the spare key under the blue flowerpot';
const PASSPHRASE = 'correct horse battery staple';
// Fast key derivation for the framing tests (the exports themselves use the real cost).
const CHEAP = { log2n: 10, r: 8, p: 1 };

async function memoryWithSecret(): Promise<MemoryEngine> {
  const { engine } = openTestEngine({ clock: new ManualClock() });
  engine.saveReviewSettings({ mcp: 'at_once', import: 'at_once' });
  engine.recordEpisode({ content: SECRET, sessionId: 's1', role: 'user' });
  engine.rememberFact({ content: 'Ana is travelling to Lisbon in June' });
  await engine.flush();
  await engine.drainSlowPath();
  return engine;
}

const nodeCount = (engine: MemoryEngine): number => (engine.database.prepare('SELECT count(*) AS n FROM nodes').get() as { n: number }).n;

function flipped(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeUInt8(copy.readUInt8(at) ^ 0x01, at);
  return copy;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('passphrase-encrypted JSON export', { timeout: 60_000 }, () => {
  it('round-trips with its passphrase, and its bytes hold none of the memory text', async () => {
    const engine = await memoryWithSecret();
    const out = makeTempDir();
    const plain = await exportJson(engine, join(out, 'plain.json'));
    const sealed = await exportJson(engine, join(out, 'sealed.engram'), { passphrase: PASSPHRASE });
    expect(sealed.rows).toEqual(plain.rows);

    const bytes = readFileSync(join(out, 'sealed.engram'));
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(bytes.includes(Buffer.from('flowerpot'))).toBe(false);
    expect(bytes.includes(Buffer.from('Lisbon'))).toBe(false);
    expect(bytes.includes(Buffer.from('engram-export'))).toBe(false);
    expect(readFileSync(join(out, 'plain.json'), 'utf8')).toContain('flowerpot');
    expect(isSealedFile(join(out, 'sealed.engram'))).toBe(true);

    const { engine: empty } = openTestEngine({ clock: new ManualClock() });
    const summary = await runImport(empty, join(out, 'sealed.engram'), { format: 'engram-export', passphrase: PASSPHRASE });
    expect(summary.restored?.nodes).toBe(plain.rows.nodes);
    expect((await empty.search({ query: 'spare key flowerpot' })).hits[0]?.node.content).toBe(SECRET);

    // It verifies against its fingerprint once opened; without the passphrase verify asks for it.
    expect((await verifySealedExport(join(out, 'sealed.engram'), PASSPHRASE)).report.ok).toBe(true);
    expect(() => verifyFile(join(out, 'sealed.engram'))).toThrow(expect.objectContaining({ code: 'key_unavailable' }));
  });

  it('a wrong or missing passphrase is a typed error and nothing is written', async () => {
    const engine = await memoryWithSecret();
    const out = makeTempDir();
    await exportJson(engine, join(out, 'sealed.engram'), { passphrase: PASSPHRASE });
    const { engine: target } = openTestEngine({ clock: new ManualClock() });
    const before = nodeCount(target);

    const wrong = await rejection(runImport(target, join(out, 'sealed.engram'), { format: 'engram-export', passphrase: 'not the passphrase' }));
    expect(wrong.code).toBe('key_unavailable');
    expect(wrong.message).toContain('passphrase');
    const missing = await rejection(runImport(target, join(out, 'sealed.engram'), { format: 'engram-export' }));
    expect(missing.code).toBe('key_unavailable');
    const preview = await rejection(runImport(target, join(out, 'sealed.engram'), { format: 'engram-export', preview: true, passphrase: 'wrong again!' }));
    expect(preview.code).toBe('key_unavailable');
    expect(nodeCount(target)).toBe(before);

    // Detection never loads an export by itself, sealed or not.
    const auto = await rejection(runImport(target, join(out, 'sealed.engram'), { passphrase: PASSPHRASE }));
    expect(auto.code).toBe('invalid_input');
    expect(auto.message).toContain('engram-export');
    expect(nodeCount(target)).toBe(before);
  });

  it('a file cut short or changed anywhere is refused and nothing is written', async () => {
    const engine = await memoryWithSecret();
    const out = makeTempDir();
    await exportJson(engine, join(out, 'sealed.engram'), { passphrase: PASSPHRASE });
    const whole = readFileSync(join(out, 'sealed.engram'));
    const { engine: target } = openTestEngine({ clock: new ManualClock() });
    const before = nodeCount(target);
    const variants: Record<string, Buffer> = {
      'last byte cut': whole.subarray(0, whole.length - 1),
      'only the header': whole.subarray(0, SEALED_HEADER_BYTES),
      'a body byte flipped': flipped(whole, SEALED_HEADER_BYTES + 5),
      'a salt byte flipped': flipped(whole, 30),
      'a byte appended': Buffer.concat([whole, Buffer.from([0])]),
    };
    for (const [what, bytes] of Object.entries(variants)) {
      const path = join(out, `${what.replace(/ /g, '-')}.engram`);
      writeFileSync(path, bytes);
      const err = await rejection(runImport(target, path, { format: 'engram-export', passphrase: PASSPHRASE }));
      expect(['invalid_input', 'key_unavailable'], what).toContain(err.code);
    }
    expect(nodeCount(target)).toBe(before);
  });

  it('framing: chunks dropped, swapped or cut at a chunk boundary do not open; every size round-trips', async () => {
    for (const size of [0, 1, 63, 64, 65, 640, 1000]) {
      const sealer = await ExportSealer.create(PASSPHRASE, { chunkBytes: 64, cost: CHEAP });
      const plain = Buffer.from(Array.from({ length: size }, (_, i) => i % 251));
      const file = Buffer.concat([sealer.headerBytes(), sealer.push(plain.subarray(0, size >> 1)), sealer.push(plain.subarray(size >> 1)), sealer.finish()]);
      expect((await openSealed(file, PASSPHRASE, 'x')).equals(plain), `size ${size}`).toBe(true);
    }
    const sealer = await ExportSealer.create(PASSPHRASE, { chunkBytes: 64, cost: CHEAP });
    const file = Buffer.concat([sealer.headerBytes(), sealer.push(Buffer.alloc(300, 7)), sealer.finish()]);
    const chunk = 64 + 16;
    const body = file.subarray(SEALED_HEADER_BYTES);
    const header = file.subarray(0, SEALED_HEADER_BYTES);
    const cutAtBoundary = Buffer.concat([header, body.subarray(0, chunk * 3)]);
    const swapped = Buffer.concat([header, body.subarray(chunk, chunk * 2), body.subarray(0, chunk), body.subarray(chunk * 2)]);
    const dropped = Buffer.concat([header, body.subarray(0, chunk), body.subarray(chunk * 2)]);
    for (const bad of [cutAtBoundary, swapped, dropped]) await expect(openSealed(bad, PASSPHRASE, 'x')).rejects.toBeInstanceOf(AppError);
    await expect(openSealed(cutAtBoundary, PASSPHRASE, 'x')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(openSealed(file, 'another passphrase', 'x')).rejects.toMatchObject({ code: 'key_unavailable' });
  });

  it('a passphrase shorter than 8 characters is refused before any file is made', async () => {
    const engine = await memoryWithSecret();
    const path = join(makeTempDir(), 'short.engram');
    const err = await rejection(exportJson(engine, path, { passphrase: 'short' }));
    expect(err.code).toBe('invalid_input');
    expect(existsSync(path)).toBe(false);
  });
});
