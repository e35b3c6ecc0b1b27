import { describe, expect, it } from 'vitest';
import { nodeConditions } from '../../src-main/memory/node-filter';
import { column, sql, sqlAnd, sqlIn, sqlJoin, sqlNotIn, sqlOr, sqlRaw, tableIndexedBy } from '../../src-main/storage/sql';

describe('SQL fragments', () => {
  it('keeps text and parameters together through composition', () => {
    const after = 10;
    const inner = sqlAnd([sql`a = ${'x'}`, null, false, sql`b < ${after}`]);
    const q = sql`SELECT * FROM t WHERE ${sqlOr([inner, sqlIn(column('c'), [1, 2, 3])])} LIMIT ${5}`;
    expect(q.text).toBe('SELECT * FROM t WHERE (((a = ?) AND (b < ?)) OR (c IN (?,?,?))) LIMIT ?');
    expect(q.params).toEqual(['x', 10, 1, 2, 3, 5]);
  });

  it('gives empty compositions a meaning that is safe after WHERE', () => {
    expect(sqlAnd([]).text).toBe('1');
    expect(sqlOr([]).text).toBe('0');
    expect(sqlIn(column('c'), []).text).toBe('0');
    expect(sqlNotIn(column('c'), []).text).toBe('1');
    expect(sqlJoin([sqlRaw('a'), null, sqlRaw('b')], ', ').text).toBe('a, b');
  });

  it('writes planner hints: unary plus and INDEXED BY', () => {
    expect(sql`${column('n.type', { unindexed: true })} = ${'semantic'}`.text).toBe('+n.type = ?');
    expect(sql`${column('n.type')} = ${'semantic'}`.text).toBe('n.type = ?');
    expect(tableIndexedBy('nodes n', 'idx_nodes_created').text).toBe('nodes n INDEXED BY idx_nodes_created');
  });
});

describe('the node filter', () => {
  it('applies the hints the call site asks for and binds every value', () => {
    const f = nodeConditions(
      { types: ['semantic', 'opinion'], after: 5, minConfidence: 0.2, excludeSessionIds: ['s1'], entityIds: ['e1'] },
      { unindexedType: true, unindexedRanges: true },
    );
    expect(f.text).toContain('+n.type IN (?,?)');
    expect(f.text).toContain('+n.event_time >= ?');
    expect(f.text).toContain('+n.confidence >= ?');
    expect(f.text).toContain('n.valid_until IS NULL');
    expect(f.text).toContain('n.session_id NOT IN (?)');
    expect(f.params).toEqual(['semantic', 'opinion', 's1', 5, 0.2, 'e1']);
    const plain = nodeConditions({ after: 5, includeInvalid: true });
    expect(plain).toEqual({ text: 'n.event_time >= ?', params: [5] });
    expect(nodeConditions({ includeInvalid: true }).text).toBe('1');
    // An empty entity list matches nothing rather than everything.
    expect(nodeConditions({ includeInvalid: true, entityIds: [] }).text).toBe('n.id IN (SELECT node_id FROM node_entities WHERE 0)');
  });
});
