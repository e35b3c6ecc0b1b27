/** A tiny random-weight GGUF in a temp dir, for tests that drive the real node-llama-cpp path. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTinyGguf, type TinyGgufOptions } from '../../scripts/make-tiny-gguf';

export function tinyModelFile(options: TinyGgufOptions = {}): { dir: string; path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'engram-tiny-gguf-'));
  const path = writeTinyGguf(join(dir, 'tiny.gguf'), options);
  return { dir, path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
