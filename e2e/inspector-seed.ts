/**
 * Seeds a memory through the API (the same calls the UI makes): two conversations' episodes, a handful of
 * entities (two of them the same person, for the merge), and `facts` facts spread over two years with
 * every origin, some derived from the episodes.
 */
import type { EngramProcess } from './fixtures';

interface Entity {
  id: string;
  canonicalName: string;
}

const TOPICS = [
  'prefers green tea in the morning',
  'uses Neovim for Rust projects',
  'has a standing meeting on Tuesdays',
  'is learning the cello',
  'thinks TypeScript generics are overused',
  'keeps notes in Markdown files',
  'runs 5 km on Saturdays',
  'deploys with a Makefile and rsync',
  'likes Japanese crime novels',
  'wants to visit Lisbon in spring',
];
const ORIGINS = ['manual', 'tool_result', 'extraction', 'heuristic', 'consolidation'] as const;
const TYPES = ['semantic', 'semantic', 'procedural', 'opinion'] as const;
const DAY = 86_400_000;

async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < n; start += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - start) }, (_, k) => fn(start + k)))));
  }
  return out;
}

export interface Seeded {
  entities: Record<'ada' | 'countess' | 'engine' | 'london', Entity>;
  episodes: string[];
  /** A fact with provenance, written by hand: the one the test edits. */
  violin: string;
  total: number;
}

export async function seedMemory(engram: EngramProcess, facts = 1000): Promise<Seeded> {
  const mk = (name: string, type: string, aliases: string[] = []) => engram.call<Entity>('entity.create', { name, type, aliases });
  const entities = {
    ada: await mk('Ada Lovelace', 'person', ['Ada']),
    countess: await mk('Countess of Lovelace', 'person', ['the Countess']),
    engine: await mk('Analytical Engine', 'project'),
    london: await mk('London', 'place'),
  };
  const extra = await inBatches(16, 8, (i) => mk(`Topic ${i + 1}`, i % 2 ? 'concept' : 'tool'));
  const chat = await engram.call<{ id: string }>('chat.create', {});
  // Offline: each message is recorded as an episode and answered from memory at once.
  for (const text of ['Ada Lovelace told me she is learning the violin', 'She practises every evening in London']) {
    await engram.call('chat.send', { chatId: chat.id, text });
    // Wait for the (memory-only) reply to finish before the next message.
    for (let i = 0; i < 100; i++) {
      const messages = await engram.call<{ status: string }[]>('chat.messages', { chatId: chat.id });
      if (!messages.some((m) => m.status === 'streaming')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const episodes = (await engram.call<{ items: { id: string }[] }>('memory.listNodes', { types: ['episodic'], limit: 10 })).items.map((n) => n.id);
  const now = Date.now();
  await inBatches(facts - 1, 25, (i) => {
    const who = [entities.ada, entities.countess, entities.engine, entities.london, ...extra][i % 20] as Entity;
    return engram.call('memory.rememberFact', {
      content: `${who.canonicalName} ${TOPICS[i % TOPICS.length]} (note ${i + 1})`,
      type: TYPES[i % TYPES.length],
      sourceType: ORIGINS[i % ORIGINS.length],
      confidence: 0.3 + ((i * 37) % 70) / 100,
      eventTime: now - Math.floor(((i * 7919) % 730) * DAY + (i % 24) * 3_600_000),
      entityIds: [who.id],
      tags: i % 9 === 0 ? ['seed'] : [],
      derivedFrom: i % 50 === 0 && episodes[0] ? [episodes[0]] : [],
    });
  });
  const { id: violin } = await engram.call<{ id: string }>('memory.rememberFact', {
    content: 'Ada Lovelace is learning the violin',
    sourceType: 'manual',
    confidence: 0.7,
    entityIds: [entities.ada.id, entities.london.id],
    derivedFrom: episodes,
  });
  return { entities, episodes, violin, total: facts + episodes.length };
}
