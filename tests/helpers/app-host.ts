import { afterEach } from 'vitest';
import { AppHost, type AppHostOptions } from '../../src-main/host/app-host';
import { MemorySecretStore } from '../../src-main/llm/secrets';
import type { ProviderSettings } from '../../src-main/llm/settings';
import type { EventMap, EventName } from '../../src-main/api/contract';
import { CollectingLogger, ManualClock, makeTempDir } from './temp-engine';

const hosts: AppHost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
});

export interface TestHost {
  host: AppHost;
  dir: string;
  clock: ManualClock;
  logger: CollectingLogger;
  secrets: MemorySecretStore;
  events: { name: EventName; payload: unknown }[];
  eventsOf<E extends EventName>(name: E): EventMap[E][];
}

/** An AppHost on a real SQLite file in a temp dir, with a manual clock and no sweep timer. */
export function openTestHost(
  options: { dir?: string; clock?: ManualClock; secrets?: MemorySecretStore; llmTimeoutMs?: number; models?: AppHostOptions['models']; keychain?: AppHostOptions['keychain'] } = {},
): TestHost {
  const dir = options.dir ?? makeTempDir();
  const clock = options.clock ?? new ManualClock();
  const logger = new CollectingLogger();
  const secrets = options.secrets ?? new MemorySecretStore();
  const host = new AppHost({
    dataDir: dir,
    secrets,
    mode: 'browser',
    version: 'test',
    logger,
    engine: { clock },
    sweepIntervalMs: 0,
    llmTimeoutMs: options.llmTimeoutMs ?? 5_000,
    ...(options.models ? { models: options.models } : {}),
    ...(options.keychain ? { keychain: options.keychain } : {}),
  });
  hosts.push(host);
  const events: { name: EventName; payload: unknown }[] = [];
  host.subscribe((name, payload) => events.push({ name, payload }));
  return {
    host,
    dir,
    clock,
    logger,
    secrets,
    events,
    eventsOf: <E extends EventName>(name: E) => events.filter((e) => e.name === name).map((e) => e.payload as EventMap[E]),
  };
}

export function customProvider(baseURL: string, chatModel = 'scripted-model'): ProviderSettings {
  return { kind: 'custom', baseURL, chatModel, agentModel: '', embeddingModel: '' };
}

/** Points the host at a provider (the scripted server) with a key. */
export function useProvider(t: TestHost, baseURL: string, apiKey: string | null = 'test-key', chatModel = 'scripted-model'): void {
  t.host.settings.save({ provider: customProvider(baseURL, chatModel), sessionTimeoutMinutes: 30 }, apiKey);
}
