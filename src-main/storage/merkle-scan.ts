/**
 * The rows of a memory database, hashed for verify, in one streaming pass per table.
 *
 * Most of a verify's time went into handing every field of every row to JS as a value of its own (twelve per
 * fact) only to serialise them again for hashing. SQLite writes the same canonical text itself: json_array of
 * the meaningful fields is, for text, integers and NULL, exactly the JSON.stringify of rowContentHash
 * (content-hash.ts). So the scan reads one string per row and hashes it in JS; the file still computes none of
 * its own hashes.
 *
 * A row that does not hash to its stored content_hash that way is read field by field and hashed exactly as
 * rowContentHash does, and that is the hash verify uses: where the two serialisations could ever disagree
 * (reals, blobs, integers beyond 2^53, text that is not valid UTF-8) the text differs, the stored hash does not
 * match, and the row takes the reference path. Rows holding a real or a blob go there straight away. A match
 * through SQLite's text is a match of the reference: equal JSON text decodes to equal values.
 */
import type { Database, Statement } from 'better-sqlite3';
import { HASHED_FIELDS, HASHED_TABLES, type HashedTable, rowContentHash, sha256Hex, type SqlValue } from './content-hash';
import type { PreviewLookup, RowDigest } from './tree-check';

/** A row's preview column: a fact's text, an entity's name, an edge's predicate. */
const PREVIEW_FIELD: Record<HashedTable, string> = { nodes: 'content', entities: 'canonical_name', edges: 'predicate' };
const PREVIEW_CHARS = 80;

const previewText = (value: SqlValue | undefined): string | null => (typeof value === 'string' ? value.slice(0, PREVIEW_CHARS) : null);

/** json_array of the row's meaningful fields, or NULL when one holds a real or a blob (their JSON is not JS's). */
function canonicalTextSql(table: HashedTable): string {
  const fields = HASHED_FIELDS[table];
  const exotic = fields.map((f) => `typeof(${f}) IN ('real', 'blob')`).join(' OR ');
  return `CASE WHEN ${exotic} THEN NULL ELSE json_array('${table}', ${fields.join(', ')}) END`;
}

/** Every row of the hashed tables, hashed; previews are left to `previewLookup` (rowid as the handle). */
export function* rowDigestsOf(db: Database): Generator<RowDigest> {
  for (const table of HASHED_TABLES) {
    const fields = HASHED_FIELDS[table];
    const shownAt = fields.indexOf(PREVIEW_FIELD[table]);
    let byRowid: Statement | null = null;
    const scan = db.prepare(`SELECT ${canonicalTextSql(table)}, content_hash, id, rowid FROM ${table}`).raw(true);
    for (const [text, storedHash, id, rowid] of scan.iterate() as Iterable<[string | null, SqlValue, SqlValue, number]>) {
      if (text !== null) {
        const hash = sha256Hex(text);
        if (hash === storedHash) {
          yield { table, id: String(id), hash, storedHash, preview: undefined, ref: rowid };
          continue;
        }
      }
      // The reference path: the fields as JS reads them, hashed as the triggers hash them.
      byRowid ??= db.prepare(`SELECT ${fields.join(', ')}, content_hash FROM ${table} WHERE rowid = ?`).raw(true);
      const row = byRowid.get(rowid) as SqlValue[];
      const values = row.slice(0, fields.length);
      yield { table, id: String(values[0]), hash: rowContentHash(table, values), storedHash: row[fields.length] ?? null, preview: previewText(row[shownAt]), ref: rowid };
    }
  }
}

/** A row's preview by rowid, for the rows a report names. */
export function previewLookup(db: Database): PreviewLookup {
  const statements = new Map<HashedTable, Statement>();
  return (table, rowid) => {
    let statement = statements.get(table);
    if (!statement) statements.set(table, (statement = db.prepare(`SELECT ${PREVIEW_FIELD[table]} FROM ${table} WHERE rowid = ?`).pluck()));
    return previewText(statement.get(rowid) as SqlValue | undefined);
  };
}
