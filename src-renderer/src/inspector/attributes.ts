/**
 * A memory's attributes as labelled fields for the node panel ("Speaker: Dave", "Slot: home city") rather
 * than raw JSON: known keys get a person's word, others their key in words; nested values stay compact JSON.
 */
import type { JsonValue } from '../../../src-shared/memory-types';

const LABELS: Record<string, string> = {
  slot: 'Slot',
  value: 'Value',
  speaker: 'Speaker',
  turn_id: 'Turn',
  origin: 'Written by',
  mcp_client: 'App (MCP)',
  confirmed_by_client: 'Confirmed in',
  reflection: 'Reflection',
  iso_week: 'Week',
  week_start: 'Week starting',
  facts_considered: 'Facts considered',
  summary_source: 'Summary from',
};

export interface AttributeField {
  key: string;
  label: string;
  value: string;
}

/** "facts_considered" → "Facts considered"; "importedFrom" → "Imported from". */
function words(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : key;
}

function shown(value: JsonValue): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.map((v) => shown(v)).join(', ');
  return JSON.stringify(value);
}

export function attributeFields(attributes: Record<string, JsonValue>): AttributeField[] {
  return Object.entries(attributes).map(([key, value]) => ({ key, label: LABELS[key] ?? words(key), value: shown(value) }));
}
