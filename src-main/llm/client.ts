/** The OpenAI SDK client for the configured provider, and the "test connection" probe. */
import type OpenAI from 'openai';
import { classifyLlmError, type LlmFailure } from './errors';
import { createOpenAIClient } from './openai-client';
import type { ProviderSettings } from './settings';

export interface ResolvedProvider {
  settings: ProviderSettings;
  apiKey: string | undefined;
}

export interface ClientOptions {
  timeoutMs?: number;
  maxRetries?: number;
}

/** null when no provider is configured (memory-only mode). */
export function createLlmClient(provider: ResolvedProvider, options: ClientOptions = {}): OpenAI | null {
  if (provider.settings.kind === 'none') return null;
  return createOpenAIClient({
    baseURL: provider.settings.baseURL,
    apiKey: provider.apiKey,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 1,
  });
}

export type ConnectionTestResult =
  | { ok: true; models: string[]; message: string }
  | ({ ok: false; models: string[] } & LlmFailure);

/**
 * Lists the server's models (proves reachability and the key), then checks that the chat model exists.
 * Some local servers list no models; then a one-token completion decides.
 */
export async function testConnection(provider: ResolvedProvider, options: ClientOptions = {}): Promise<ConnectionTestResult> {
  const { settings } = provider;
  if (settings.kind === 'none') {
    return { ok: false, models: [], reason: 'not_configured', message: 'No model provider is selected.' };
  }
  const client = createLlmClient(provider, { timeoutMs: options.timeoutMs ?? 10_000, maxRetries: 0 });
  if (!client) return { ok: false, models: [], reason: 'not_configured', message: 'No model provider is selected.' };
  const ctx = { baseURL: settings.baseURL, model: settings.chatModel };
  let models: string[] = [];
  try {
    const page = await client.models.list();
    models = page.data.map((m) => m.id).sort();
  } catch (err) {
    return { ok: false, models: [], ...classifyLlmError(err, ctx) };
  }
  if (models.length > 0) {
    const missing = [settings.chatModel, settings.agentModel].filter((m) => m !== '' && !models.includes(m));
    if (missing.length > 0) {
      return {
        ok: false,
        models,
        reason: 'unknown_model',
        message: `The server does not offer ${missing.map((m) => `"${m}"`).join(' or ')}. It has: ${models.slice(0, 8).join(', ')}${models.length > 8 ? ', …' : ''}.`,
      };
    }
    return { ok: true, models, message: `Connected: ${settings.chatModel} is available.` };
  }
  try {
    await client.chat.completions.create({ model: settings.chatModel, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 });
    return { ok: true, models, message: `Connected: ${settings.chatModel} answered.` };
  } catch (err) {
    return { ok: false, models, ...classifyLlmError(err, ctx) };
  }
}
