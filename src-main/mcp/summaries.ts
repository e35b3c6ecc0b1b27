/**
 * The text half of an MCP tool result: a few readable lines for a model (the structured half is the chat
 * tool's own JSON, unchanged).
 */
import type { JsonObject, JsonValue } from '../../src-shared/memory-types';
import { plural } from '../../src-shared/plural';

const obj = (v: JsonValue | undefined): JsonObject => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});
const list = (v: JsonValue | undefined): JsonObject[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

function memoryLine(m: JsonObject, index: number): string {
  const when = str(m.event_time_relative) || str(m.event_time_iso).slice(0, 10);
  return `${index + 1}. ${str(m.content)} [${str(m.type)}, id ${str(m.id)}, confidence ${str(m.confidence)}${when ? `, ${when}` : ''}]`;
}

function counts(v: JsonValue | undefined): string {
  return Object.entries(obj(v))
    .map(([k, n]) => `${str(n)} ${k}`)
    .join(', ');
}

export function summarize(tool: string, result: JsonValue): string {
  const r = obj(result);
  // A write held for the person's review says so, whichever tool made it.
  if (r.saved === false && typeof r.proposal_id === 'string') return `${str(r.message)} (proposal ${r.proposal_id})`;
  switch (tool) {
    case 'search_memory': {
      const hits = list(r.results);
      const warnings = Array.isArray(r.warnings) && r.warnings.length > 0 ? `\nNote: ${r.warnings.map(str).join('; ')}` : '';
      const asOf = typeof r.as_of_day === 'string' ? ` as of ${r.as_of_day}` : '';
      if (hits.length === 0) return `Nothing in memory${asOf} matches.${warnings}`;
      return `${hits.length} match${hits.length === 1 ? '' : 'es'} in memory${asOf}:\n${hits.map(memoryLine).join('\n')}${warnings}`;
    }
    case 'remember_fact':
      if (r.already_remembered === true) return `Memory already held this fact, word for word; it was restated, not saved twice (id ${str(r.id)}).`;
      return `Saved to memory (id ${str(r.id)}).`;
    case 'correct_fact':
      return `Corrected: the new version is ${str(r.id)}; the old one (${str(r.supersedes)}) is kept as history.`;
    case 'confirm_fact':
      return `Confirmed; it will not fade: ${str(r.content)} (id ${str(r.id)}).`;
    case 'get_entity_info': {
      const facts = list(r.facts);
      const aliases = Array.isArray(r.aliases) && r.aliases.length > 0 ? ` (also: ${r.aliases.map(str).join(', ')})` : '';
      const lines = [
        `${str(r.name)}${aliases}, ${str(r.type)}, mentioned ${str(r.mention_count)} times.`,
        ...(str(r.summary) ? [str(r.summary)] : []),
        ...(facts.length > 0 ? ['Facts:', ...facts.map(memoryLine)] : ['No facts about it yet.']),
      ];
      return lines.join('\n');
    }
    case 'memory_stats':
      return [
        `Memories: ${counts(r.nodes)}.`,
        `Links: ${counts(r.edges)}.`,
        `Entities: ${str(r.entities)}. Conversations waiting to be distilled: ${str(r.unconsolidated_sessions)}.`,
        `Storage: ${str(r.storage_size_mb)} MB.`,
      ].join('\n');
    case 'remember_conversation':
      return `Recorded ${plural(Number(r.recorded), 'turn')} as conversation ${str(r.conversation_id)}; Engram will distil facts from them in the background.`;
    default:
      return JSON.stringify(result);
  }
}
