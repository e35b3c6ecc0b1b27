import type { JsonValue } from '../../../src-shared/memory-types';

import { readJsonColumn } from '../../storage/json-column';

export { clearStatementCache, stmt } from '../../storage/statements';

export function parseJsonObject(text: string | null): { [key: string]: JsonValue } {
  if (!text) return {};
  const value = readJsonColumn(text, {});
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as { [key: string]: JsonValue })
    : {};
}

export function parseStringArray(text: string | null): string[] {
  if (!text) return [];
  const value = readJsonColumn(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
