/**
 * Preloaded (`--import`) into a CLI child by fault tests: loads the CLI's modules (main's own, plus those named
 * in ENGRAM_TEST_CLI_MODULES, paths under src-main/), says so with a file, then holds the command back until
 * the test creates `go`. A TypeScript start takes seconds on a busy machine; gated, every command meets the
 * foreign lock the test takes just before `go`, instead of starting after it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const gate = process.env.ENGRAM_TEST_CLI_GATE;
if (gate) {
  const src = join(import.meta.dirname, '..', '..', 'src-main');
  const extra = (process.env.ENGRAM_TEST_CLI_MODULES ?? '').split(',').filter(Boolean);
  await Promise.all(['cli/commands.ts', 'cli/open-engine.ts', ...extra].map((m) => import(join(src, m))));
  writeFileSync(join(gate, `ready-${process.pid}`), '');
  while (!existsSync(join(gate, 'go'))) await new Promise((resolve) => setTimeout(resolve, 20));
}
