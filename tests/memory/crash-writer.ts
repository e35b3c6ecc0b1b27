/**
 * Child process for the crash-safety test: records episodes forever, and after each flush() writes the ids
 * it was told are durable, one JSON line per flush. The parent kills it with SIGKILL mid-stream.
 */
import { MemoryEngine } from '../../src-main/memory/engine';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: crash-writer <dataDir>');
const engine = MemoryEngine.open({ dataDir });
let i = 0;
for (;;) {
  const ids: string[] = [];
  for (let j = 0; j < 25; j++) {
    ids.push(engine.recordEpisode({ content: `crash test message ${i++} about apples and ${j % 3 ? 'pears' : 'plums'}`, sessionId: `s${i % 4}` }));
  }
  await engine.flush();
  process.stdout.write(`${JSON.stringify(ids)}\n`);
  // Keep the slow path busy too, so the kill can land inside its transactions.
  await new Promise((resolve) => setImmediate(resolve));
}
