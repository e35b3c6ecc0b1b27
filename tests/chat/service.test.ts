import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { episodeChunks } from '../../src-main/chat/service';
import type { ChatMessage } from '../../src-shared/chat-types';
import { chatChunk, openAIError, startScriptedOpenAI, type RecordedRequest, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { openTestHost, useProvider, type TestHost } from '../helpers/app-host';

let server: ScriptedOpenAIServer;
beforeEach(async () => {
  server = await startScriptedOpenAI({ models: ['scripted-model'] });
});
afterEach(async () => {
  await server.close();
});

const CHAT = '/v1/chat/completions';
const sse = (...parts: string[]) => ({ sse: parts.map((p) => chatChunk(p)) });
const toolCallStep = (name: string, args: Record<string, unknown>, id = 'call_1') => ({
  sse: [
    chatChunk({ role: 'assistant', tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }] }),
    chatChunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(args) } }] }, { finish_reason: 'tool_calls' }),
  ],
});

function bodyOf(r: RecordedRequest): { messages: { role: string; content: string | null }[]; tools?: { function: { name: string } }[] } {
  return r.body as { messages: { role: string; content: string | null }[]; tools?: { function: { name: string } }[] };
}

async function sendAndWait(t: TestHost, chatId: string, text: string): Promise<{ user: ChatMessage; reply: ChatMessage }> {
  const { userMessage, assistantMessage } = await t.host.chat.send(chatId, text);
  const reply = await t.host.chat.waitForReply(assistantMessage.id);
  return { user: t.host.chat.messages(chatId).find((m) => m.id === userMessage.id) as ChatMessage, reply };
}

describe('chat service with a model', () => {
  it('streams a reply, persists it, and records both messages as episodes', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, sse('Hello', ', ', 'Ada!'));
    const chat = t.host.chat.create();
    const { user, reply } = await sendAndWait(t, chat.id, 'Hi, I am Ada');

    expect(reply).toMatchObject({ status: 'complete', content: 'Hello, Ada!', model: 'scripted-model', replyTo: user.id });
    expect(t.eventsOf('chat.delta').map((d) => d.delta)).toEqual(['Hello', ', ', 'Ada!']);
    expect(user.episodeId).not.toBeNull();
    expect(reply.episodeId).not.toBeNull();
    await t.host.memory.flush();
    const episodes = t.host.memory.listNodes({ types: ['episodic'] }).items;
    expect(episodes.map((n) => [n.sourceRole, n.content]).sort()).toEqual([
      ['assistant', 'Hello, Ada!'],
      ['user', 'Hi, I am Ada'],
    ]);
    expect(new Set(episodes.map((n) => n.sessionId))).toEqual(new Set([user.memorySessionId]));
    // The title comes from the first message; the conversation survives in SQLite.
    expect(t.host.chat.get(chat.id).title).toBe('Hi, I am Ada');
    expect(t.host.chat.messages(chat.id).map((m) => m.role)).toEqual(['user', 'assistant']);
    const request = server.requestsTo(CHAT)[0] as RecordedRequest;
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect((request.body as { stream: boolean }).stream).toBe(true);
  });

  it('injects the context pack into the system prompt and stores it with the reply', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    t.host.memory.rememberFact({ content: 'The user is allergic to peanuts' });
    server.script(CHAT, sse('Noted.'));
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'Am I allergic to peanuts?');

    const system = bodyOf(server.requestsTo(CHAT)[0] as RecordedRequest).messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('allergic to peanuts');
    expect(reply.contextPackId).not.toBeNull();
    const pack = t.host.chat.contextPack(reply.id);
    expect(pack?.prompt).toBe('Am I allergic to peanuts?');
    expect(pack?.markdown).toContain('allergic to peanuts');
  });

  it('sends earlier turns of the conversation as history', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, sse('First answer'), sse('Second answer'));
    const chat = t.host.chat.create();
    await sendAndWait(t, chat.id, 'first question');
    await sendAndWait(t, chat.id, 'second question');
    const messages = bodyOf(server.requestsTo(CHAT)[1] as RecordedRequest).messages.slice(1);
    expect(messages).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'second question' },
    ]);
  });

  it('runs memory tools in a loop and records each call for the chips', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    t.host.memory.rememberFact({ content: 'Bob lives in Lisbon' });
    server.script(
      CHAT,
      toolCallStep('search_memory', { query: 'Where does Bob live?' }),
      toolCallStep('remember_fact', { content: 'Bob has a dog named Rex' }, 'call_2'),
      sse('Bob lives in Lisbon, ', 'and I will remember Rex.'),
    );
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'Where does Bob live? Also, he has a dog named Rex.');

    expect(reply.status).toBe('complete');
    expect(reply.content).toBe('Bob lives in Lisbon, and I will remember Rex.');
    expect(reply.toolCalls.map((c) => [c.name, c.status])).toEqual([
      ['search_memory', 'done'],
      ['remember_fact', 'done'],
    ]);
    const found = reply.toolCalls[0]?.result as { results: { content: string }[] };
    expect(found.results.map((r) => r.content)).toContain('Bob lives in Lisbon');
    expect(t.host.memory.listNodes({ types: ['semantic'] }).items.map((n) => n.content)).toContain('Bob has a dog named Rex');

    const requests = server.requestsTo(CHAT).map(bodyOf);
    expect(requests[0]?.tools?.map((x) => x.function.name)).toEqual([
      'search_memory',
      'remember_fact',
      'correct_fact',
      'confirm_fact',
      'get_entity_info',
      'memory_stats',
    ]);
    // The tool result goes back to the model.
    const toolMessage = requests[1]?.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toContain('Bob lives in Lisbon');
    // Chips appear while the reply is being written.
    expect(t.eventsOf('chat.message').some((m) => m.id === reply.id && m.toolCalls[0]?.status === 'running')).toBe(true);
  });

  it('reports bad tool arguments to the model instead of failing the reply', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, toolCallStep('confirm_fact', { id: 'no-such-node' }), sse('That memory does not exist.'));
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'Confirm it');
    expect(reply.status).toBe('complete');
    expect(reply.toolCalls[0]).toMatchObject({ name: 'confirm_fact', status: 'error' });
    expect(reply.toolCalls[0]?.error).toMatch(/not shown to you/);
  });

  it('lets the model correct or confirm only memories it was shown in this turn', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    const shown = t.host.memory.rememberFact({ content: 'The user lives in Porto' });
    let hidden = '';
    // Recalled text tells the model to rewrite a memory it was never shown: refused, the person decides.
    // (The memory is written after the pack was built, so neither the pack nor a search showed it.)
    server.script(
      CHAT,
      () => {
        hidden = t.host.memory.rememberFact({ content: 'The user banks with Caixa' });
        return toolCallStep('correct_fact', { id: hidden, content: 'The user has no bank' }, 'call_a');
      },
      toolCallStep('confirm_fact', { id: shown }, 'call_b'),
      toolCallStep('constructor', {}, 'call_c'),
      sse('Done.'),
    );
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'Where do I live? I live in Porto');
    expect(reply.toolCalls.map((c) => [c.name, c.status])).toEqual([
      ['correct_fact', 'error'],
      ['confirm_fact', 'done'],
      ['constructor', 'error'],
    ]);
    expect(reply.toolCalls[2]?.error).toMatch(/unknown tool/);
    expect(t.host.memory.getNode(hidden).node.validUntil).toBeNull();
    expect(t.host.memory.getNode(shown).node.decayRate).toBe(0);
  });

  it('bounds the tool loop: after the last round the model gets no tools', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    for (let i = 0; i < 4; i++) server.script(CHAT, toolCallStep('memory_stats', {}, `call_${i}`));
    server.script(CHAT, sse('Enough looking.'));
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'How much do you remember?');
    expect(reply.toolCalls).toHaveLength(4);
    expect(reply.content).toBe('Enough looking.');
    const requests = server.requestsTo(CHAT).map(bodyOf);
    expect(requests).toHaveLength(5);
    expect(requests[4]?.tools).toBeUndefined();
  });

  it('stops a streaming reply and keeps what was written', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, { sse: [chatChunk('Partial answer')], ending: 'stall' });
    const chat = t.host.chat.create();
    const { assistantMessage } = await t.host.chat.send(chat.id, 'Tell me a long story');
    await waitFor(() => t.eventsOf('chat.delta').length > 0);
    expect(t.host.chat.stop(assistantMessage.id)).toBe(true);
    const reply = await t.host.chat.waitForReply(assistantMessage.id);
    expect(reply).toMatchObject({ status: 'stopped', content: 'Partial answer' });
    expect(t.host.chat.stop(assistantMessage.id)).toBe(false);
  });

  it('refuses a second message while a reply is being written', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, { hang: true });
    const chat = t.host.chat.create();
    const { assistantMessage } = await t.host.chat.send(chat.id, 'one');
    await expect(t.host.chat.send(chat.id, 'two')).rejects.toThrow(/still being written/);
    t.host.chat.stop(assistantMessage.id);
    expect((await t.host.chat.waitForReply(assistantMessage.id)).status).toBe('stopped');
  });

  it('explains failures by reason, and retry writes the reply again', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, { ...openAIError(401, 'Incorrect API key provided'), headers: { 'x-should-retry': 'false' } });
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'hello?');
    expect(reply.status).toBe('error');
    expect(reply.error).toMatchObject({ reason: 'bad_key' });
    expect(reply.error?.message).toContain('Incorrect API key');

    server.script(CHAT, sse('Now it works.'));
    t.host.chat.retry(reply.id);
    const retried = await t.host.chat.waitForReply(reply.id);
    expect(retried).toMatchObject({ status: 'complete', content: 'Now it works.', error: null });
    expect(t.host.chat.messages(chat.id)).toHaveLength(2);
  });

  it('a retried reply replaces the earlier one in memory too', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, sse('The first answer.'));
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'hello?');
    expect(reply.episodeId).not.toBeNull();
    const first = reply.episodeId as string;

    server.script(CHAT, sse('A better answer.'));
    t.host.chat.retry(reply.id);
    const retried = await t.host.chat.waitForReply(reply.id);
    await t.host.memory.flush();
    const said = t.host.memory.listNodes({ types: ['episodic'] }).items.map((n) => n.content);
    expect(said).toContain('A better answer.');
    expect(said).not.toContain('The first answer.');
    // Forgotten, not destroyed: still there for the inspector.
    expect(t.host.memory.getNode(first).node).toMatchObject({ content: 'The first answer.', invalidatedReason: 'forgotten' });
    expect(retried.episodeId).not.toBe(first);
  });

  it('names an unknown model', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL, 'k', 'no-such-model');
    server.script(CHAT, { ...openAIError(404, 'The model `no-such-model` does not exist'), headers: { 'x-should-retry': 'false' } });
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'hi');
    expect(reply.error?.reason).toBe('unknown_model');
    expect(reply.error?.message).toContain('no-such-model');
  });
});

describe('offline (memory-only) answers', () => {
  it('answers from memory with a clear label when no model is configured', async () => {
    const t = openTestHost();
    t.host.memory.rememberFact({ content: 'Carol prefers tea over coffee' });
    const chat = t.host.chat.create();
    const { user, reply } = await sendAndWait(t, chat.id, 'What does Carol like to drink?');
    expect(reply.status).toBe('offline');
    expect(reply.content).toMatch(/^\*\*Memory-only answer\*\*/);
    expect(reply.content).toContain('Carol prefers tea over coffee');
    // The user's message is still recorded; the memory-only answer is not (it would duplicate memories).
    expect(user.episodeId).not.toBeNull();
    expect(reply.episodeId).toBeNull();
  });

  it('finds what was said earlier in the same chat, but not the question itself', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    const first = await sendAndWait(t, chat.id, 'My locker code at the gym is 4417');
    const { reply } = await sendAndWait(t, chat.id, 'What is my gym locker code?');
    expect(reply.content).toContain('My locker code at the gym is 4417');
    expect(reply.content).not.toContain('What is my gym locker code');
    expect(first.user.episodeId).not.toBeNull();
  });

  it('says so when nothing relevant is remembered', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'Quantum chromodynamics?');
    expect(reply.content).toContain("don't remember anything relevant");
  });

  it('falls back to memory when the model server is unreachable', async () => {
    const t = openTestHost();
    const closed = await startScriptedOpenAI();
    const url = closed.baseURL;
    await closed.close();
    useProvider(t, url);
    t.host.memory.rememberFact({ content: 'Dave plays the cello' });
    const chat = t.host.chat.create();
    const { reply } = await sendAndWait(t, chat.id, 'What instrument does Dave play?');
    expect(reply.status).toBe('offline');
    expect(reply.error?.reason).toBe('unreachable');
    expect(reply.content).toContain('could not be reached');
    expect(reply.content).toContain('Dave plays the cello');
  });
});

describe('memory sessions and switches', () => {
  it('rotates the memory session after inactivity and emits session.completed', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    const first = await sendAndWait(t, chat.id, 'morning note');
    t.clock.t += 29 * 60_000;
    const second = await sendAndWait(t, chat.id, 'still the same session');
    expect(second.user.memorySessionId).toBe(first.user.memorySessionId);
    expect(t.eventsOf('session.completed')).toEqual([]);

    t.clock.t += 31 * 60_000;
    const third = await sendAndWait(t, chat.id, 'after lunch');
    expect(third.user.memorySessionId).not.toBe(first.user.memorySessionId);
    expect(t.eventsOf('session.completed')).toEqual([
      { chatId: chat.id, memorySessionId: first.user.memorySessionId, reason: 'inactivity', at: t.clock.t },
    ]);
    const session = (t.host.memory as unknown as { getSession(id: string): { status: string } }).getSession(first.user.memorySessionId ?? '');
    expect(session.status).toBe('completed');
  });

  it('honours a configured timeout and completes idle sessions on the sweep', async () => {
    const t = openTestHost();
    t.host.settings.save({ ...t.host.settings.get(), sessionTimeoutMinutes: 5 }, undefined);
    const chat = t.host.chat.create();
    await sendAndWait(t, chat.id, 'note');
    t.clock.t += 4 * 60_000;
    expect(t.host.chat.sweepIdleSessions()).toBe(0);
    t.clock.t += 2 * 60_000;
    expect(t.host.chat.sweepIdleSessions()).toBe(1);
    expect(t.eventsOf('session.completed').map((e) => e.reason)).toEqual(['inactivity']);
    expect(t.host.chat.get(chat.id).memorySessionOpen).toBe(false);
  });

  it('completes the open session on "New chat"', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    const { user } = await sendAndWait(t, chat.id, 'something');
    t.host.chat.create();
    expect(t.eventsOf('session.completed')).toMatchObject([{ chatId: chat.id, memorySessionId: user.memorySessionId, reason: 'new_chat' }]);
  });

  it('"don\'t remember this chat" records no episodes and opens no session', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, sse('ok'));
    const chat = t.host.chat.create();
    t.host.chat.setSwitches(chat.id, { noRemember: true });
    const { user, reply } = await sendAndWait(t, chat.id, 'a secret');
    expect(reply.status).toBe('complete');
    expect([user.episodeId, reply.episodeId, user.memorySessionId]).toEqual([null, null, null]);
    await t.host.memory.flush();
    expect(t.host.memory.listNodes({ types: ['episodic'] }).items).toEqual([]);
    t.host.chat.create();
    expect(t.eventsOf('session.completed')).toEqual([]);
    expect(t.host.chat.get(chat.id).noRemember).toBe(true);
  });

  it('"don\'t remember this chat" offers only the tools that read, and refuses writes', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, toolCallStep('remember_fact', { content: 'A secret plan' }), sse('I will not keep that.'));
    const chat = t.host.chat.create();
    t.host.chat.setSwitches(chat.id, { noRemember: true });
    const { reply } = await sendAndWait(t, chat.id, 'Remember my secret plan');
    const tools = bodyOf(server.requestsTo(CHAT)[0] as RecordedRequest).tools?.map((x) => x.function.name);
    expect(tools).toEqual(['search_memory', 'get_entity_info', 'memory_stats']);
    expect(reply.toolCalls[0]).toMatchObject({ name: 'remember_fact', status: 'error' });
    expect(t.host.memory.listNodes({ types: ['semantic'] }).items).toEqual([]);
  });

  it('"don\'t use memory" sends no context and no tools', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    t.host.memory.rememberFact({ content: 'Erin runs marathons' });
    server.script(CHAT, sse('ok'));
    const chat = t.host.chat.create();
    t.host.chat.setSwitches(chat.id, { noMemory: true });
    const { reply } = await sendAndWait(t, chat.id, 'What does Erin do?');
    const body = bodyOf(server.requestsTo(CHAT)[0] as RecordedRequest);
    expect(body.tools).toBeUndefined();
    expect(body.messages[0]?.content).not.toContain('marathons');
    expect(reply.contextPackId).toBeNull();
    expect(t.host.chat.contextPack(reply.id)).toBeNull();
  });

  it('renames and archives conversations; archiving ends the memory session', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    await sendAndWait(t, chat.id, 'hello');
    t.host.chat.rename(chat.id, 'Groceries');
    t.host.chat.archive(chat.id, true);
    expect(t.host.chat.list(false)).toEqual([]);
    expect(t.host.chat.list(true)).toMatchObject([{ id: chat.id, title: 'Groceries', archived: true }]);
    expect(t.eventsOf('session.completed').map((e) => e.reason)).toEqual(['archived']);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error('condition never became true');
}

describe('replies that memory cannot store as they are', () => {
  it('episodeChunks cleans NULs and lone surrogates and splits at line breaks', () => {
    expect(episodeChunks('a\u0000b \ud800 c')).toEqual(['ab \ufffd c']);
    const parts = episodeChunks(`${'x'.repeat(60)}\n${'y'.repeat(60)}`, 100);
    expect(parts).toEqual(['x'.repeat(60), 'y'.repeat(60)]);
    expect(episodeChunks('   ')).toEqual([]);
  });

  it('a reply with a NUL, a lone surrogate or more than an episode holds is saved whole and recorded cleaned', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    const long = `${'All work and no play. '.repeat(6_000)}The end.`;
    server.script(CHAT, sse('Before\u0000after', ' and a lone \ud800 surrogate'), sse(long));
    const chat = t.host.chat.create();
    const odd = (await sendAndWait(t, chat.id, 'Say something odd')).reply;
    expect(odd.status).toBe('complete');
    // The wire already turned the lone surrogate into U+FFFD; the NUL arrives as sent and is kept in the chat.
    expect(odd.content.startsWith('Before\u0000after and a lone ')).toBe(true);
    const recorded = t.host.memory.getNode(odd.episodeId ?? '').node.content;
    expect(recorded.startsWith('Beforeafter and a lone ')).toBe(true);
    expect(recorded.endsWith(' surrogate')).toBe(true);

    const big = (await sendAndWait(t, chat.id, 'Write a lot')).reply;
    expect(big.status).toBe('complete');
    expect(big.content.length).toBe(long.length);
    await t.host.memory.flush();
    const pieces = t.host.memory
      .listNodes({ types: ['episodic'], limit: 50 })
      .items.filter((n) => n.sourceRole === 'assistant' && n.content.includes('All work'));
    expect(pieces.length).toBe(2);
    expect(pieces.reduce((sum, n) => sum + n.content.length, 0)).toBeGreaterThan(long.length - 10);
    expect(t.logger.errors).toEqual([]);
  });

  it('a stopped or failed reply is saved but not recorded as something the assistant said', async () => {
    const t = openTestHost();
    useProvider(t, server.baseURL);
    server.script(CHAT, { sse: [chatChunk('Here is my ans')], ending: 'stall' });
    const chat = t.host.chat.create();
    const { assistantMessage } = await t.host.chat.send(chat.id, 'Tell me');
    // The reply starts once its context pack is built (the first one may wait for the sentence encoder to load).
    await expect.poll(() => server.requestsTo(CHAT).length, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    t.host.chat.stop(assistantMessage.id);
    const stopped = await t.host.chat.waitForReply(assistantMessage.id);
    expect(stopped).toMatchObject({ status: 'stopped', episodeId: null });
    expect(stopped.content).toContain('Here is my ans');
    await t.host.memory.flush();
    const assistantEpisodes = t.host.memory.listNodes({ types: ['episodic'] }).items.filter((n) => n.sourceRole === 'assistant');
    expect(assistantEpisodes).toEqual([]);
  });
});
