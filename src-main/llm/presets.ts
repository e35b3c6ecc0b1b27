/**
 * Provider presets. Pure data (no Node imports) so the renderer can show the same list the main process uses.
 * Every provider is an OpenAI-compatible endpoint reached through the `openai` SDK.
 */
export const PROVIDER_KINDS = ['none', 'builtin', 'openai', 'ollama', 'lmstudio', 'custom'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export interface ProviderPreset {
  kind: ProviderKind;
  label: string;
  /** Default base URL; the user may edit it for every preset except "none". */
  baseURL: string;
  /** Whether the endpoint normally needs an API key (local servers do not). */
  needsKey: boolean;
  chatModel: string;
  agentModel: string;
  embeddingModel: string;
  /**
   * Tokens the chat model sees per request when the settings name none. Hosted models have large windows;
   * local servers are set small (Ollama gets it as num_ctx, so this is also what it allocates).
   */
  contextLength: number;
  hint: string;
}

export const PROVIDER_PRESETS: Record<ProviderKind, ProviderPreset> = {
  none: {
    kind: 'none',
    label: 'No model (memory-only)',
    baseURL: '',
    needsKey: false,
    chatModel: '',
    agentModel: '',
    embeddingModel: '',
    contextLength: 0,
    hint: 'Engram records and searches your memory, and answers with what it remembers.',
  },
  builtin: {
    kind: 'builtin',
    label: 'Built-in (on this computer)',
    // Never a network address: the OpenAI client routes it to the model's own thread (llm/builtin/registry.ts).
    baseURL: 'http://builtin.engram.invalid/v1',
    needsKey: false,
    chatModel: 'qwen2.5-1.5b-instruct',
    agentModel: '',
    embeddingModel: '',
    contextLength: 4096,
    hint: 'Runs a downloaded model on this computer: nothing leaves it, no server to install.',
  },
  openai: {
    kind: 'openai',
    label: 'OpenAI',
    baseURL: 'https://api.openai.com/v1',
    needsKey: true,
    chatModel: 'gpt-4.1-mini',
    agentModel: 'gpt-4.1-mini',
    embeddingModel: 'text-embedding-3-large',
    contextLength: 128_000,
    hint: 'Needs an API key from platform.openai.com.',
  },
  ollama: {
    kind: 'ollama',
    label: 'Ollama',
    baseURL: 'http://127.0.0.1:11434/v1',
    needsKey: false,
    chatModel: 'llama3.1',
    agentModel: 'llama3.1',
    embeddingModel: 'nomic-embed-text',
    contextLength: 8192,
    hint: 'Start Ollama and pull the model first (ollama pull llama3.1).',
  },
  lmstudio: {
    kind: 'lmstudio',
    label: 'LM Studio',
    baseURL: 'http://127.0.0.1:1234/v1',
    needsKey: false,
    chatModel: 'local-model',
    agentModel: 'local-model',
    embeddingModel: 'text-embedding-nomic-embed-text-v1.5',
    contextLength: 4096,
    hint: "Load a model and start LM Studio's local server.",
  },
  custom: {
    kind: 'custom',
    label: 'Custom (OpenAI-compatible)',
    baseURL: 'http://127.0.0.1:8080/v1',
    needsKey: false,
    chatModel: '',
    agentModel: '',
    embeddingModel: '',
    contextLength: 4096,
    hint: 'Any server that speaks the OpenAI chat completions API (llama.cpp server, vLLM, …).',
  },
};
