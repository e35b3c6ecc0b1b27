/**
 * Compiles the WebAssembly kernels (src-main/**.wat) into TypeScript modules that hold their bytes, so the
 * engine needs no file beside its bundle and no compiler at run time. `npx tsx scripts/build-wasm.ts`
 * rewrites them; tests/memory/hamming-kernel.test.ts fails when a committed module differs from its source.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import wabt from 'wabt';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const KERNELS = ['src-main/memory/hamming-kernel.wat'];

/** The TypeScript module for one .wat file: its compiled bytes as base64. */
export async function kernelModuleSource(watPath: string): Promise<string> {
  const compiler = await wabt();
  const parsed = compiler.parseWat(basename(watPath), readFileSync(watPath, 'utf8'));
  try {
    parsed.validate();
    const { buffer } = parsed.toBinary({ log: false, write_debug_names: false });
    const base64 = Buffer.from(buffer).toString('base64');
    const lines = base64.match(/.{1,100}/g) ?? [];
    return [
      `// Generated from ${basename(watPath)} by scripts/build-wasm.ts: edit the .wat and run it again.`,
      'export const WASM_BASE64 =',
      lines.map((l) => `  '${l}'`).join(' +\n') + ';',
      '',
    ].join('\n');
  } finally {
    parsed.destroy();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const wat of KERNELS) {
    const out = `${ROOT}${wat.replace(/\.wat$/, '.ts')}`;
    writeFileSync(out, await kernelModuleSource(`${ROOT}${wat}`));
    console.log(`wrote ${out}`);
  }
}
