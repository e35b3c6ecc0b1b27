/**
 * A slow or failing memory agent shows what is happening instead of sitting at "Consolidating · 2%" for minutes:
 * each retry of a model request is reported ("retrying (2 of 3)…") in the write path's progress, and an answer
 * whose body stalls after the headers fails as `timeout` within the request timeout instead of hanging.
 * Scripted OpenAI-compatible server on 127.0.0.1 through the real `openai` client; no durations are asserted.
 */
import { useScriptedOpenAI } from '../helpers/use-scripted-openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryAgent, type AgentRetry } from '../../src-main/writepath/agent';
import { WritePathService } from '../../src-main/writepath/service';
import type { WritePathProgress } from '../../src-main/writepath/types';
import { chatCompletion, openAIError, type ScriptedOpenAIServer } from '../helpers/scripted-openai-server';
import { memoryAgent } from '../helpers/scripted-memory-agent';
import { openTestEngine } from '../helpers/temp-engine';

const PATH = '/v1/chat/completions';
let server: ScriptedOpenAIServer;
useScriptedOpenAI((s) => (server = s));

const schema = z.object({ items: z.array(z.string()) });
const task = { name: 'test_task', description: 'a test', system: 'Return items.', user: 'Go.', schema };

describe('memory agent retries and timeouts', () => {
  it('reports each retry of a transient failure, then returns the answer', async () => {
    const retries: AgentRetry[] = [];
    const agent = new MemoryAgent(
      { baseURL: server.baseURL, model: 'agent-model', maxRetries: 2, timeoutMs: 1_500, outputMode: 'json_schema' },
      { onRetry: (r) => retries.push(r) },
    );
    server.script(PATH, { hang: true });
    server.script(PATH, { ...openAIError(429, 'slow down'), headers: { 'retry-after': '0' } });
    server.script(PATH, { json: chatCompletion(JSON.stringify({ items: ['a'] })) });
    const result = await agent.complete(task);
    expect(result.value).toEqual({ items: ['a'] });
    expect(retries.map((r) => [r.attempt, r.of, r.reason])).toEqual([
      [2, 3, 'timeout'],
      [3, 3, 'rate_limited'],
    ]);
    expect(retries[1]?.delayMs).toBe(0);
    expect(server.requestsTo(PATH)).toHaveLength(3);
    // Generous: a 1.5 s timeout and a 1 s pause on a shared machine.
  }, 30_000);

  it('retries a timeout once: a server too slow twice fails as timeout', async () => {
    const retries: AgentRetry[] = [];
    const agent = new MemoryAgent(
      { baseURL: server.baseURL, model: 'agent-model', maxRetries: 3, timeoutMs: 300, outputMode: 'json_schema' },
      { onRetry: (r) => retries.push(r) },
    );
    server.script(PATH, { hang: true }, { hang: true }, { json: chatCompletion(JSON.stringify({ items: ['late'] })) });
    await expect(agent.complete(task)).rejects.toMatchObject({ reason: 'timeout' });
    expect(retries.map((r) => [r.attempt, r.of, r.reason])).toEqual([[2, 4, 'timeout']]);
    expect(server.requestsTo(PATH)).toHaveLength(2);
  }, 30_000);

  it('does not retry what will not pass (a refused key)', async () => {
    const retries: AgentRetry[] = [];
    const agent = new MemoryAgent({ baseURL: server.baseURL, model: 'agent-model', maxRetries: 2, outputMode: 'json_schema' }, { onRetry: (r) => retries.push(r) });
    server.script(PATH, openAIError(401, 'bad key'));
    await expect(agent.complete(task)).rejects.toMatchObject({ reason: 'bad_key' });
    expect(retries).toEqual([]);
    expect(server.requestsTo(PATH)).toHaveLength(1);
  });

  it('an answer whose body stalls after the headers fails as a timeout', async () => {
    const agent = new MemoryAgent({ baseURL: server.baseURL, model: 'agent-model', maxRetries: 0, timeoutMs: 300, outputMode: 'json_schema' });
    server.script(PATH, { raw: '{"id":"x","object":"chat.completion","choices":[', ending: 'stall' });
    await expect(agent.complete(task)).rejects.toMatchObject({ reason: 'timeout' });
  });

  it("the write path's progress says the model request is being retried", async () => {
    const { engine } = openTestEngine();
    server.script(PATH, { hang: true });
    server.setDefault(PATH, memoryAgent());
    const wp = new WritePathService({ engine, agent: { baseURL: server.baseURL, model: 'agent-model', maxRetries: 1, timeoutMs: 1_500 }, triggerDelayMs: 0 });
    const events: WritePathProgress[] = [];
    wp.onProgress((p) => events.push(p));
    engine.recordEpisode({ sessionId: 'chat-1', role: 'user', content: 'I play the cello.' });
    await engine.flush();
    engine.markSessionCompleted('chat-1');
    wp.sessionCompleted('chat-1');
    await wp.idle();
    expect(engine.getSession('chat-1')?.status).toBe('consolidated');
    const retry = events.find((e) => e.retry);
    expect(retry).toMatchObject({ job: 'consolidation', sessionId: 'chat-1', retry: { attempt: 2, of: 2, reason: 'timeout' } });
    expect(retry?.percent).toBeLessThan(100);
    // The step after the retry no longer carries it.
    expect(events.at(-1)).toMatchObject({ step: 'done', percent: 100 });
    expect(events.at(-1)?.retry).toBeUndefined();
    await wp.close();
  }, 30_000);
});
