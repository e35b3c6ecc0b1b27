/**
 * Loads the sentence encoder in a fresh process, as a host does, then lets a promise rejection go unhandled: prints
 * the process handler counts before and after the load and whether the host's own handler still decides.
 */
import { OfflineSentenceEmbedder } from '../../src-main/embeddings/offline-sentence';

const handled: string[] = [];
process.on('unhandledRejection', (reason) => handled.push(String(reason)));
const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
await new OfflineSentenceEmbedder().embedBatch(['the encoder is loaded now']);
const after = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
void Promise.reject(new Error('stray'));
setTimeout(() => {
  process.stdout.write(JSON.stringify({ before, after, handled }));
}, 200);
