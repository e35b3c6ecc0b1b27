/**
 * The memory tools of ADR 008 §13, defined once: a zod schema (validates the model's arguments and becomes the
 * JSON schema the model sees) and an executor against the engine. Results are small JSON objects.
 */
import { speakerForModel } from '../../src-shared/speakers';
import { z } from 'zod';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { AppError } from '../../src-shared/errors';
import { ChatError } from './errors';
import type { SearchHit } from '../../src-shared/retrieval-types';
import { FACT_TYPES, NODE_TYPES, type JsonObject, type JsonValue, type MemoryNode, type SourceType } from '../../src-shared/memory-types';
import type { ToolMemory } from './memory-port';

export type { ToolMemory } from './memory-port';
import { statedByPerson } from './grounding';
import { isoTime } from '../../src-shared/clock';
import { asOfDay, learnedLaterNotice } from '../../src-shared/as-of-notice';
import type { ProposalReceipt, ReviewSource } from '../../src-shared/review-types';

/** Who a tool's write is attributed to: the provenance the inspector shows and its origin filter uses. */
export interface WriteOrigin {
  sourceType: SourceType;
  sourceRole: string;
  /** Stored on facts the tool creates (e.g. the MCP client's name). */
  attributes?: JsonObject;
}

/** The chat's own tools write as the assistant of a conversation. */
export const CHAT_ORIGIN: WriteOrigin = { sourceType: 'conversation', sourceRole: 'assistant' };

export interface ToolContext {
  memory: ToolMemory;
  /** Default CHAT_ORIGIN; other callers of the same tools (the MCP server) name themselves. */
  origin?: WriteOrigin;
  /** "Don't remember this chat": the write tools are refused even if the model names them. */
  readOnly?: boolean;
  /** The memory session of the conversation, for provenance; null when the chat is not remembered. */
  memorySessionId: string | null;
  /**
   * In the chat: the memories shown to the model in this turn (its context pack and what its searches
   * returned). Recalled text is data, and a model steered by it must not rewrite memories it has not been
   * shown: correct_fact and confirm_fact accept only these ids, anything else is left to the person. Tools
   * that show memories add their ids. Absent (MCP, where the person allowed writes): no such limit.
   */
  shownIds?: Set<string>;
  /** The person's message this turn (its episode): the source remember_fact and correct_fact cite. */
  turnEpisodeId?: string | null;
  /**
   * In the chat: what the person wrote in this conversation. A model can be steered by what it reads (recalled
   * memories, imported text), so its write tools act at once only on what the person stated here; a write drawn
   * from anything else is proposed instead, and waits for the person's Confirm on its chip. Absent (MCP, or the
   * person confirming a proposal): no such gate.
   */
  personSaid?: readonly string[];
  /**
   * Recorded in the attributes of every node the model's write creates (`model_write`) or confirms
   * (`model_confirmed`): that a model asked for it, which, in which chat, and how it was approved.
   */
  modelWrite?: JsonObject;
  /**
   * The memory space of the chat or MCP client: searches see its memories plus facts marked everywhere, new
   * facts go there, and a memory of another space can be neither read nor changed. Absent: every space.
   */
  spaceId?: string;
}

/** Whether the caller's space sees this memory (its own, or marked everywhere). */
function visibleInSpace(n: MemoryNode, ctx: ToolContext): boolean {
  return ctx.spaceId === undefined || n.spaceId === ctx.spaceId || n.everywhere;
}

/**
 * correct_fact / confirm_fact change only memories of the caller's own space: a fact marked everywhere is read
 * from every space but belongs to one. Another space's memory is reported as not found, so it is not revealed.
 */
function assertWritableInSpace(id: string, ctx: ToolContext): void {
  if (ctx.spaceId === undefined) return;
  const node = ctx.memory.getNode(id).node;
  if (node.spaceId !== ctx.spaceId) {
    throw new ChatError(node.everywhere ? 'invalid_input' : 'not_found', node.everywhere ? `memory ${JSON.stringify(id)} belongs to another space; change it there` : `Node ${JSON.stringify(id)} does not exist`);
  }
}

/** A write the model proposed that the person has to confirm; nothing is written until then. */
export class Proposal {
  constructor(
    readonly reason: string,
    /** What the person needs to decide: the memory a correction replaces, or the one to be confirmed. */
    readonly detail: JsonObject = {},
  ) {}

  /** What the model is told (and the chip shows): nothing was saved, and the person decides. */
  toResult(): JsonValue {
    return {
      ...this.detail,
      saved: false,
      awaiting_confirmation: true,
      message: `Not saved: ${this.reason} The person sees your proposal in the chat and can confirm or dismiss it. Tell them what you proposed and why.`,
    };
  }
}

/** The chat's gate: undefined when the write may go ahead, else the Proposal that asks the person. */
function gate(ctx: ToolContext, content: string, replaced?: string, detail?: JsonObject): Proposal | undefined {
  if (!ctx.personSaid || statedByPerson(content, ctx.personSaid, replaced)) return undefined;
  return new Proposal('the person did not say this in this conversation (it may come from recalled or imported text).', detail);
}

/** The source a tool's write comes from when its setting is "ask me first" (MCP clients, or the person's chats), else null. */
function reviewOf(ctx: ToolContext, origin: WriteOrigin): { origin: ReviewSource; sourceLabel: string } | null {
  const source: ReviewSource = origin.sourceType === 'mcp' ? 'mcp' : 'chat';
  if (!ctx.memory.requiresReview(source)) return null;
  return { origin: source, sourceLabel: source === 'mcp' ? origin.sourceRole : 'assistant' };
}

/** What the model (or the other app) is told when a write waits in the Review view instead of being saved. */
function waitingForReview(receipt: ProposalReceipt, supersedes?: string): JsonValue {
  const declined = receipt.state === 'declined';
  return {
    saved: false,
    waiting_for_review: !declined && receipt.state === 'pending',
    proposal_id: receipt.proposalId,
    ...(supersedes ? { would_supersede: supersedes } : {}),
    message: declined
      ? 'Not saved: the person declined this before, so it is not proposed again.'
      : receipt.state === 'approved'
        ? 'Already approved and remembered earlier.'
        : "Not saved yet: waiting for the person's review in Engram (Review). It is remembered only if they approve it.",
  };
}

function tagModelWrite(ctx: ToolContext, nodeId: string, key: 'model_write' | 'model_confirmed'): void {
  if (ctx.modelWrite) ctx.memory.patchNodeAttributes(nodeId, { [key]: ctx.modelWrite });
}

/** correct_fact / confirm_fact in the chat: only for a memory the model was shown in this turn. */
function assertShown(id: string, ctx: ToolContext): void {
  if (!ctx.shownIds || ctx.shownIds.has(id)) return;
  throw new ChatError(
    'invalid_input',
    `memory ${JSON.stringify(id)} was not shown to you in this turn. Find it with search_memory first; if the person wants a memory changed that you cannot find, tell them they can change it in the memory inspector.`,
  );
}

/**
 * A model's "YYYY-MM-DD" as an instant: noon UTC, so the day reads the same in every time zone's display.
 * A day the calendar does not have (2023-02-30) is refused rather than rolled into the next month.
 */
function calendarDay(date: string): number {
  const t = Date.parse(`${date}T12:00:00Z`);
  if (!Number.isFinite(t) || new Date(t).toISOString().slice(0, 10) !== date) {
    throw new ChatError('invalid_input', `event_date ${JSON.stringify(date)} is not a calendar date`);
  }
  return t;
}

export interface ToolDef<S extends z.ZodType> {
  description: string;
  schema: S;
  run(args: z.output<S>, ctx: ToolContext): Promise<JsonValue | Proposal> | JsonValue | Proposal;
}

const def = <S extends z.ZodType>(d: ToolDef<S>): ToolDef<S> => d;

const nodeSummary = (n: MemoryNode): JsonValue => ({
  id: n.id,
  type: n.type,
  content: n.content,
  confidence: Math.round(n.confidence * 100) / 100,
  event_time_iso: isoTime(n.eventTime) ?? '',
});

const hitSummary = (h: SearchHit): JsonValue => ({
  id: h.node.id,
  type: h.node.type,
  // Who said a remembered message: the user, the assistant in an earlier reply, or who it really was ("ChatGPT").
  ...(h.node.type === 'episodic' ? { said_by: speakerForModel(h.node) } : {}),
  content: h.node.content,
  confidence: Math.round(h.node.confidence * 100) / 100,
  score: Math.round(h.score * 1000) / 1000,
  event_time_iso: h.event_time_iso,
  event_time_relative: h.event_time_relative,
});

/** search_memory's `as_of` (get_profile's in mcp/profile.ts says the same of the profile). */
const AS_OF_SCHEMA = z.string().min(1).max(100).optional().describe('Memory as it stood then, e.g. "2025-03-01" or "last christmas": facts as they were, messages said by then (relative times in the results count from that day)');

export const MEMORY_TOOLS = {
  search_memory: def({
    description:
      'Search long-term memory: facts, procedures, opinions and past conversations ranked together, facts first (pass type to narrow). Use for any question about what the user told you before.',
    schema: z.object({
      query: z.string().min(1).max(2000).describe('What to look for, in words'),
      type: z.enum(NODE_TYPES).optional().describe('Only this kind of memory'),
      entity_name: z.string().max(200).optional().describe('Only memories about this person, project, place…'),
      after: z.string().max(100).optional().describe('Time expression, e.g. "last week" or "2025-03-01"'),
      before: z.string().max(100).optional(),
      limit: z.number().int().min(1).max(20).optional(),
      as_of: AS_OF_SCHEMA,
    }),
    async run(a, ctx) {
      const result = await ctx.memory.search({
        query: a.query,
        ...(a.type ? { types: [a.type] } : {}),
        ...(a.entity_name ? { entityName: a.entity_name } : {}),
        ...(a.after ? { after: a.after } : {}),
        ...(a.before ? { before: a.before } : {}),
        limit: a.limit ?? 8,
        ...(a.as_of !== undefined ? { asOf: a.as_of } : {}),
        ...(ctx.memorySessionId ? { excludeSessionIds: [ctx.memorySessionId] } : {}),
        ...(ctx.spaceId !== undefined ? { spaceId: ctx.spaceId } : {}),
      });
      for (const h of result.hits) ctx.shownIds?.add(h.node.id);
      const warnings = [...result.warnings];
      if (result.asOf !== undefined) {
        // What was said by then but learned only later is left out by the rule: say so, as the CLI and inspector do.
        const later = ctx.memory.learnedLater(result.asOf, ctx.spaceId);
        if (later.count > 0) warnings.push(learnedLaterNotice(later.count, later.firstLearnedAt));
      }
      const dated: JsonObject = result.asOf !== undefined ? { as_of: result.asOf, as_of_day: asOfDay(Date.parse(result.asOf), a.as_of) } : {};
      return { intent: result.intent, ...dated, results: result.hits.map(hitSummary), warnings };
    },
  }),
  remember_fact: def({
    description: 'Save something worth remembering that the user stated (a fact, a procedure, or an opinion).',
    schema: z.object({
      content: z.string().min(1).max(4000).describe('The fact as one self-contained sentence'),
      type: z.enum(FACT_TYPES).optional(),
    }),
    run(a, ctx) {
      const proposal = gate(ctx, a.content);
      if (proposal) return proposal;
      const origin = ctx.origin ?? CHAT_ORIGIN;
      const attributes = { ...(origin.attributes ?? {}), ...(ctx.modelWrite ? { model_write: ctx.modelWrite } : {}) };
      const fact = {
        content: a.content,
        type: a.type ?? 'semantic',
        sourceType: origin.sourceType,
        sourceRole: origin.sourceRole,
        ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
        ...(ctx.memorySessionId ? { sessionId: ctx.memorySessionId } : {}),
        ...(ctx.turnEpisodeId ? { derivedFrom: [ctx.turnEpisodeId] } : {}),
        ...(ctx.spaceId !== undefined ? { spaceId: ctx.spaceId } : {}),
      };
      const review = reviewOf(ctx, origin);
      if (review) return waitingForReview(ctx.memory.proposeFact({ action: 'remember', input: fact, ...review }));
      // Said before, word for word: that fact is restated, not written twice (and stays as it was written).
      const { id, restated } = ctx.memory.rememberOnce(fact);
      if (restated) return { id, saved: true, already_remembered: true };
      tagModelWrite(ctx, id, 'model_write');
      return { id, saved: true };
    },
  }),
  correct_fact: def({
    description: 'Replace a remembered fact that the user says is wrong or out of date. The old version is kept as history.',
    schema: z.object({
      id: z.string().min(1).max(100).describe('Id of the fact to correct (from search_memory)'),
      content: z.string().min(1).max(4000).describe('The corrected fact'),
      reason: z.string().max(500).optional(),
      event_date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
        .optional()
        .describe('When what the fact describes happened (YYYY-MM-DD), only if the user says; otherwise the fact keeps its date'),
    }),
    run(a, ctx) {
      assertShown(a.id, ctx);
      assertWritableInSpace(a.id, ctx);
      const current = ctx.personSaid ? ctx.memory.getNode(a.id).node.content : undefined;
      const proposal = current === undefined ? undefined : gate(ctx, a.content, current, { replaces: current });
      if (proposal) return proposal;
      const origin = ctx.origin ?? CHAT_ORIGIN;
      const eventTime = a.event_date === undefined ? undefined : calendarDay(a.event_date);
      const correction = {
        id: a.id,
        content: a.content,
        sourceType: origin.sourceType,
        sourceRole: origin.sourceRole,
        ...(a.reason ? { reason: a.reason } : {}),
        ...(eventTime !== undefined ? { eventTime } : {}),
        // The person's message this turn stated the new version: its own evidence and source.
        ...(ctx.turnEpisodeId ? { evidence: [ctx.turnEpisodeId] } : {}),
      };
      const review = reviewOf(ctx, origin);
      if (review) {
        const attributes = { ...(origin.attributes ?? {}), ...(ctx.modelWrite ? { model_write: ctx.modelWrite } : {}) };
        return waitingForReview(ctx.memory.proposeFact({ action: 'correct', input: correction, attributes, ...review }), a.id);
      }
      const id = ctx.memory.correctFact(correction);
      tagModelWrite(ctx, id, 'model_write');
      return { id, supersedes: a.id };
    },
  }),
  confirm_fact: def({
    description: 'Mark a remembered fact as confirmed by the user, so it never fades.',
    schema: z.object({ id: z.string().min(1).max(100) }),
    run(a, ctx) {
      assertShown(a.id, ctx);
      assertWritableInSpace(a.id, ctx);
      const current = ctx.personSaid ? ctx.memory.getNode(a.id).node.content : undefined;
      const proposal = current === undefined ? undefined : gate(ctx, current, undefined, { memory: current });
      if (proposal) return proposal;
      const confirmed = ctx.memory.confirmFact(a.id);
      tagModelWrite(ctx, a.id, 'model_confirmed');
      return nodeSummary(confirmed);
    },
  }),
  get_entity_info: def({
    description: 'Everything remembered about a person, project, organisation, place, concept or tool.',
    schema: z.object({ name: z.string().min(1).max(200) }),
    run(a, ctx) {
      const p = ctx.memory.getEntityProfile(a.name, 10);
      // Entities are shared by every space; what is known of them is not: only this space's memories, and
      // no written summary (it may quote another space) once there are several spaces.
      const facts = p.facts.filter((f) => visibleInSpace(f, ctx));
      const summary = ctx.spaceId !== undefined && ctx.memory.listSpaces().length > 1 ? null : p.entity.summary;
      for (const f of facts) ctx.shownIds?.add(f.id);
      return {
        name: p.entity.canonicalName,
        type: p.entity.type,
        aliases: p.entity.aliases,
        summary,
        facts: facts.map(nodeSummary),
        recent_mentions: p.recentEpisodes.filter((e) => visibleInSpace(e, ctx)).slice(0, 5).map(nodeSummary),
        mention_count: p.entity.mentionCount,
      };
    },
  }),
  memory_stats: def({
    description: 'How much is remembered: counts of memories, links and entities, and maintenance state.',
    schema: z.object({}),
    run(_a, ctx) {
      const s = ctx.memory.stats();
      return {
        nodes: s.nodes,
        edges: s.edges,
        entities: s.entities,
        unconsolidated_sessions: s.unconsolidated_sessions,
        last_decay_run: s.last_decay_run,
        storage_size_mb: s.storage_size_mb,
      };
    },
  }),
} as const;

export type MemoryToolName = keyof typeof MEMORY_TOOLS;
export const MEMORY_TOOL_NAMES = Object.keys(MEMORY_TOOLS) as MemoryToolName[];
/** Tools that write to memory; a chat that is not remembered gets none of them. */
export const WRITE_TOOLS: ReadonlySet<MemoryToolName> = new Set(['remember_fact', 'correct_fact', 'confirm_fact']);

let definitions: ChatCompletionFunctionTool[] | null = null;

/** Tool definitions in the chat completions format; `readOnly` leaves out the tools that write. */
export function toolDefinitions(options: { readOnly?: boolean } = {}): ChatCompletionFunctionTool[] {
  const all = allDefinitions();
  return options.readOnly ? all.filter((d) => !WRITE_TOOLS.has(d.function.name as MemoryToolName)) : all;
}

/** Built once: they never change at runtime. */
function allDefinitions(): ChatCompletionFunctionTool[] {
  return (definitions ??= MEMORY_TOOL_NAMES.map((name) => {
    const { $schema: _ignored, ...parameters } = z.toJSONSchema(MEMORY_TOOLS[name].schema) as Record<string, unknown>;
    return { type: 'function', function: { name, description: MEMORY_TOOLS[name].description, parameters } };
  }));
}

/** `pending`: a write the person has to confirm first (see ToolContext.personSaid); nothing was written. */
export type ToolOutcome =
  | { ok: true; pending?: boolean; arguments: JsonValue; result: JsonValue }
  | { ok: false; arguments: JsonValue; error: string };

/** Runs one call from the model. Bad JSON, bad arguments and engine errors become an error the model can read. */
export async function executeTool(name: string, rawArguments: string, ctx: ToolContext): Promise<ToolOutcome> {
  let args: JsonValue;
  try {
    args = rawArguments.trim() === '' ? {} : (JSON.parse(rawArguments) as JsonValue);
  } catch {
    return { ok: false, arguments: rawArguments, error: 'arguments are not valid JSON' };
  }
  // Own keys only: "constructor" or "toString" are in every object but are not tools.
  if (!Object.hasOwn(MEMORY_TOOLS, name)) return { ok: false, arguments: args, error: `unknown tool "${name}"` };
  if (ctx.readOnly && WRITE_TOOLS.has(name as MemoryToolName)) {
    return { ok: false, arguments: args, error: `${name} is not available: this chat is not remembered` };
  }
  const tool = MEMORY_TOOLS[name as MemoryToolName] as ToolDef<z.ZodType>;
  const parsed = tool.schema.safeParse(args);
  if (!parsed.success) {
    return {
      ok: false,
      arguments: args,
      error: parsed.error.issues.map((i) => `${i.path.join('.') || 'arguments'}: ${i.message}`).join('; '),
    };
  }
  try {
    const result = await tool.run(parsed.data, ctx);
    if (result instanceof Proposal) return { ok: true, pending: true, arguments: args, result: result.toResult() };
    return { ok: true, arguments: args, result };
  } catch (err) {
    const message = err instanceof AppError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    return { ok: false, arguments: args, error: message };
  }
}
