/**
 * A scripted memory agent as a process, for `eval context` from the command line:
 *
 *   npx tsx tests/helpers/run-scripted-memory-agent.ts &   # prints ENGRAM_AGENT_BASE_URL=http://127.0.0.1:PORT/v1
 *   ENGRAM_AGENT_BASE_URL=… ENGRAM_AGENT_MODEL=scripted npm run --silent cli -- eval context FILE --json
 *
 * It writes a prolific model-written memory (prolificSpeakerFacts) and answers until SIGTERM/SIGINT.
 */
import { memoryAgent, prolificSpeakerFacts } from './scripted-memory-agent';
import { startScriptedOpenAI } from './scripted-openai-server';

const server = await startScriptedOpenAI({
  models: ['scripted'],
  defaults: { '/v1/chat/completions': memoryAgent({ extract: prolificSpeakerFacts }) },
});
process.stdout.write(`ENGRAM_AGENT_BASE_URL=${server.baseURL}\n`);
const stop = (): void => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
