/**
 * Review-queue rows from an export file. A proposal is a write the person may approve later: its `payload` is
 * what approval runs (remember, or correct a fact). From a file it may only write into what the same load added
 * — its evidence episodes, the fact it corrects, its entities and session — so approving it never changes what
 * was here before, and the columns the Review view shows (evidence, target, entities) must say what the payload
 * will do. Anything else is refused with its reason, like every other row an import cannot take.
 */
import { correctFactSchema, rememberFactSchema } from './schemas';
import type { SnapshotRow } from './repo/snapshot-tables';
import { isAheadOfClock, isoTime } from '../../src-shared/clock';

export interface LoadedSoFar {
  nodes: ReadonlySet<string>;
  entities: ReadonlySet<string>;
  memory_sessions: ReadonlySet<string>;
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
};

const parseIds = (text: unknown): string[] => {
  const value: unknown = JSON.parse(String(text ?? '[]'));
  return Array.isArray(value) ? value.map(String) : [];
};

/**
 * The row to insert (its payload's space mapped to where this load puts things), or why it is refused.
 * `sessionHere`: whether a memory session of that id is in this memory already.
 */
export function checkImportedProposal(
  row: SnapshotRow,
  loaded: LoadedSoFar,
  placedIn: (space: string | undefined) => string,
  sessionHere: (id: string) => boolean,
  now: number,
): { row: SnapshotRow } | { problem: string } {
  const payload = JSON.parse(String(row.payload)) as Record<string, unknown>;
  const evidence = parseIds(row.evidence);
  const entityIds = parseIds(row.entity_ids);
  const outside = (ids: readonly string[], set: ReadonlySet<string>) => ids.find((id) => !set.has(id));
  // Approved, it would hold from then: a version beginning after the clock outranks all the person says until then.
  const beginsAhead = (validFrom: number | undefined): string | null =>
    validFrom !== undefined && isAheadOfClock(validFrom, now) ? `payload: validFrom ${isoTime(validFrom) ?? validFrom} is after this machine's clock` : null;
  const sessionProblem = (id: string | undefined): string | null =>
    id !== undefined && !loaded.memory_sessions.has(id) && sessionHere(id) ? 'payload: writes into a conversation already in this memory' : null;

  if (row.kind === 'correction') {
    const parsed = correctFactSchema.safeParse(payload.input);
    if (!parsed.success) return { problem: `payload: not a correction (${parsed.error.issues[0]?.path.join('.') ?? 'input'})` };
    const input = parsed.data;
    if (input.id !== row.supersedes_id) return { problem: 'payload: corrects another fact than the one the proposal names' };
    if (!loaded.nodes.has(input.id)) return { problem: 'payload: corrects a fact that is not in the file' };
    if (!sameIds(input.evidence, evidence)) return { problem: 'payload: cites other evidence than the proposal shows' };
    if (input.entityIds && !sameIds(input.entityIds, entityIds)) return { problem: 'payload: links other entities than the proposal shows' };
    const stray = outside(input.evidence, loaded.nodes) ?? outside(input.entityIds ?? [], loaded.entities);
    if (stray !== undefined) return { problem: `payload: refers to ${stray}, which is not in the file` };
    const session = sessionProblem(input.sessionId) ?? beginsAhead(input.validFrom);
    if (session) return { problem: session };
    if (payload.attributes !== undefined && (typeof payload.attributes !== 'object' || payload.attributes === null || Array.isArray(payload.attributes))) {
      return { problem: 'payload: attributes are not an object' };
    }
    return { row };
  }

  const parsed = rememberFactSchema.safeParse(payload.input);
  if (!parsed.success) return { problem: `payload: not a fact to remember (${parsed.error.issues[0]?.path.join('.') ?? 'input'})` };
  const input = parsed.data;
  if (row.supersedes_id !== null && row.supersedes_id !== undefined) return { problem: 'a new fact names a fact it supersedes' };
  if (!sameIds(input.derivedFrom, evidence)) return { problem: 'payload: cites other evidence than the proposal shows' };
  if (!sameIds(input.entityIds, entityIds)) return { problem: 'payload: links other entities than the proposal shows' };
  const stray = outside(input.derivedFrom, loaded.nodes) ?? outside(input.entityIds, loaded.entities);
  if (stray !== undefined) return { problem: `payload: refers to ${stray}, which is not in the file` };
  const session = sessionProblem(input.sessionId) ?? beginsAhead(input.validFrom);
  if (session) return { problem: session };
  if (input.spaceId === undefined) return { row };
  // The space it would be remembered in is the one this load puts the file's space in.
  const mapped = { ...payload, input: { ...(payload.input as Record<string, unknown>), spaceId: placedIn(input.spaceId) } };
  return { row: { ...row, payload: JSON.stringify(mapped) } };
}
