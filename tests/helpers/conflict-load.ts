/**
 * Conflict-candidate load (issue 14), shared by the test and bench/conflict-pairs.ts: a scripted memory agent
 * writes four facts per turn of a two-speaker transcript, every one naming a speaker; sessions are consolidated
 * in order through the LLM write path, and the resolution prompts the server received are counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../../src-main/memory/engine';
import { WritePathService } from '../../src-main/writepath/service';
import { startScriptedOpenAI } from './scripted-openai-server';
import { conflictPairStats, memoryAgent, speakerFactsScript, twoSpeakerTranscript } from './scripted-memory-agent';

export interface ConflictPairFigures {
  sessions: number;
  facts_written: number;
  facts_asked_about: number;
  pairs: number;
  pairs_per_new_fact: number;
  max_pairs_per_fact: number;
  max_pairs_per_call: number;
  resolution_calls: number;
}

export async function measureConflictPairs(options: { sessions?: number; turns?: number } = {}): Promise<ConflictPairFigures> {
  const sessions = twoSpeakerTranscript(options.sessions ?? 8, options.turns ?? 30);
  const server = await startScriptedOpenAI();
  server.setDefault('/v1/chat/completions', memoryAgent(speakerFactsScript()));
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-conflicts-'));
  const engine = MemoryEngine.open({ dataDir: dir });
  // The transcript is recorded as an import, which waits for review by default (issue 23): learn it at once.
  engine.saveReviewSettings({ import: 'at_once' });
  const service = new WritePathService({ engine, agent: { baseURL: server.baseURL, model: 'scripted', maxRetries: 0 } });
  let facts = 0;
  try {
    for (const session of sessions) {
      for (const [i, turn] of session.entries()) {
        engine.recordEpisode({ sessionId: turn.sessionId, role: i % 2 === 0 ? 'user' : 'assistant', content: `${turn.speaker}: ${turn.text}`, sourceType: 'import', attributes: { speaker: turn.speaker } });
      }
      await engine.flush();
      await engine.drainSlowPath();
      const report = await service.consolidateNow({ sessionId: session[0]?.sessionId ?? '', trigger: 'bench' });
      for (const s of report.sessions) {
        if (s.status !== 'consolidated') throw new Error(`session ${s.sessionId}: ${s.error ?? s.status}`);
        facts += s.factsCreated.length + s.duplicates;
      }
    }
    const stats = conflictPairStats(server.requests);
    return {
      sessions: sessions.length,
      facts_written: facts,
      facts_asked_about: stats.facts,
      pairs: stats.pairs,
      pairs_per_new_fact: Math.round((stats.pairs / Math.max(1, facts)) * 100) / 100,
      max_pairs_per_fact: stats.maxPerFact,
      max_pairs_per_call: stats.maxPerCall,
      resolution_calls: stats.calls,
    };
  } finally {
    await service.close();
    await engine.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

