/**
 * Re-import of Engram's own JSON export (export/json.ts): validated as a whole, then each row by the engine
 * (memory/snapshot.ts), which only adds and never loads settings. A preview runs the same load and rolls it back.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { describeFindings, type MemoryEngine, SCHEMA_VERSION as LATEST_VERSION, SNAPSHOT_TABLES, type SnapshotLoad, verifyExportData } from '../memory';
import { AppError } from '../../src-shared/errors';
import type { ExportFingerprintCheck, RejectedRows } from '../../src-shared/import-source';
import { isSealed, openSealed } from './export/sealed';

/**
 * The largest export read: it is parsed whole, which takes several times its size in memory, and V8 cannot
 * hold a string much longer than this anyway.
 */
export const MAX_SNAPSHOT_BYTES = 400 * 1024 * 1024;

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

/**
 * The text of an export file: read as it is, or opened with `passphrase` when it is sealed (export/sealed.ts).
 * A sealed file without its passphrase, or with a wrong one, is a typed error before anything is parsed.
 */
export async function readExportText(path: string, passphrase: string | undefined): Promise<string> {
  const bytes = statSync(path).size;
  if (bytes > MAX_SNAPSHOT_BYTES) {
    throw new AppError('invalid_input', `This Engram export is ${Math.round(bytes / 1_048_576)} MB; Engram re-imports exports up to ${MAX_SNAPSHOT_BYTES / 1_048_576} MB. Restore a backup instead.`);
  }
  const file = readFileSync(path);
  return (isSealed(file) ? await openSealed(file, passphrase, basename(path)) : file).toString('utf8');
}

/** Loads an export file (or, with `preview`, finds what loading it would add and refuse). */
export async function importSnapshotFile(
  engine: MemoryEngine,
  path: string,
  options: { preview?: boolean; spaceId?: string; passphrase?: string } = {},
): Promise<Omit<SnapshotLoad, 'needVectors' | 'addedNodeIds'> & { fingerprint: ExportFingerprintCheck }> {
  const text = await readExportText(path, options.passphrase);
  let value: unknown;
  try {
    value = JSON.parse(text);
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
  const fingerprint = fingerprintOf(value as { tables: Record<string, unknown>; merkle?: unknown }, basename(path));
  await engine.flush();
  const data = { tables: parsed.data.tables, vectors: parsed.data.vectors, spaceId: options.spaceId };
  const load = options.preview ? engine.previewSnapshot(data) : engine.loadSnapshot(data);
  return { added: load.added, alreadyThere: load.alreadyThere, rejected: [...load.rejected, ...unknownTables(value)], settled: load.settled, fingerprint };
}

/**
 * The file against the fingerprint written with it (what `verify` checks): an export edited after it was written
 * (a fact's words or dates changed, a row added) is said to be so before and after it is applied.
 */
function fingerprintOf(doc: { tables: Record<string, unknown>; merkle?: unknown }, name: string): ExportFingerprintCheck {
  if (doc.merkle === undefined || doc.merkle === null) return { state: 'none', rows: 0, examples: [] };
  try {
    const report = verifyExportData(doc.tables, doc.merkle, name);
    if (report.ok) return { state: 'matches', rows: 0, examples: [] };
    return { state: 'changed', rows: Math.max(1, report.findings.length), examples: describeFindings(report, 3) };
  } catch {
    // A fingerprint that is not one (malformed) proves nothing about the rows.
    return { state: 'changed', rows: 0, examples: ['its fingerprint is not one Engram wrote'] };
  }
}

/** Tables the export holds that Engram never imports (the schema drops them): reported, not left out silently. */
function unknownTables(value: unknown): RejectedRows[] {
  const tables = (value as { tables: Record<string, unknown> }).tables;
  return Object.entries(tables)
    .filter(([name]) => !(SNAPSHOT_TABLES as readonly string[]).includes(name))
    .map(([name, rows]) => ({
      table: name,
      reason: 'not a table Engram imports (left out)',
      count: Array.isArray(rows) ? rows.length : 0,
      example: name,
    }));
}
