/** The app host points the built-in provider at the data folder's models/, for chat and browser mode alike. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinModelsDir, resolveBuiltinModel } from '../../src-main/llm/builtin/registry';
import { openTestHost } from '../helpers/app-host';

const savedCatalogFile = process.env.ENGRAM_MODEL_CATALOG_FILE;
afterEach(() => {
  if (savedCatalogFile === undefined) delete process.env.ENGRAM_MODEL_CATALOG_FILE;
  else process.env.ENGRAM_MODEL_CATALOG_FILE = savedCatalogFile;
});

describe('built-in models wiring', () => {
  it('resolves the built-in provider models under the data folder', async () => {
    const t = openTestHost();
    expect(builtinModelsDir()).toBe(join(t.dir, 'models'));
    expect(resolveBuiltinModel('qwen2.5-1.5b-instruct')).toBe(join(t.dir, 'models', 'qwen2.5-1.5b-instruct-q4_k_m.gguf'));
    await t.host.close();
  });

  it('takes its catalog from ENGRAM_MODEL_CATALOG_FILE (tests, mirrors) and refuses a bad one by name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-catalog-'));
    const file = join(dir, 'catalog.json');
    const entry = { id: 'tiny', label: 'Tiny', file: 'tiny-x.gguf', bytes: 10, ramBytes: 10, licence: 'MIT', url: 'https://example.invalid/tiny-x.gguf', sha256: 'a'.repeat(64), recommendedFromRamBytes: 0 };
    writeFileSync(file, JSON.stringify([entry]));
    process.env.ENGRAM_MODEL_CATALOG_FILE = file;
    const t = openTestHost();
    expect(t.host.models.catalog().models.map((m) => m.id)).toEqual(['tiny']);
    expect(resolveBuiltinModel('tiny')).toBe(join(t.dir, 'models', 'tiny-x.gguf'));
    writeFileSync(file, JSON.stringify([{ ...entry, sha256: 'short' }]));
    expect(() => openTestHost()).toThrow(/ENGRAM_MODEL_CATALOG_FILE .*sha256/);
  });
});
