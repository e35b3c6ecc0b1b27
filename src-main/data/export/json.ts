/**
 * The lossless JSON export: every node (with its rowid), edge, entity, link, memory session, write-path run,
 * chat, message, stored context pack, proposal waiting for review (or decided) and setting (secrets left out), plus the vectors and the embedder they
 * were made with, and the memory's fingerprint (Merkle root and leaves). Written row by row to the file, so the export's size is not bounded by memory.
 * `import` of this file into an empty data folder rebuilds the same graph with the same ids.
 */
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { isHashedTable, type MemoryEngine, SCHEMA_VERSION as LATEST_VERSION, SNAPSHOT_TABLES, SubsetTree } from '../../memory';
import { PRIVATE_FILE_MODE, refuseExisting } from './target';
import { SpaceExportFilter } from './space-filter';
import { ExportSealer } from './sealed';

export const EXPORT_FORMAT = 'engram-export';
export const EXPORT_VERSION = 1;

export interface JsonExportResult {
  path: string;
  rows: Record<string, number>;
  vectors: number;
}

/**
 * `spaceId`: only that space's rows (space-filter.ts); absent: the whole memory. `passphrase`: the file is sealed
 * with it (sealed.ts), so no byte of it is readable without the passphrase.
 */
export async function exportJson(engine: MemoryEngine, path: string, options: { exportedAt?: number; spaceId?: string; passphrase?: string } = {}): Promise<JsonExportResult> {
  if (options.spaceId !== undefined) engine.getSpace(options.spaceId); // an unknown space fails before a file is made
  refuseExisting(path);
  // The key is derived (and a short passphrase refused) before a file is made.
  const sealer = options.passphrase === undefined ? null : await ExportSealer.create(options.passphrase);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Only the person may read their memory: 0600, and 'wx' so a file that appeared meanwhile is never overwritten.
  const out = createWriteStream(path, { encoding: 'utf8', mode: PRIVATE_FILE_MODE, flags: 'wx' });
  // A write that fails (a full disk) is kept and thrown at the next write, never an unhandled 'error' event.
  let failure: Error | null = null;
  out.on('error', (err) => (failure ??= err));
  const writeBytes = async (bytes: string | Buffer): Promise<void> => {
    if (failure) throw failure;
    if (bytes.length > 0 && !out.write(bytes)) await once(out, 'drain');
  };
  const write = (text: string): Promise<void> => writeBytes(sealer ? sealer.push(text) : text);
  const rows: Record<string, number> = {};
  let vectors = 0;
  let opened = false;
  try {
    await engine.withReadSnapshot(async (reader) => {
      // The snapshot is taken first (what was recorded before the export began, nothing after); opening the
      // file fails here, as a rejection, rather than as an unhandled 'error' event later.
      await once(out, 'open');
      opened = true;
      if (sealer) await writeBytes(sealer.headerBytes());
      const lock = engine.vectorLockInfo;
      const only = options.spaceId === undefined ? null : new SpaceExportFilter(options.spaceId, reader);
      // One space's rows: its fingerprint is the tree of those rows alone (the memory's would name the rest missing).
      const kept = new Set<string>();
      // "format" first: the importer recognises the file from its first bytes.
      await write(`{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"schemaVersion":${LATEST_VERSION},`);
      await write(`"exportedAt":${JSON.stringify(new Date(options.exportedAt ?? engine.clock.now()).toISOString())},\n"tables":{`);
      let firstTable = true;
      for (const table of SNAPSHOT_TABLES) {
        await write(`${firstTable ? '' : ','}\n${JSON.stringify(table)}:[`);
        firstTable = false;
        let n = 0;
        for (const row of reader.rows(table)) {
          if (only && !only.keep(table, row)) continue;
          if (only && isHashedTable(table)) kept.add(`${table}\u0000${String(row.id)}`);
          await write(`${n++ === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`);
        }
        rows[table] = n;
        await write(']');
      }
      await write(`},\n"vectors":{"model":${JSON.stringify(lock.model)},"dimensions":${lock.dimensions}`);
      for (const kind of ['nodes', 'entities'] as const) {
        await write(`,${JSON.stringify(kind)}:[`);
        let n = 0;
        for (const pair of reader.vectors(kind)) {
          if (only && !only.keepVector(kind, pair[0])) continue;
          await write(`${n++ === 0 ? '\n' : ',\n'}${JSON.stringify(pair)}`);
        }
        vectors += n;
        await write(']');
      }
      await write('}');
      // The fingerprint of this same snapshot: `cli verify` checks the rows above against it.
      const tree = reader.merkle();
      if (tree && !only) {
        await write(`,\n"merkle":{"root":${JSON.stringify(tree.root)},"leaves":[`);
        let n = 0;
        for (const leaf of tree.leaves) await write(`${n++ === 0 ? '\n' : ',\n'}${JSON.stringify(leaf)}`);
        await write(']}');
      } else if (tree) {
        // The leaves first, folded as they are written; the root of those leaves after them.
        const subset = new SubsetTree();
        await write(`,\n"merkle":{"leaves":[`);
        let n = 0;
        for (const leaf of tree.leaves) {
          if (!kept.has(`${leaf[0]}\u0000${leaf[1]}`)) continue;
          subset.add(leaf);
          await write(`${n++ === 0 ? '\n' : ',\n'}${JSON.stringify(leaf)}`);
        }
        await write(`],"root":${JSON.stringify(subset.root())}}`);
      }
      await write('}\n');
      if (sealer) await writeBytes(sealer.finish());
    });
  } catch (err) {
    // A half-written export is not an export: the file is ours ('wx'), so it goes.
    out.destroy();
    if (!out.closed) await once(out, 'close');
    if (opened) rmSync(path, { force: true });
    throw err;
  } finally {
    if (!out.destroyed) {
      out.end();
      await once(out, 'close');
    }
  }
  return { path, rows, vectors };
}
