/**
 * Child process for the SIGKILL test: sends chat messages as fast as it can (offline replies, remembered chat)
 * and prints a line after each send is acknowledged. The parent kills it at an arbitrary point mid-stream.
 */
import { AppHost } from '../../src-main/host/app-host';
import { MemorySecretStore } from '../../src-main/llm/secrets';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: chat-writer.ts <dataDir>');
const logger = { warn: () => undefined, error: () => undefined };
const host = new AppHost({ dataDir, secrets: new MemorySecretStore(), mode: 'browser', version: 'test', logger, sweepIntervalMs: 0 });
const chat = host.chat.create();
for (let i = 0; ; i++) {
  const { assistantMessage } = await host.chat.send(chat.id, `Turn ${i}: my cat's name is Mochi and she likes tuna`);
  process.stdout.write(`${i}\n`);
  await host.chat.waitForReply(assistantMessage.id);
}
