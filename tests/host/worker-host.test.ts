/**
 * The app behind a worker thread (browser mode and the desktop app): calls, events, secrets that stay on the
 * main thread, start-up errors the main thread can still classify, and a shutdown that closes the database.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openMemoryFile } from '../helpers/encrypted-files';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../src-main/api/contract';
import { classifyStartupError } from '../../src-main/app/startup-failure';
import { MemorySecretStore } from '../../src-main/llm/secrets';
import { WorkerHost } from '../../src-main/host/worker/worker-host';
import { CollectingLogger, makeTempDir } from '../helpers/temp-engine';

const hosts: WorkerHost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
});

async function startHost(dataDir = makeTempDir(), secrets = new MemorySecretStore()) {
  const host = await WorkerHost.start({ dataDir, secrets, mode: 'browser', version: 'test', logger: new CollectingLogger() });
  hosts.push(host);
  return { host, dataDir, secrets };
}

describe('WorkerHost', () => {
  it('answers contract calls from the worker, typed and validated there', async () => {
    const { host, dataDir } = await startHost();
    expect(await host.call('app.info', {})).toMatchObject({ ok: true, value: { mode: 'browser', dataDir } });
    // Validation happens in the worker's dispatch, as in-process: bad input is a typed error, not a crash.
    expect(await host.dispatch('memory.getNode', { id: 42 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await host.dispatch('no.such.call', {})).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    // Calls in flight at once each get their own answer.
    const answers = await Promise.all(['a', 'b', 'c'].map((w) => host.call('memory.rememberFact', { content: `Ana likes ${w}pples` })));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(new Set(answers.map((a) => (a.ok ? a.value.id : ''))).size).toBe(3);
  });

  it('serialises answers on the worker for transports that send JSON', async () => {
    const { host } = await startHost();
    const saved = await host.call('memory.rememberFact', { content: 'Ana plays the cello in Zürich on Sundays' });
    const id = saved.ok ? saved.value.id : '';
    const json = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));
    const bytes = await host.dispatchJson('memory.getNode', { id });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(json(bytes)).toEqual(await host.dispatch('memory.getNode', { id }));
    expect(json(await host.dispatchJson('memory.getNode', { id: 7 }))).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // Non-ASCII text survives the UTF-8 round trip.
    expect(JSON.stringify(json(bytes))).toContain('Zürich');
  });

  it('forwards the engine’s events to every subscriber on the main thread', async () => {
    const { host } = await startHost();
    const seen: EventName[] = [];
    host.subscribe((name) => seen.push(name));
    const saved = await host.call('memory.rememberFact', { content: 'Ana climbs at the Arkose gym on Thursdays' });
    expect(saved.ok).toBe(true);
    await expect.poll(() => seen.includes('memory.changed')).toBe(true);
  });

  it('keeps API keys in the main thread’s secret store, read and written on the worker’s behalf', async () => {
    const secrets = new MemorySecretStore();
    const { host } = await startHost(makeTempDir(), secrets);
    const saved = await host.call('settings.save', {
      provider: { kind: 'openai', baseURL: 'https://api.openai.com/v1', chatModel: 'gpt-4.1-mini', agentModel: 'gpt-4.1-mini', embeddingModel: '' },
      sessionTimeoutMinutes: 30,
      apiKey: 'sk-worker-bridge',
    });
    expect(saved).toMatchObject({ ok: true, value: { hasApiKey: true } });
    expect(JSON.stringify(saved)).not.toContain('sk-worker-bridge');
    expect(secrets.get('provider.apiKey')).toBe('sk-worker-bridge');
    // A key changed on the main side is what the worker reads next.
    secrets.set('provider.apiKey', null);
    expect(await host.call('settings.get', {})).toMatchObject({ ok: true, value: { hasApiKey: false } });
  });

  it('rejects start-up with the engine’s own error, which the desktop app can still explain', async () => {
    const dataDir = makeTempDir();
    writeFileSync(join(dataDir, 'engram.db'), Buffer.alloc(8192, 0x5a));
    const failed = await WorkerHost.start({ dataDir, secrets: new MemorySecretStore(), mode: 'electron', version: 'test', logger: new CollectingLogger() }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    // Without a key file, an unreadable header is an encrypted memory whose key is gone or a damaged file: the
    // dialog says both (issue 27), with what to do for each.
    const failure = classifyStartupError(failed, { dataDir, packaged: false });
    expect(failure.kind).toBe('locked-database');
    expect(failure.title).toMatch(/damaged/);
  });

  it('closes the database in the worker on shutdown; later calls are refused, not lost in silence', async () => {
    const { host, dataDir } = await startHost();
    const saved = await host.call('memory.rememberFact', { content: 'Ana moved to Lyon in March' });
    expect(saved.ok).toBe(true);
    await host.close();
    expect(await host.dispatch('app.info', {})).toMatchObject({ ok: false, error: { code: 'closed' } });
    // The file is complete and unlocked: another connection reads the fact without the WAL of a live writer.
    const db = openMemoryFile(join(dataDir, 'engram.db'));
    try {
      const row = db.prepare('SELECT content FROM nodes WHERE id = ?').get(saved.ok ? saved.value.id : '') as { content: string } | undefined;
      expect(row?.content).toBe('Ana moved to Lyon in March');
    } finally {
      db.close();
    }
  });

  // Four worker starts (each compiles the engine under tsx): allow for a loaded machine.
  it('starts a thread that dies again on the same memory, tells the window to refetch, and gives up when it keeps dying', { timeout: 90_000 }, async () => {
    const dataDir = makeTempDir();
    const logger = new CollectingLogger();
    const host = await WorkerHost.start({ dataDir, secrets: new MemorySecretStore(), mode: 'browser', version: 'test', logger });
    hosts.push(host);
    const saved = await host.call('memory.rememberFact', { content: 'Ana keeps bees in Lyon' });
    const id = saved.ok ? saved.value.id : '';
    const events: unknown[] = [];
    host.subscribe((name, payload) => events.push({ name, payload }));
    const kill = () => (host as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();

    await kill();
    // A call made while it starts again waits for it, and the committed fact is there.
    expect(await host.call('memory.getNode', { id })).toMatchObject({ ok: true, value: { node: { content: 'Ana keeps bees in Lyon' } } });
    expect(events).toContainEqual({ name: 'memory.changed', payload: { kind: 'external.changed' } });
    // The dead thread's connection let go of the file: the new one writes.
    expect(await host.call('memory.rememberFact', { content: 'Ana sells honey on Saturdays' })).toMatchObject({ ok: true });
    expect(logger.errors.some((e) => e.includes('ended unexpectedly'))).toBe(true);

    // Three restarts a minute, then it stays down and says so.
    for (let i = 0; i < 3; i++) {
      await kill();
      await host.call('app.info', {});
    }
    const answer = await host.call('app.info', {});
    expect(answer).toMatchObject({ ok: false, error: { code: 'closed', message: expect.stringContaining('restart Engram') } });
    expect(logger.errors.some((e) => e.includes('not started again'))).toBe(true);
  });
});
