/**
 * The worker reads secrets from the main thread synchronously. When the main thread is blocked past the
 * worker's timeout (a keychain prompt, a suspend) it still answers the abandoned request later; that late
 * answer must not be taken for the next request's (it returned the provider's API key for the MCP token).
 */
import { MessageChannel, Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src-main/llm/secrets';
import { newSecretBuffer, serveSecrets } from '../../src-main/host/worker/secret-bridge';
import type { KeyProtector } from '../../src-main/storage/memory-key';

/** A store whose first read of `slowName` blocks its thread, as a keychain prompt blocks Electron's main thread. */
class BlockingOnceStore extends MemorySecretStore {
  private blocked = false;
  constructor(private readonly slowName: string, private readonly blockMs: number) {
    super();
  }
  override get(name: string): string | undefined {
    if (name === this.slowName && !this.blocked) {
      this.blocked = true;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, this.blockMs);
    }
    return super.get(name);
  }
}

type AskResult = { name: string; value?: string | null; error?: string };

function askFromWorker(names: string[], store: MemorySecretStore, timeoutMs: number): Promise<AskResult[]> {
  const channel = new MessageChannel();
  const buffer = newSecretBuffer();
  const stop = serveSecrets(store, channel.port1, buffer);
  const worker = new Worker(new URL('../../src-main/host/worker/tsx-boot.mjs', import.meta.url), {
    argv: [new URL('./fixtures/secret-asker.ts', import.meta.url).href],
    workerData: { port: channel.port2, buffer, names, timeoutMs },
    transferList: [channel.port2],
    execArgv: [],
  });
  return new Promise<AskResult[]>((resolve, reject) => {
    worker.once('message', (results: AskResult[]) => resolve(results));
    worker.once('error', reject);
  }).finally(() => {
    stop();
    void worker.terminate();
  });
}

describe('secret bridge', () => {
  it('drops a late answer to a timed-out request: the next request gets its own answer', async () => {
    // The main thread blocks 2 s on the first read; the worker gives up after 1.2 s and asks for something else,
    // which the main thread answers (after the abandoned request) about 0.8 s later, within that request's 1.2 s.
    const store = new BlockingOnceStore('provider.apiKey', 2_000);
    store.set('provider.apiKey', 'sk-provider-key');
    store.set('mcp.token', 'mcp-token');
    store.set('other', 'other-value');
    const results = await askFromWorker(['provider.apiKey', 'mcp.token', 'other'], store, 1_200);
    expect(results[0]).toMatchObject({ name: 'provider.apiKey', error: expect.stringMatching(/did not answer/) });
    expect(results[1]).toEqual({ name: 'mcp.token', value: 'mcp-token' });
    expect(results[2]).toEqual({ name: 'other', value: 'other-value' });
  });

  it('lends the main thread\'s keychain to the worker (seal and unseal of the memory key), and says when there is none', async () => {
    const keychain: KeyProtector = { seal: (k) => Buffer.from([...k].reverse()), unseal: (s) => Buffer.from([...s].reverse()) };
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
    const use = (protector?: KeyProtector): Promise<{ sealed?: string; unsealed?: string; error?: string }> => {
      const channel = new MessageChannel();
      const buffer = newSecretBuffer();
      const stop = serveSecrets(new MemorySecretStore(), channel.port1, buffer, protector);
      const worker = new Worker(new URL('../../src-main/host/worker/tsx-boot.mjs', import.meta.url), {
        argv: [new URL('./fixtures/keychain-user.ts', import.meta.url).href],
        workerData: { port: channel.port2, buffer, key },
        transferList: [channel.port2],
        execArgv: [],
      });
      return new Promise<{ sealed?: string; unsealed?: string; error?: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }).finally(() => {
        stop();
        void worker.terminate();
      });
    };
    expect(await use(keychain)).toEqual({ sealed: Buffer.from([...key].reverse()).toString('base64'), unsealed: key.toString('base64') });
    expect(await use()).toEqual({ error: 'The system keychain is not available' });
  });
});
