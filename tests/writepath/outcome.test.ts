/** The words the sidebar, the Overview and the CLI use for a consolidation, and the status they read. */
import { describe, expect, it } from 'vitest';
import { consolidateSession } from '../../src-main/writepath/consolidate';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { describeFailure, describeLearned, describeOutcome } from '../../src-shared/consolidation-outcome';
import { WritePathService } from '../../src-main/writepath/service';
import { writePathStatus } from '../../src-main/writepath/status';
import { openTestEngine } from '../helpers/temp-engine';

const zero = { facts: 0, updated: 0, duplicates: 0, people: 0, entities: 0, dropped: 0 };

describe('consolidation outcome', () => {
  it('says what was learned in a person’s words', () => {
    expect(describeOutcome({ ...zero, facts: 3, updated: 1, people: 2, entities: 2 })).toBe('3 facts, 1 updated, 2 people');
    expect(describeOutcome({ ...zero, facts: 1, people: 1, entities: 3 })).toBe('1 fact, 1 person, 2 new entities');
    // The sidebar prefixes "Learned": "Learned 2 updated facts", never "Learned 2 facts updated".
    expect(describeOutcome({ ...zero, updated: 1 })).toBe('1 updated fact');
    expect(describeOutcome({ ...zero, updated: 2 })).toBe('2 updated facts');
    expect(describeOutcome({ ...zero, duplicates: 2 })).toBe('nothing new (2 facts seen again)');
    expect(describeOutcome({ ...zero, facts: 2, dropped: 1 })).toBe('2 facts, 1 item left out');
    // Held for review: said, not counted as learned.
    expect(describeOutcome({ ...zero, entities: 2, proposed: 4 })).toBe('2 new entities, 4 facts for your review');
    expect(describeOutcome({ ...zero, proposed: 1 })).toBe('1 fact for your review');
    expect(describeFailure('timeout: http://127.0.0.1:11434/v1 did not answer in time')).toBe('the model did not answer in time (http://127.0.0.1:11434/v1 did not answer in time)');
    // The agent's failures now use the shared provider words; runs recorded earlier said "auth".
    expect(describeFailure('bad_key: refused (HTTP 401)')).toBe('the model server refused the API key (refused (HTTP 401))');
    expect(describeFailure('auth: refused')).toBe('the model server refused the API key (refused)');
  });

  it('status: the last run with the facts it wrote, and failed sessions with their reason', async () => {
    const { engine } = openTestEngine();
    expect(writePathStatus(engine)).toEqual({ last: null, failed: [], unconsolidated: 0, maintenance: null });
    engine.recordEpisode({ sessionId: 's', role: 'user', content: 'I live in Berlin. My sister Ana lives in Warsaw.' });
    await engine.flush();
    const out = await consolidateSession(engine, new OfflineExtractor(), 's');
    const status = writePathStatus(engine);
    expect(status.last).toMatchObject({ sessionId: 's', status: 'ok', mode: 'offline', facts: 3, updated: 0, people: 1, entities: 3 });
    expect(status.last?.factIds.sort()).toEqual([...out.factsCreated].sort());
    engine.recordEpisode({ sessionId: 't', role: 'user', content: 'hello' });
    await engine.flush();
    engine.writePathStore.failConsolidation('t', 'malformed_output: model output invalid after one retry', {
      kind: 'consolidation', sessionId: 't', trigger: 'test', mode: 'llm', model: 'm', startedAt: 0, finishedAt: Date.now(), status: 'failed',
      error: 'malformed_output: x', promptTokens: 0, completionTokens: 0, llmCalls: 1, summary: {},
    });
    const after = writePathStatus(engine);
    expect(after.failed).toEqual([{ sessionId: 't', error: 'malformed_output: model output invalid after one retry', attempts: 0, lastEventAt: engine.getSession('t')?.lastEventAt }]);
    expect(after.last?.status).toBe('failed');
  });

  it('after an import, tells what the whole "consolidate now" learned, not only its last conversation', async () => {
    const { engine } = openTestEngine();
    const lines = ['I live in Berlin. My sister Ana lives in Warsaw.', 'I play the cello. My friend Tom lives in Oslo.', 'I work at Acme. I drink green tea.'];
    lines.forEach((content, i) => engine.recordEpisode({ sessionId: `import-${i}`, role: 'user', content }));
    await engine.flush();
    const wp = new WritePathService({ engine, triggerDelayMs: 0 });
    try {
      const report = await wp.consolidateNow({ trigger: 'import', offline: true });
      expect(report.sessions).toHaveLength(3);
      const learned = report.sessions.reduce((n, s) => n + s.factsCreated.length - s.superseded.length, 0);
      const last = writePathStatus(engine).last;
      expect(last).toMatchObject({ status: 'ok', conversations: 3, facts: learned, sessionId: null });
      expect(learned).toBeGreaterThan(report.sessions.at(-1)?.factsCreated.length ?? 0);
      expect(last?.factIds).toHaveLength(report.sessions.reduce((n, s) => n + s.factsCreated.length, 0));
      expect(last && describeLearned(last)).toMatch(new RegExp(`^Learned ${learned} facts, .* from 3 conversations$`));

      // One chat consolidated afterwards is its own outcome again.
      engine.recordEpisode({ sessionId: 'chat', role: 'user', content: 'I moved to Lisbon.' });
      await engine.flush();
      await wp.consolidateNow({ sessionId: 'chat', offline: true });
      expect(writePathStatus(engine).last).toMatchObject({ sessionId: 'chat', conversations: 1 });
    } finally {
      await wp.close();
    }
  });
});
