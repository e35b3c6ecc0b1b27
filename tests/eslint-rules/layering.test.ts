import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, so the test checks the real layer map, not a copy of it.
const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;
// The same map with one made-up temporary allowance, so these tests do not depend on today's list (which shrinks).
let withAllowance: ESLint;
const allowed = { from: 'src-main/writepath/allowed-example.ts', to: ['src-main/memory/repo/nodes'] };

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  const config = (await eslint.calculateConfigForFile(`${root}src-main/memory/engine.ts`)) as { rules: Record<string, [unknown, object]> };
  const options = { ...config.rules['local/layering']?.[1], allowances: [allowed] };
  withAllowance = new ESLint({
    cwd: root,
    overrideConfig: { rules: { 'local/layering': ['error', options], 'local/layering-unused-allowance': ['warn', options] } },
  });
});

/** The messages of one rule for `code` linted as if it were the file at `path` (repository-relative; it need not exist). */
async function messagesOf(rule: string, path: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const layering = (path: string, code: string): Promise<string[]> => messagesOf('local/layering', path, code);

describe('the layering lint', () => {
  it('refuses an upward import: storage importing the engine', async () => {
    const messages = await layering('src-main/storage/example.ts', "import { MemoryEngine } from '../memory/engine';\nexport const engine = MemoryEngine;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src-main/storage may not import src-main/memory/engine');
    expect(messages[0]).toContain('src-main/storage may import: src-shared, src-main/resource-paths');
  });

  it('lets each layer import the layers below it', async () => {
    expect(await layering('src-main/storage/example.ts', "import { systemClock } from '../../src-shared/clock';\nexport const clock = systemClock;\n")).toEqual([]);
    expect(await layering('src-main/memory/example.ts', "import { openDatabase } from '../storage/open';\nexport const open = openDatabase;\n")).toEqual([]);
    expect(await layering('src-main/chat/example.ts', "import { contentSchema } from '../memory';\nexport const schema = contentSchema;\n")).toEqual([]);
  });

  it('refuses a runtime import from main in the renderer, and accepts a type import', async () => {
    const runtime = await layering(
      'src-renderer/src/example.ts',
      "import { MemoryEngine } from '../../src-main/memory';\nexport const engine = MemoryEngine;\n",
    );
    expect(runtime).toEqual([
      expect.stringContaining('src-renderer may import only types from src-main/memory: write `import type`'),
    ]);
    // `import { type X }` keeps a runtime import under verbatimModuleSyntax, so it is refused too.
    expect(await layering('src-renderer/src/example.ts', "import { type InspectorOverview } from '../../src-main/memory';\nexport type M = InspectorOverview;\n")).toHaveLength(1);
    expect(await layering('src-renderer/src/example.ts', "import type { InspectorOverview } from '../../src-main/memory/index';\nexport type M = InspectorOverview;\n")).toEqual([]);
    expect(await layering('src-renderer/src/example.ts', "import { decayCurve } from '../../src-shared/decay';\nexport const curve = decayCurve;\n")).toEqual([]);
  });

  it('keeps src-shared free of main, packages and Node built-ins', async () => {
    const messages = await layering(
      'src-shared/example.ts',
      "import { readFileSync } from 'node:fs';\nimport { MemoryEngine } from '../src-main/memory/engine';\nexport const both = [readFileSync, MemoryEngine];\n",
    );
    expect(messages).toEqual([
      expect.stringContaining('src-shared imports nothing outside itself'),
      expect.stringContaining('src-shared may not import src-main/memory/engine'),
    ]);
  });

  it("keeps memory's repositories private to memory, except the listed temporary allowances", async () => {
    const code = "import { getNodes } from '../memory/repo/nodes';\nexport const get = getNodes;\n";
    expect(await layering('src-main/chat/example.ts', code)).toEqual([
      expect.stringContaining('src-main/memory/repo/nodes is private to src-main/memory'),
    ]);
    expect(await layering('src-main/memory/example.ts', "import { getNodes } from './repo/nodes';\nexport const get = getNodes;\n")).toEqual([]);
    expect(await messagesOf('local/layering', allowed.from, code, withAllowance)).toEqual([]);
    expect(await messagesOf('local/layering', 'src-main/writepath/example.ts', code, withAllowance)).toHaveLength(1);
  });

  it('lets code outside memory/ in through its one door, memory/index.ts, and nowhere else', async () => {
    for (const file of ['src-main/chat/example.ts', 'src-main/data/example.ts', 'src-main/host/example.ts']) {
      expect(await layering(file, "import { contentSchema } from '../memory/schemas';\nexport const schema = contentSchema;\n")).toEqual([
        expect.stringContaining('src-main/memory/schemas is private to src-main/memory: import it from src-main/memory/index.ts'),
      ]);
    }
    expect(await layering('src-main/data/example.ts', "export { SNAPSHOT_TABLES } from '../memory/snapshot';\n")).toHaveLength(1);
    expect(await layering('src-renderer/src/example.ts', "import type { NodeDetail } from '../../src-main/memory/queries';\nexport type D = NodeDetail;\n")).toHaveLength(1);
    expect(await layering('src-main/data/example.ts', "import { SNAPSHOT_TABLES } from '../memory/index';\nexport const t = SNAPSHOT_TABLES;\n")).toEqual([]);
    // Inside memory/ its modules import each other freely.
    expect(await layering('src-main/memory/example.ts', "import { contentSchema } from './schemas';\nexport const schema = contentSchema;\n")).toEqual([]);
  });

  it("sends the write path and the chat through their memory port, not the engine's class", async () => {
    const code = "import type { MemoryEngine } from '../memory';\nexport type E = MemoryEngine;\n";
    expect(await layering('src-main/writepath/example.ts', code)).toEqual([
      expect.stringContaining('In src-main/writepath only src-main/writepath/memory-port.ts imports MemoryEngine (src-main/memory)'),
    ]);
    expect(await layering('src-main/chat/example.ts', "import * as memory from '../memory';\nexport const m = memory;\n")).toHaveLength(1);
    expect(await layering('src-main/chat/example.ts', "import { MemoryError } from '../memory';\nexport const E = MemoryError;\n")).toEqual([]);
    expect(await layering('src-main/chat/example.ts', code)).toHaveLength(1);
    expect(await layering('src-main/writepath/memory-port.ts', code)).toEqual([]);
    expect(await layering('src-main/chat/memory-port.ts', code)).toEqual([]);
  });

  it('warns when a temporary allowance is no longer used', async () => {
    const stillNeeded = "import { getNodes } from '../memory/repo/nodes';\nexport const get = getNodes;\n";
    expect(await messagesOf('local/layering-unused-allowance', allowed.from, stillNeeded, withAllowance)).toEqual([]);
    const fixed = "import { MemoryEngine } from '../memory/engine';\nexport const engine = MemoryEngine;\n";
    expect(await messagesOf('local/layering-unused-allowance', allowed.from, fixed, withAllowance)).toEqual([
      expect.stringContaining('allowance src-main/writepath/allowed-example.ts → src-main/memory/repo/nodes is no longer used'),
    ]);
  });

  it('lets the preload bundle the contract and nothing else of main', async () => {
    expect(await layering('src-preload/example.ts', "import { apiCalls } from '../src-main/api/contract';\nexport const calls = apiCalls;\n")).toEqual([]);
    expect(await layering('src-preload/example.ts', "import { handlers } from '../src-main/api/handlers';\nexport const h = handlers;\n")).toEqual([
      expect.stringContaining('src-preload may not import src-main/api/handlers'),
    ]);
  });

  it('refuses a folder that is not in the map', async () => {
    const messages = await layering('src-main/elsewhere/example.ts', "import { systemClock } from '../../src-shared/clock';\nexport const clock = systemClock;\n");
    expect(messages).toEqual([expect.stringContaining('src-main/elsewhere/example.ts is in no layer')]);
  });
});
