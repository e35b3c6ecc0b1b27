/**
 * Child process for the write-path crash test: consolidates every pending session with the memory agent at
 * the given URL, printing one JSON line per progress event. The parent SIGKILLs it mid-run.
 */
import { MemoryEngine } from '../../src-main/memory/engine';
import { WritePathService } from '../../src-main/writepath/service';

const [dataDir, baseURL] = process.argv.slice(2);
if (!dataDir || !baseURL) throw new Error('usage: crash-consolidator <dataDir> <baseURL>');
const engine = MemoryEngine.open({ dataDir });
const service = new WritePathService({ engine, agent: { baseURL, model: 'agent-model', maxRetries: 0 } });
service.onProgress((p) => process.stdout.write(`${JSON.stringify(p)}\n`));
await service.consolidateNow({ trigger: 'crash-test' });
process.stdout.write('{"step":"all-done"}\n');
await service.close();
await engine.close();
