/** The inspector's one origin table: filters, overview and the node panel read the same rows. */
import { describe, expect, it } from 'vitest';
import { SOURCE_TYPES } from '../../src-shared/memory-types';
import { ORIGINS, sourceLabel, sourcesOf, type Origin } from '../../src-renderer/src/inspector/store';

describe('the origin table', () => {
  it('puts every source type under exactly one origin, which names it for the node panel', () => {
    const origins = Object.keys(ORIGINS) as Origin[];
    for (const source of SOURCE_TYPES) {
      expect(origins.filter((o) => sourcesOf(o).includes(source)), source).toHaveLength(1);
      expect(sourceLabel(source).length, source).toBeGreaterThan(0);
    }
  });

  it('gives the filter its source types and the panel its words', () => {
    expect(sourcesOf('extracted')).toEqual(['extraction', 'consolidation', 'reflection']);
    expect(sourcesOf('conversation')).toEqual(['conversation', 'import']);
    expect(sourceLabel('manual')).toBe('written by hand');
    expect(sourceLabel('mcp')).toBe('from another app (MCP)');
    expect(ORIGINS.mcp.label).toBe('Other apps (MCP)');
  });
});
