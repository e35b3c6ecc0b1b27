/**
 * What AppHost shows of its memory to whoever holds the host (tests, benchmarks, scripts): the API's calls,
 * plus recording episodes and waiting for them. The host itself wires the whole engine into its services.
 */
import type { ApiMemory } from '../api/memory-port';
import type { MemoryEngine } from '../memory';

export type HostMemory = ApiMemory & Pick<MemoryEngine, 'recordEpisode' | 'flush'>;
