/**
 * What a snapshot row (memory/snapshot.ts) must look like before it is loaded: the engine's own field schemas
 * (schemas.ts: ids, content, names, timestamps) applied to each table's columns, so a row the engine could not
 * read later (an impossible time, a type the CHECK refuses, broken JSON) is refused with a reason instead of
 * being stored, or silently dropped by the database.
 */
import { z } from 'zod';
import { ENTITY_TYPES, FACT_TYPES, INVALIDATION_REASONS, NODE_TYPES, RELATION_TYPES, SOURCE_TYPES } from '../../src-shared/memory-types';
import { MESSAGE_STATUSES } from '../../src-shared/chat-types';
import { PROPOSAL_STATES, REVIEW_SOURCES } from '../../src-shared/review-types';
import { contentSchema, idSchema, MAX_CONTENT_CHARS, nameSchema, timestampSchema, eventTimeSchema } from './schemas';
import { spaceNameSchema } from './space-schemas';
import { isAheadOfClock, isoTime } from '../../src-shared/clock';

/** Tables in load order (parents before children). */
export const SNAPSHOT_TABLES = [
  'spaces',
  'nodes',
  'entities',
  'edges',
  'node_entities',
  'memory_sessions',
  'writepath_runs',
  'chat_sessions',
  'chat_context_packs',
  'chat_messages',
  'memory_proposals',
  'app_settings',
] as const;
export type SnapshotTable = (typeof SNAPSHOT_TABLES)[number];

/** A stored chat message may be longer than a node (a reply is cut at 400,000 characters). */
const MAX_MESSAGE_CHARS = 1_000_000;

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => text(max).nullish();
const when = timestampSchema;
const optionalWhen = timestampSchema.nullish();
/** When something happened or held, as the person tells it: may be before 1970 (schemas.ts eventTimeSchema). */
const happened = eventTimeSchema;
const optionalHappened = eventTimeSchema.nullish();
const count = z.number().int().min(0);
const unit = z.number().min(0).max(1);
const flag = z.union([z.literal(0), z.literal(1)]);

/** A TEXT column holding JSON of the given shape. */
const jsonText = (shape: z.ZodType) =>
  z.string().refine((s) => {
    try {
      return shape.safeParse(JSON.parse(s)).success;
    } catch {
      return false;
    }
  }, 'is not the JSON this column holds');
const jsonObject = jsonText(z.record(z.string(), z.json()));
const jsonArray = jsonText(z.array(z.json()));

const nodeRow = z.object({
  _rowid: z.number().int().positive().nullish(),
  id: idSchema,
  type: z.enum(NODE_TYPES),
  content: contentSchema,
  event_time: happened,
  created_at: when,
  valid_from: happened,
  valid_until: optionalHappened,
  invalidated_reason: z.enum(INVALIDATION_REASONS).nullish(),
  confidence: unit.optional(),
  confidence_base: unit.optional(),
  access_count: count.optional(),
  last_accessed: optionalWhen,
  decay_rate: z.number().min(0).max(10).optional(),
  source_type: z.enum(SOURCE_TYPES).nullish(),
  source_role: optionalText(64),
  session_id: nameSchema.nullish(),
  attributes: jsonObject.optional(),
});

const entityRow = z.object({
  id: idSchema,
  canonical_name: nameSchema,
  type: z.enum(ENTITY_TYPES),
  aliases: jsonText(z.array(nameSchema)).optional(),
  summary: optionalText(MAX_CONTENT_CHARS),
  first_seen: when,
  last_updated: when,
  mention_count: count.optional(),
  merged_into: idSchema.nullish(),
  attributes: jsonObject.optional(),
});

const edgeRow = z.object({
  id: idSchema,
  source_id: idSchema,
  target_id: idSchema,
  relation_type: z.enum(RELATION_TYPES),
  predicate: optionalText(200),
  weight: z.number().finite().optional(),
  confidence: unit.optional(),
  valid_from: happened,
  valid_until: optionalHappened,
  evidence: jsonArray.optional(),
  created_at: when,
});

const nodeEntityRow = z.object({ node_id: idSchema, entity_id: idSchema });

const spaceRow = z.object({ id: idSchema, name: spaceNameSchema, created_at: when });

const memorySessionRow = z.object({
  id: nameSchema,
  started_at: when,
  last_event_at: when,
  episode_count: count.optional(),
  status: z.enum(['open', 'completed', 'consolidated', 'failed']).optional(),
  completed_at: optionalWhen,
  consolidated_at: optionalWhen,
  attempts: count.optional(),
  last_error: optionalText(MAX_CONTENT_CHARS),
  consolidated_through: count.nullish(),
});

const writepathRunRow = z.object({
  id: idSchema,
  kind: z.enum(['consolidation', 'maintenance', 'reflection', 'enrichment']),
  session_id: nameSchema.nullish(),
  trigger: text(64),
  mode: z.enum(['llm', 'offline']),
  model: optionalText(200),
  started_at: when,
  finished_at: when,
  status: z.enum(['ok', 'failed', 'cancelled', 'skipped']),
  error: optionalText(MAX_CONTENT_CHARS),
  prompt_tokens: count.optional(),
  completion_tokens: count.optional(),
  llm_calls: count.optional(),
  summary: jsonObject.optional(),
});

const chatSessionRow = z.object({
  id: idSchema,
  title: text(1000),
  created_at: when,
  updated_at: when,
  last_activity_at: when,
  archived: flag.optional(),
  no_remember: flag.optional(),
  no_memory: flag.optional(),
  memory_session_id: nameSchema.nullish(),
  memory_session_open: flag.optional(),
  memory_segment: count.optional(),
  import_source: optionalText(64),
  import_key: optionalText(1000),
});

const contextPackRow = z.object({ id: idSchema, chat_id: idSchema, prompt: text(MAX_MESSAGE_CHARS), pack: jsonObject, created_at: when });

const chatMessageRow = z.object({
  id: idSchema,
  chat_id: idSchema,
  seq: z.number().int().min(1),
  role: z.enum(['user', 'assistant']),
  content: text(MAX_MESSAGE_CHARS),
  status: z.enum(MESSAGE_STATUSES),
  error: jsonText(z.json()).nullish(),
  tool_calls: jsonArray.optional(),
  context_pack_id: idSchema.nullish(),
  memory_session_id: nameSchema.nullish(),
  episode_id: idSchema.nullish(),
  model: optionalText(200),
  reply_to: idSchema.nullish(),
  created_at: when,
  updated_at: when,
  import_key: optionalText(1000),
});

/** The review queue (migration 014); what its payload may write is checked against the load (snapshot-proposals.ts). */
const proposalRow = z.object({
  id: idSchema,
  state: z.enum(PROPOSAL_STATES),
  kind: z.enum(['new', 'correction']),
  content: contentSchema,
  fact_type: z.enum(FACT_TYPES),
  supersedes_id: idSchema.nullish(),
  origin: z.enum(REVIEW_SOURCES),
  source_label: optionalText(200),
  session_id: nameSchema.nullish(),
  evidence: jsonText(z.array(idSchema).max(1000)),
  entity_ids: jsonText(z.array(idSchema).max(100)),
  reason: optionalText(2000),
  payload: jsonObject,
  evidence_hash: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: when,
  decided_at: optionalWhen,
  node_id: idSchema.nullish(),
});

/** Row schemas per loadable table; app_settings has none because settings are never loaded from a file. */
export const SNAPSHOT_ROW_SCHEMAS: Record<Exclude<SnapshotTable, 'app_settings'>, z.ZodType> = {
  spaces: spaceRow,
  nodes: nodeRow,
  entities: entityRow,
  edges: edgeRow,
  node_entities: nodeEntityRow,
  memory_sessions: memorySessionRow,
  writepath_runs: writepathRunRow,
  chat_sessions: chatSessionRow,
  chat_context_packs: contextPackRow,
  chat_messages: chatMessageRow,
  memory_proposals: proposalRow,
};

/** Why a row is refused, in a few words (the first problem zod found), or null when it is loadable. */
export function rowProblem(table: Exclude<SnapshotTable, 'app_settings'>, row: unknown): string | null {
  const result = SNAPSHOT_ROW_SCHEMAS[table].safeParse(row);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? `${issue.path.join('.') || 'row'}: ${issue.message}` : 'not a valid row';
}

/** Columns saying when a memory recorded something (not when it happened): none can be after the clock. */
const RECORDED_AT: Record<Exclude<SnapshotTable, 'app_settings'>, readonly string[]> = {
  spaces: ['created_at'],
  nodes: ['created_at', 'last_accessed'],
  entities: ['first_seen', 'last_updated'],
  edges: ['created_at'],
  node_entities: [],
  memory_sessions: ['started_at', 'last_event_at', 'completed_at', 'consolidated_at'],
  writepath_runs: ['started_at', 'finished_at'],
  chat_sessions: ['created_at', 'updated_at', 'last_activity_at'],
  chat_context_packs: ['created_at'],
  chat_messages: ['created_at', 'updated_at'],
  memory_proposals: ['created_at', 'decided_at'],
};

/**
 * Why a (well-formed) row is refused for its times, or null: a row recorded after this machine's clock, a
 * message (an episode) said after it, or a version (a fact, a link) that begins to hold after it. A fact may be about a later day; nothing is learned or said in the future,
 * and a row that claims so would stand as the newest version of its slot and outrank everything the person says
 * from now on (a crafted export dated 2099).
 */
export function aheadOfClockProblem(table: Exclude<SnapshotTable, 'app_settings'>, row: Readonly<Record<string, unknown>>, now: number): string | null {
  const columns = table === 'nodes' && row.type === 'episodic' ? [...RECORDED_AT.nodes, 'event_time'] : RECORDED_AT[table];
  for (const column of columns) {
    const value = row[column];
    if (typeof value === 'number' && isAheadOfClock(value, now)) {
      return `${column}: ${isoTime(value) ?? value} is after this machine's clock (${isoTime(now) ?? now}); nothing is recorded or said in the future`;
    }
  }
  // A version holding from after the clock would be the current one of its slot until then, whatever is said.
  // (What the fact is about may be later, in its event_time; Engram's own write path never dates a version ahead.)
  const begins = row.valid_from;
  if ((table === 'nodes' || table === 'edges') && typeof begins === 'number' && isAheadOfClock(begins, now)) {
    return `valid_from: ${isoTime(begins) ?? begins} is after this machine's clock (${isoTime(now) ?? now}); a version cannot begin to hold in the future`;
  }
  return null;
}
