// Issue 27: an existing plaintext memory is converted on request, crash-safely: SIGKILL at any step leaves a
// memory that opens with everything in it (the plaintext until the verified encrypted copy has replaced it),
// and running the conversion again finishes the job.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { databasePath } from '../../src-main/memory/paths';
import { databaseFileState } from '../../src-main/storage/driver';
import { encryptMemoryFile, type ConversionStep } from '../../src-main/storage/encrypt-file';
import { runUntilKilled } from '../helpers/kill-child';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

async function plaintextMemory(): Promise<{ dir: string; ids: string[] }> {
  const dir = makeTempDir();
  const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false, encryption: { plaintext: true } });
  const ids = Array.from({ length: 40 }, (_, i) => engine.recordEpisode({ content: `plaintext note ${i} about the harbour`, sessionId: 's1', role: 'user' }));
  await engine.drainSlowPath();
  await engine.close();
  expect(databaseFileState(databasePath(dir))).toBe('plaintext');
  return { dir, ids };
}

/** Opens the memory as the app would next time and checks every note is there. */
async function expectWhole(dir: string, ids: string[]): Promise<void> {
  const engine = MemoryEngine.open({ dataDir: dir, logger: new CollectingLogger(), startSlowPath: false });
  try {
    for (const id of ids) expect(engine.getNode(id).node.content).toMatch(/plaintext note \d+ about the harbour/);
  } finally {
    await engine.close();
  }
}

describe('converting a plaintext memory', () => {
  it('encrypts it, keeps every row, and leaves no plaintext copy behind', async () => {
    const { dir, ids } = await plaintextMemory();
    const report = encryptMemoryFile(databasePath(dir));
    expect(report.outcome).toBe('encrypted');
    expect(report.tablesCompared).toBeGreaterThan(5);
    expect(databaseFileState(databasePath(dir))).toBe('encrypted');
    expect(readdirSync(dir).filter((n) => /\.(plaintext|encrypting)/.test(n))).toEqual([]);
    await expectWhole(dir, ids);
    expect(encryptMemoryFile(databasePath(dir)).outcome).toBe('already');
  });

  const steps: ConversionStep[] = ['copied', 'encrypted', 'verified', 'kept', 'swapped'];
  it.each(steps)('SIGKILL at "%s" leaves a usable memory, and a second run finishes', async (step) => {
    const { dir, ids } = await plaintextMemory();
    await runUntilKilled(join(__dirname, 'convert-until-killed.ts'), [dir, step], (line) => line === `at ${step}`);
    // Before the swap the plaintext is untouched; after it, the verified encrypted memory is in place.
    expect(databaseFileState(databasePath(dir))).toBe(step === 'swapped' ? 'encrypted' : 'plaintext');
    await expectWhole(dir, ids);
    // Opening the encrypted memory removed the plaintext the killed run kept.
    if (step === 'swapped') expect(existsSync(`${databasePath(dir)}.plaintext`)).toBe(false);
    encryptMemoryFile(databasePath(dir));
    expect(databaseFileState(databasePath(dir))).toBe('encrypted');
    expect(readdirSync(dir).filter((n) => /\.(plaintext|encrypting)/.test(n))).toEqual([]);
    await expectWhole(dir, ids);
  }, 60_000);
});
