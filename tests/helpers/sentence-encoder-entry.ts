/**
 * Loads the sentence encoder in a fresh process, as a host does, then lets a promise rejection go unhandled: prints
 * the process handler counts before and after the load, whether the host's own handler still decides, and whether a
 * handler the host added while the encoder was loading is still there.
 */
import { OfflineSentenceEmbedder } from '../../src-main/embeddings/offline-sentence';

const handled: string[] = [];
process.on('unhandledRejection', (reason) => handled.push(String(reason)));
const before = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
const loading = new OfflineSentenceEmbedder().embedBatch(['the encoder is loaded now']);
// Something else of the host's, registered while the encoder loads.
const addedMeanwhile = (err: Error): void => void err;
// A host's "crash on an unhandled rejection", in the shape of the runtime's own but not its source.
const rethrowMeanwhile = function (err: unknown): never {
  throw err;
};
await new Promise((resolve) => setImmediate(resolve));
process.on('uncaughtException', addedMeanwhile);
process.on('unhandledRejection', rethrowMeanwhile);
await loading;
const after = [process.listenerCount('uncaughtException') - 1, process.listenerCount('unhandledRejection') - 1];
const keptMeanwhile = process.listeners('uncaughtException').includes(addedMeanwhile) && process.listeners('unhandledRejection').includes(rethrowMeanwhile);
process.removeListener('uncaughtException', addedMeanwhile);
process.removeListener('unhandledRejection', rethrowMeanwhile);
void Promise.reject(new Error('stray'));
setTimeout(() => {
  process.stdout.write(JSON.stringify({ before, after, handled, keptMeanwhile }));
}, 200);
