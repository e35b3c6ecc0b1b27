/** Re-import of Engram's own JSON export (export/json.ts): validated, then loaded through the engine. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { MemoryEngine } from '../memory/engine';
import { SCHEMA_VERSION as LATEST_VERSION } from '../memory/stores';
import { AppError } from '../../src-shared/errors';
import { SNAPSHOT_TABLES } from '../memory/snapshot';

const cell = z.union([z.string(), z.number(), z.null()]);
const row = z.record(z.string(), cell);

const exportSchema = z.object({
  format: z.literal('engram-export'),
  version: z.literal(1),
  schemaVersion: z.number().int().min(1),
  tables: z.object(Object.fromEntries(SNAPSHOT_TABLES.map((t) => [t, z.array(row).optional()]))),
  vectors: z
    .object({
      model: z.string().nullable(),
      dimensions: z.number().int().positive(),
      nodes: z.array(z.tuple([z.string(), z.string()])),
      entities: z.array(z.tuple([z.string(), z.string()])),
    })
    .optional(),
});

/** Loads an export file; returns rows added per table. */
export async function importSnapshotFile(engine: MemoryEngine, path: string): Promise<Record<string, number>> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new AppError('invalid_input', `The Engram export could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = exportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('invalid_input', `Not a valid Engram export: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown problem'}`);
  }
  if (parsed.data.schemaVersion > LATEST_VERSION) {
    throw new AppError('invalid_input', `This export was made by a newer Engram (schema ${parsed.data.schemaVersion}, this one knows ${LATEST_VERSION}). Update Engram to import it.`);
  }
  await engine.flush();
  return engine.loadSnapshot({ tables: parsed.data.tables, vectors: parsed.data.vectors });
}
