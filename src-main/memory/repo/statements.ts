import type { JsonValue } from '../../../src-shared/memory-types';

export { clearStatementCache, stmt } from '../../storage/statements';

export function parseJsonObject(text: string | null): { [key: string]: JsonValue } {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as { [key: string]: JsonValue })
    : {};
}

export function parseStringArray(text: string | null): string[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
