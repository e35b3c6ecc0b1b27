/**
 * Engram does not feed on its own recitals: a reply that restates its memory block is recorded but marked,
 * left out of search by default and never learned from; a question is never offered as a statement.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatChunk, startScriptedOpenAI, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { customProvider, openTestHost, type TestHost } from '../helpers/app-host';
import { memoryAgent, taskOf } from '../helpers/scripted-memory-agent';
import type { RecordedRequest } from '../helpers/scripted-openai-server';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { isRecitalOf } from '../../src-main/chat/recital';
import type { SearchResult } from '../../src-shared/retrieval-types';

let server: ScriptedOpenAIServer;
beforeEach(async () => {
  server = await startScriptedOpenAI({ models: ['scripted-model'] });
});
afterEach(async () => {
  await server.close();
});

const CHAT = '/v1/chat/completions';
const AGENT_TASKS = new Set(['memory_extraction', 'conflict_resolution', 'entity_summaries', 'weekly_reflection']);
const isAgentTask = (request: RecordedRequest) => AGENT_TASKS.has(taskOf(request) ?? '');

async function send(t: TestHost, chatId: string, text: string) {
  const { assistantMessage } = await t.host.chat.send(chatId, text);
  return t.host.chat.waitForReply(assistantMessage.id);
}

describe('recitals of memory', () => {
  it('a reply restating its memory block is marked, not found by search by default, and never a source in consolidation', async () => {
    const t = openTestHost();
    t.host.settings.save({ provider: { ...customProvider(server.baseURL), agentModel: 'scripted-model' }, sessionTimeoutMinutes: 30 }, 'test-key');
    // The memory agent cites every episode it is shown as the source of "User lives in Lisbon".
    const agent = memoryAgent({
      extract: (episodes) => ({
        facts: [{ type: 'semantic', content: 'User lives in Lisbon', source_episodes: episodes.map((e) => e.ref), entities: [], slot: 'home', basis: 'stated' }],
        entities: [],
        causal_links: [],
      }),
    });
    let replyText = 'From what I remember: you live in Lisbon, and you work at Globex as a welder.';
    server.setDefault(CHAT, (request: RecordedRequest) => (isAgentTask(request) ? agent(request) : { sse: [chatChunk(replyText)] }));
    const home = t.host.memory.rememberFact({ content: 'User lives in Lisbon' });
    t.host.memory.rememberFact({ content: 'User works at Globex as a welder' });
    const chat = t.host.chat.create();
    const reply = await send(t, chat.id, 'Where do I live and work?');
    expect(t.host.chat.contextPack(reply.id)?.markdown).toContain('User lives in Lisbon');
    const recital = t.host.memory.getNode(reply.episodeId as string).node;
    expect(recital.attributes.recital).toBe(true);

    // Search leaves it out unless asked for.
    const found = async (input: Record<string, unknown>): Promise<string[]> => {
      const res = await t.host.dispatch('memory.search', { query: 'live in Lisbon work at Globex welder', types: ['episodic'], ...input });
      if (!res.ok) throw new Error(res.error.message);
      return (res.value as SearchResult).hits.map((h) => h.node.id);
    };
    expect(await found({})).not.toContain(recital.id);
    expect(await found({ includeRecitals: true })).toContain(recital.id);

    // Something new in a reply is not a recital.
    replyText = 'Then pack light: the tram to Belém leaves every ten minutes from Praça da Figueira.';
    const fresh = await send(t, chat.id, 'Any tips for getting around?');
    expect(t.host.memory.getNode(fresh.episodeId as string).node.attributes.recital).toBeUndefined();

    // Consolidation never learns from it: no fact cites it, none is reinforced by it.
    const before = t.host.memory.getNode(home).node;
    const run = await t.host.dispatch('memory.consolidate', { sessionId: reply.memorySessionId ?? '' });
    expect(run).toMatchObject({ ok: true, value: { mode: 'llm' } });
    expect(server.requestsTo(CHAT).some((r) => taskOf(r) === 'memory_extraction')).toBe(true);
    const db = (t.host.memory as MemoryEngine).database;
    expect(db.prepare(`SELECT count(*) FROM edges WHERE target_id = ? AND relation_type = 'derived_from'`).pluck().get(recital.id)).toBe(0);
    const after = t.host.memory.getNode(home).node;
    expect(after.confidence).toBe(before.confidence);
    expect(t.host.memory.getNode(home).derivedFrom.map((e) => e.id)).not.toContain(recital.id);
  });

  it('judges statements, not questions, and needs most of a piece to restate what was shown', () => {
    const shown = [{ id: 'a', content: 'User prefers tea over coffee' }];
    expect(isRecitalOf('From what I remember, you prefer tea over coffee.', shown)).toBe(true);
    expect(isRecitalOf('You prefer tea over coffee. Shall I find a tea shop near you?', shown)).toBe(true);
    expect(isRecitalOf('You prefer tea. I booked the table for eight at the Italian place on Rua Augusta and told them about the cake.', shown)).toBe(false);
    expect(isRecitalOf('From what I remember, you prefer tea over coffee.', [])).toBe(false);
  });
});

describe('questions are not statements', () => {
  it('a memory-only answer never offers the question itself (asked again elsewhere) and labels other questions as asked', async () => {
    const t = openTestHost();
    t.host.memory.rememberFact({ content: 'User prefers tea over coffee' });
    const first = t.host.chat.create();
    await send(t, first.id, 'Do I prefer tea or coffee?');
    await send(t, first.id, 'Is coffee bad for my sleep?');
    const chat = t.host.chat.create();
    const reply = await send(t, chat.id, 'Do I prefer tea or coffee?');
    expect(reply.status).toBe('offline');
    expect(reply.content).toContain('User prefers tea over coffee _(fact');
    expect(reply.content).not.toContain('Do I prefer tea or coffee?');
    expect(reply.content).not.toMatch(/\? _\(you said/);
    expect(reply.content).toMatch(/Is coffee bad for my sleep\? _\(you asked · /);
  });
});
