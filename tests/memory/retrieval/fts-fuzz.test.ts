import { describe, expect, it } from 'vitest';
import { rng } from '../../../bench/lib/chat-corpus';
import { ftsMatchExpression } from '../../../src-main/memory/retrieval/text';
import { openTestEngine } from '../../helpers/temp-engine';

const NASTY = [
  '"', '""', '"unbalanced quote', "it's", 'a AND b', 'OR', 'AND', 'NOT', 'NOT apples', 'apples NOT pears',
  'NEAR(apples pears)', 'NEAR(apples pears, 2)', 'apples NEAR/3 pears', '(apples', 'apples)', '((()))', ')(',
  '*', 'app*', '*apples', '^apples', 'content:apples', 'nodes_fts:apples', '{content}: apples', '- apples', '+apples',
  'apples -pears', 'a:b:c', '🍎 apples 🍐', '🍎', '😀😃😄', 'ünïcödé àpples', 'яблоки', '苹果', 'apples\u200bpears',
  '\t\n', '   ', '', '\\', '\\"apples\\"', "'apples'", '`apples`', '%', '_', 'a'.repeat(5000), 'apples '.repeat(200),
  'SELECT * FROM nodes; --', "'; DROP TABLE nodes; --", '\u202eapples', 'apples\uFEFF',
];

describe('FTS query safety', () => {
  it('never produces an FTS syntax error, whatever the user types', async () => {
    const { engine } = openTestEngine();
    engine.recordEpisode({ content: 'We picked apples and pears at the farm', sessionId: 's' });
    engine.recordEpisode({ content: 'Яблоки были очень вкусные', sessionId: 's' });
    engine.recordEpisode({ content: 'The 🍎 emoji means apples', sessionId: 's' });
    await engine.flush();
    await engine.drainSlowPath();
    const r = rng(1234);
    const pool = ['"', "'", '(', ')', '*', ':', '^', '-', '+', 'NEAR', 'AND', 'OR', 'NOT', ' ', 'apples', '🍐', '{', '}', '\\', 'é', '/', '.', ','];
    const random = Array.from({ length: 200 }, () =>
      Array.from({ length: 1 + Math.floor(r() * 10) }, () => pool[Math.floor(r() * pool.length)]).join(''),
    );
    for (const query of [...NASTY, ...random]) {
      const result = await engine.search({ query, types: ['episodic'] });
      expect(Array.isArray(result.hits), query).toBe(true);
    }
  });

  it('keeps the words of operator-laden queries searchable', async () => {
    const { engine } = openTestEngine();
    const id = engine.recordEpisode({ content: 'We picked apples and pears at the farm', sessionId: 's' });
    engine.recordEpisode({ content: 'Nothing to do with fruit at all', sessionId: 's' });
    await engine.flush();
    for (const query of ['"apples', 'NEAR(apples', 'apples*', '(pears OR', 'content:apples', '🍎 apples', 'NOT pears']) {
      const result = await engine.search({ query, types: ['episodic'] });
      expect(result.hits[0]?.node.id, query).toBe(id);
    }
  });

  it('quotes every term and drops stopwords', () => {
    expect(ftsMatchExpression('What did "Anna" say about NEAR(xy)?')).toBe('"anna" OR "near" OR "xy"');
    expect(ftsMatchExpression('what was that')).toBe('"what" OR "was" OR "that"');
    expect(ftsMatchExpression('🍎 ***')).toBeNull();
    expect(ftsMatchExpression('где живёт кошка')).toContain('*');
  });
});
