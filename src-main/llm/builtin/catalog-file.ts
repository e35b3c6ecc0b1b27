/**
 * `ENGRAM_MODEL_CATALOG_FILE`: a JSON catalog used instead of the built-in one, for tests and for mirrors that
 * serve other files. Validated like any input: a bad file stops the start with a message naming the file.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../../../src-shared/errors';
import { MODEL_CATALOG, type CatalogEntry } from './catalog';

const entrySchema = z
  .object({
    id: z.string().min(1).max(200),
    label: z.string().min(1).max(200),
    file: z.string().regex(/^[\w.-]+\.gguf$/, 'file must be a plain .gguf file name'),
    bytes: z.number().int().positive(),
    ramBytes: z.number().int().positive(),
    licence: z.string().min(1).max(200),
    url: z.string().url(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits'),
    recommendedFromRamBytes: z.number().int().min(0),
  })
  .strict();
const catalogSchema = z.array(entrySchema).min(1);

/** The catalog the app offers: the file named by the env var, or the built-in one. */
export function modelCatalogFromEnv(env: NodeJS.ProcessEnv): readonly CatalogEntry[] {
  const file = env.ENGRAM_MODEL_CATALOG_FILE?.trim();
  return file ? loadCatalogFile(file) : MODEL_CATALOG;
}

export function loadCatalogFile(file: string): CatalogEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new AppError('invalid_input', `ENGRAM_MODEL_CATALOG_FILE ${file} could not be read as JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = catalogSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError('invalid_input', `ENGRAM_MODEL_CATALOG_FILE ${file} is not a model catalog: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
