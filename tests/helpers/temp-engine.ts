import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { MemoryEngine, type MemoryEngineOptions } from '../../src-main/memory/engine';
import type { Clock, Logger } from '../../src-shared/clock';

/** A fresh temp folder per test, removed afterwards. */
export function makeTempDir(prefix = 'engram-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(public t = Date.parse('2026-01-05T10:00:00Z')) {}
  now(): number {
    return this.t;
  }
  advanceDays(days: number): void {
    this.t += days * 86_400_000;
  }
}

export class CollectingLogger implements Logger {
  readonly warnings: string[] = [];
  readonly errors: string[] = [];
  warn(m: string): void {
    this.warnings.push(m);
  }
  error(m: string, cause?: unknown): void {
    this.errors.push(`${m}${cause ? `: ${String(cause)}` : ''}`);
  }
}

/** Open an engine on a real SQLite file in a temp dir; closed after the test. */
export function openTestEngine(options: Partial<MemoryEngineOptions> = {}): { engine: MemoryEngine; dir: string; logger: CollectingLogger } {
  const dir = options.dataDir ?? makeTempDir();
  const logger = new CollectingLogger();
  const engine = MemoryEngine.open({ dataDir: dir, logger, ...options });
  cleanups.push(() => engine.close());
  return { engine, dir, logger };
}
