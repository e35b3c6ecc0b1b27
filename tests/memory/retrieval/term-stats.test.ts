import { describe, expect, it } from 'vitest';
import { TermStats } from '../../../src-main/memory/retrieval/term-stats';
import { openTestEngine } from '../../helpers/temp-engine';

describe('term statistics', () => {
  it('counts documents per stemmed term, and recounts once the memory has grown by a tenth', async () => {
    const { engine } = openTestEngine();
    const record = async (n: number, text: string) => {
      for (let i = 0; i < n; i++) engine.recordEpisode({ content: `${text} ${i}`, sessionId: 's' });
      await engine.flush();
    };
    await record(18, 'plain note');
    await record(2, 'we were running late');
    const stats = new TermStats(engine.database);
    expect(stats.documentFrequencies(['run', 'running', 'late', 'absent'])('running')).toBe(2);

    await record(1, 'runs again'); // 21 documents: within a tenth, the count is reused
    expect(stats.documentFrequencies(['running'])('running')).toBe(2);
    await record(3, 'ran and running'); // 24 documents: counted again
    const df = stats.documentFrequencies(['running', 'absent']);
    expect(df('running')).toBe(6);
    expect(df('absent')).toBe(0);
  });
});
