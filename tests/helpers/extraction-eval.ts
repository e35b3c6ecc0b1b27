/**
 * Scoring the offline extractor on labelled conversations (tests/fixtures/extraction/*.json): every turn goes
 * through the extractor as the importer would record it (speaker in the attributes and the text), and the
 * facts it returns are compared with the expected ones. A fact counts as right when it matches an expected or
 * acceptable fact (same subject, same words up to his/her/their and small wording differences); precision is
 * right / returned, recall is expected found / expected. Entities: name + type.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonObject, MemoryNode } from '../../src-shared/memory-types';
import type { TextAnalyzer } from '../../src-main/writepath/nlp/analyzer';
import { OfflineExtractor } from '../../src-main/writepath/extract-offline';
import { contentTokens, jaccard, normaliseFact } from '../../src-main/writepath/text';
import { PERSONAL_SPACE_ID } from '../../src-shared/spaces';

export interface FixtureTurn {
  speaker?: string;
  role: string;
  text: string;
}
export interface FixtureConversation {
  id: string;
  started_at: string;
  turns: FixtureTurn[];
  expected: {
    facts: { content: string; valid_from?: string }[];
    acceptable: string[];
    entities: { name: string; type: string; aliases?: string[] }[];
  };
}

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/extraction/', import.meta.url));

export function loadExtractionFixtures(dir = FIXTURE_DIR): FixtureConversation[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { conversations: FixtureConversation[] }).conversations);
}

/** Episodes as the transcript importer records them: "Speaker: text", one minute apart. */
export function fixtureEpisodes(conv: FixtureConversation): MemoryNode[] {
  const start = Date.parse(conv.started_at);
  return conv.turns.map((t, i): MemoryNode => ({
    id: `${conv.id}-${i + 1}`,
    type: 'episodic',
    content: t.speaker ? `${t.speaker}: ${t.text}` : t.text,
    eventTime: start + i * 60_000,
    createdAt: Date.parse('2026-11-23T12:00:00Z'),
    validFrom: start + i * 60_000,
    validUntil: null,
    invalidatedReason: null,
    confidence: 1,
    confidenceBase: 1,
    accessCount: 0,
    lastAccessed: null,
    decayRate: 0,
    stability: 1,
    sourceType: t.speaker ? 'import' : 'conversation',
    sourceRole: t.role,
    sessionId: conv.id,
    spaceId: PERSONAL_SPACE_ID,
    everywhere: false,
    attributes: t.speaker ? { speaker: t.speaker } : ({} as JsonObject),
  }));
}

const canonical = (s: string): string =>
  normaliseFact(s)
    .replace(/\b(?:his|her|their)\b/g, 'their')
    .replace(/\bthe user's\b/g, "user's");

export function sameFact(a: string, b: string): boolean {
  const x = canonical(a);
  const y = canonical(b);
  if (x === y) return true;
  if (x.split(' ')[0] !== y.split(' ')[0]) return false;
  return jaccard(contentTokens(x), contentTokens(y)) >= 0.75;
}

export interface ExtractionScore {
  analyzer: string;
  returned: number;
  right: number;
  expected: number;
  found: number;
  precision: number;
  recall: number;
  timesExpected: number;
  timesRight: number;
  entitiesExpected: number;
  entitiesFound: number;
  entitiesReturned: number;
  entitiesRight: number;
  wrong: string[];
  missed: string[];
  ms: number;
}

/** Same month (or year / day, at the precision the label gives). */
function sameTime(label: string, time: number): boolean {
  return new Date(time).toISOString().startsWith(label);
}

export async function scoreExtraction(analyzer: TextAnalyzer, conversations = loadExtractionFixtures()): Promise<ExtractionScore> {
  const extractor = new OfflineExtractor({ analyzer: async () => analyzer });
  const score: ExtractionScore = {
    analyzer: analyzer.name, returned: 0, right: 0, expected: 0, found: 0, precision: 0, recall: 0, timesExpected: 0, timesRight: 0,
    entitiesExpected: 0, entitiesFound: 0, entitiesReturned: 0, entitiesRight: 0, wrong: [], missed: [], ms: 0,
  };
  const started = performance.now();
  for (const conv of conversations) {
    const episodes = fixtureEpisodes(conv);
    const out = await extractor.extract({ sessionId: conv.id, episodes, knownEntities: [] });
    const allowed = [...conv.expected.facts.map((f) => f.content), ...conv.expected.acceptable];
    score.returned += out.facts.length;
    for (const f of out.facts) {
      if (allowed.some((a) => sameFact(a, f.content))) score.right++;
      else score.wrong.push(`${conv.id}: ${f.content}`);
    }
    for (const e of conv.expected.facts) {
      score.expected++;
      const hit = out.facts.find((f) => sameFact(e.content, f.content));
      if (hit) score.found++;
      else score.missed.push(`${conv.id}: ${e.content}`);
      if (e.valid_from) {
        score.timesExpected++;
        if (hit && hit.eventTime !== null && sameTime(e.valid_from, hit.eventTime)) score.timesRight++;
        else if (hit) score.wrong.push(`${conv.id}: time of "${e.content}" is ${hit.eventTime === null ? 'the episode time' : new Date(hit.eventTime).toISOString()}, expected ${e.valid_from}`);
      }
    }
    const expectedEntities = conv.expected.entities;
    score.entitiesExpected += expectedEntities.length;
    score.entitiesReturned += out.entities.length;
    for (const e of out.entities) {
      const label = expectedEntities.find((x) => x.name.toLowerCase() === e.name.toLowerCase());
      if (label && label.type === e.type) score.entitiesRight++;
      else score.wrong.push(`${conv.id}: entity ${e.name}/${e.type}${label ? ` (expected ${label.type})` : ''}`);
    }
    for (const e of expectedEntities) {
      const hit = out.entities.find((x) => x.name.toLowerCase() === e.name.toLowerCase() && x.type === e.type);
      if (hit && (e.aliases ?? []).every((a) => hit.aliases.includes(a))) score.entitiesFound++;
      else score.missed.push(`${conv.id}: entity ${e.name}/${e.type}${e.aliases ? ` aliases ${e.aliases.join(', ')}` : ''}`);
    }
  }
  score.ms = performance.now() - started;
  score.precision = score.returned === 0 ? 1 : score.right / score.returned;
  score.recall = score.expected === 0 ? 1 : score.found / score.expected;
  return score;
}
