/** Provider settings: what is persisted (never the key) and what the renderer may send to change it. */
import { z } from 'zod';
import { PROVIDER_KINDS, PROVIDER_PRESETS } from './presets';
import {
  DEFAULT_IDLE_TIMEOUT_SECONDS,
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
  IDLE_TIMEOUT_RANGE_SECONDS as IDLE,
  REQUEST_TIMEOUT_RANGE_SECONDS as REQUEST,
} from '../../src-shared/provider-timeouts';

const modelName = z.string().trim().max(200, 'model name is longer than 200 characters');

export const providerSettingsSchema = z
  .object({
    kind: z.enum(PROVIDER_KINDS),
    baseURL: z.string().trim().max(2000),
    chatModel: modelName,
    agentModel: modelName,
    embeddingModel: modelName,
    /** The chat model's context length in tokens; absent = the preset's default. */
    contextLength: z.number().int().min(1024, 'context length must be at least 1,024 tokens').max(10_000_000).optional(),
    /** No data from a streamed reply for this long (first word or between two) stops it; absent = the default. */
    idleTimeoutSeconds: z
      .number()
      .int()
      .min(IDLE.min, `the reply timeout must be at least ${IDLE.min} s`)
      .max(IDLE.max, `the reply timeout must be at most ${IDLE.max} s`)
      .optional(),
    /** One request that is not streamed (the memory agent), per attempt; absent = the default. */
    requestTimeoutSeconds: z
      .number()
      .int()
      .min(REQUEST.min, `the request timeout must be at least ${REQUEST.min} s`)
      .max(REQUEST.max, `the request timeout must be at most ${REQUEST.max} s`)
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'none') return;
    if (!/^https?:\/\/[^\s]+$/.test(s.baseURL) || !URL.canParse(s.baseURL)) {
      ctx.addIssue({ code: 'custom', path: ['baseURL'], message: 'Base URL must be an http:// or https:// URL' });
    }
    if (s.chatModel === '') ctx.addIssue({ code: 'custom', path: ['chatModel'], message: 'Choose a chat model' });
  });
export type ProviderSettings = z.output<typeof providerSettingsSchema>;

export const DEFAULT_PROVIDER_SETTINGS: ProviderSettings = {
  kind: 'none',
  baseURL: '',
  chatModel: '',
  agentModel: '',
  embeddingModel: '',
};

export const MIN_SESSION_TIMEOUT_MINUTES = 1;
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 30;

export const appSettingsSchema = z.object({
  provider: providerSettingsSchema,
  /** Inactivity after which a conversation's memory session is completed (ADR 008 §15). */
  sessionTimeoutMinutes: z.number().int().min(MIN_SESSION_TIMEOUT_MINUTES).max(24 * 60),
});
export type AppSettings = z.output<typeof appSettingsSchema>;

export const DEFAULT_APP_SETTINGS: AppSettings = {
  provider: DEFAULT_PROVIDER_SETTINGS,
  sessionTimeoutMinutes: DEFAULT_SESSION_TIMEOUT_MINUTES,
};

/** An API key as typed by the user: undefined keeps the stored one, null or "" removes it. */
export const apiKeyInputSchema = z
  .string()
  .max(1000, 'API key is longer than 1000 characters')
  .refine((s) => !/\s/.test(s.trim()) && !s.includes('\u0000'), 'API key contains spaces or control characters')
  .nullable()
  .optional();

/** The context length a reply is planned for: the setting, else the provider's default. */
export function contextLengthOf(settings: ProviderSettings): number {
  return settings.contextLength ?? (PROVIDER_PRESETS[settings.kind].contextLength || 4096);
}

/** The provider's timeouts in ms: the settings, else the defaults. */
export function timeoutsOf(settings: ProviderSettings): { idleMs: number; requestMs: number } {
  return {
    idleMs: (settings.idleTimeoutSeconds ?? DEFAULT_IDLE_TIMEOUT_SECONDS) * 1000,
    requestMs: (settings.requestTimeoutSeconds ?? DEFAULT_REQUEST_TIMEOUT_SECONDS) * 1000,
  };
}
