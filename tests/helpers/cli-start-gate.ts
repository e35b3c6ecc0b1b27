/**
 * Preloaded (`--import`) into a CLI child by fault tests: loads the CLI's modules, says so with a file, then
 * holds the command back until the test creates `go`. A TypeScript start takes seconds on a busy machine;
 * gated, every command meets the foreign lock the test takes just before `go`, instead of starting after it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const gate = process.env.ENGRAM_TEST_CLI_GATE;
if (gate) {
  const cli = join(import.meta.dirname, '..', '..', 'src-main', 'cli');
  const mcp = join(import.meta.dirname, '..', '..', 'src-main', 'mcp', 'stdio.ts');
  const modules = ['commands.ts', 'read-commands.ts', 'consolidate.ts', 'data-commands.ts', 'eval-context.ts', 'open-engine.ts'].map((m) => join(cli, m));
  await Promise.all([...modules, mcp].map((m) => import(m)));
  writeFileSync(join(gate, `ready-${process.pid}`), '');
  while (!existsSync(join(gate, 'go'))) await new Promise((resolve) => setTimeout(resolve, 20));
}
