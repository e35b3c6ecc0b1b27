import { chmodSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src-main/memory/engine';
import { makeTempDir } from '../helpers/temp-engine';

const mode = (path: string) => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('file modes of the memory', () => {
  it('the data folder is 0700 and the database files 0600, on every open', async () => {
    const parent = makeTempDir();
    const dir = join(parent, 'engram');
    const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    engine.recordEpisode({ content: 'A private thought', sessionId: 's', role: 'user' });
    await engine.flush();
    expect(mode(dir)).toBe(0o700);
    for (const file of ['engram.db', 'engram.db-wal', 'engram.db-shm']) {
      expect(existsSync(join(dir, file))).toBe(true);
      expect(mode(join(dir, file))).toBe(0o600);
    }
    await engine.close();
    // A copy restored with loose modes is tightened when it is opened again.
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'engram.db'), 0o644);
    const again = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'engram.db'))).toBe(0o600);
    await again.close();
  });
});
