/**
 * Retract of a 1,000-message chat (issue 23; target ≤ 2 s). The chat's memory session holds 1,000 episodes
 * and 400 facts derived from them: 250 only from the chat, 100 also from another conversation (they lose only
 * this support), 50 corrections of facts learned elsewhere (those become current again); each fact is linked to
 * an entity. Around it, a background of other conversations and facts. Figures: the preview, the retract (one
 * transaction, journalled) and its undo, and the main thread's stall while the retract ran.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryEngine } from '../src-main/memory/engine';
import type { RecordEpisodeInput } from '../src-main/memory';
import { measureStall, progress, round, type StallFigures } from './lib/stats';

const CHAT_MESSAGES = 1_000;
const ONLY_HERE = 250;
const ALSO_ELSEWHERE = 100;
const CORRECTIONS = 50;

export interface RetractFigures extends StallFigures {
  chat_messages: number;
  background_nodes: number;
  preview_ms: number;
  retract_ms: number;
  undo_ms: number;
  target_ms: number;
  forgotten: number;
  losing_support: number;
  current_again: number;
}

const turn = (sessionId: string, i: number, topic: string): RecordEpisodeInput => ({
  content: `Message ${i} about ${topic}: the ${['harbour', 'garden', 'violin', 'bicycle', 'kitchen'][i % 5]} plan number ${i}`,
  sessionId,
  role: i % 2 === 0 ? 'user' : 'assistant',
  sourceType: 'conversation',
});

export async function benchRetract(options: { backgroundNodes: number }): Promise<RetractFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-bench-retract-'));
  const engine = MemoryEngine.open({ dataDir: dir, startSlowPath: false });
  try {
    progress(`retract-chat: building a ${CHAT_MESSAGES}-message chat in a memory of ~${options.backgroundNodes.toLocaleString()} other nodes`);
    const otherSessions = Math.max(1, Math.floor(options.backgroundNodes / 100));
    const elsewhere: string[] = [];
    for (let s = 0; s < otherSessions; s++) {
      const ids = engine.recordEpisodesWith(Array.from({ length: 80 }, (_, i) => turn(`other-${s}`, i, `other ${s}`)), (created) => created);
      elsewhere.push(ids[0] as string);
      for (let f = 0; f < 20; f++) engine.rememberFact({ content: `Background fact ${s}.${f} about the ${f % 2 ? 'harbour' : 'garden'}`, derivedFrom: [ids[f] as string] });
    }
    const entity = engine.createEntity({ name: 'Harbour project', type: 'project' });
    const chat = engine.recordEpisodesWith(Array.from({ length: CHAT_MESSAGES }, (_, i) => turn('big-chat', i, 'the chat')), (created) => created);
    const at = (i: number) => chat[i % chat.length] as string;
    for (let f = 0; f < ONLY_HERE; f++) engine.rememberFact({ content: `Chat fact ${f}`, derivedFrom: [at(f * 3), at(f * 3 + 1)], entityIds: [entity.id] });
    for (let f = 0; f < ALSO_ELSEWHERE; f++) {
      engine.rememberFact({ content: `Shared fact ${f}`, derivedFrom: [at(f * 7), elsewhere[f % elsewhere.length] as string], entityIds: [entity.id] });
    }
    for (let f = 0; f < CORRECTIONS; f++) {
      const old = engine.rememberFact({ content: `User's setting ${f} is blue`, derivedFrom: [elsewhere[f % elsewhere.length] as string], entityIds: [entity.id] });
      engine.correctFact({ id: old, content: `User's setting ${f} is green`, evidence: [at(f * 11)], sessionId: 'big-chat' });
    }
    const background = engine.stats().nodes;
    const source = { kind: 'session' as const, ref: 'big-chat' };

    progress('retract-chat: preview, retract, undo');
    let t = performance.now();
    const preview = engine.previewRetract(source);
    const previewMs = performance.now() - t;
    t = performance.now();
    const { result, stall } = await measureStall(async () => engine.retract(source));
    const retractMs = performance.now() - t;
    t = performance.now();
    engine.undoRetract({ retractionId: result.retractionId });
    const undoMs = performance.now() - t;
    return {
      chat_messages: CHAT_MESSAGES,
      background_nodes: Object.values(background).reduce((a, b) => a + b, 0),
      preview_ms: round(previewMs, 1),
      retract_ms: round(retractMs, 1),
      undo_ms: round(undoMs, 1),
      target_ms: 2000,
      forgotten: preview.forgotten.length,
      losing_support: preview.losingSupport.length,
      current_again: preview.currentAgain.length,
      ...stall,
    };
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
