/** The one factory of OpenAI SDK clients, for the chat, the write-path agent and embeddings. */
import OpenAI from 'openai';
import { builtinFetch, isBuiltinBaseURL } from './builtin/registry';

/** Sent when no API key is configured: local servers ignore it, the SDK requires one. */
export const PLACEHOLDER_API_KEY = 'not-needed';

export interface OpenAIClientOptions {
  baseURL: string;
  apiKey?: string | undefined;
  /** Per-attempt timeout in ms. */
  timeoutMs: number;
  /** SDK retries for connection errors, timeouts, 408/409/429/5xx. */
  maxRetries: number;
  /** A fetch of its own (embeddings buffer the body so a stalled body still times out). */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

export function createOpenAIClient(options: OpenAIClientOptions): OpenAI {
  // The built-in model answers in-process: its requests go to its worker, never to the network.
  const fetch = isBuiltinBaseURL(options.baseURL) ? builtinFetch() : options.fetch;
  return new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey?.trim() || PLACEHOLDER_API_KEY,
    // null keeps OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment out of requests to other servers.
    organization: null,
    project: null,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    ...(fetch ? { fetch } : {}),
  });
}

/**
 * The SDK's timeout stops once response headers arrive, so a server that stalls mid-body would hang forever.
 * Reading the body inside fetch keeps it under the SDK's timeout and abort signal. For answers read whole
 * (embeddings, the memory agent's structured output), not for streamed replies.
 */
export async function bufferedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  const nullBody = response.status === 204 || response.status === 205 || response.status === 304;
  const body = nullBody ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
