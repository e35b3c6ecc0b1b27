import { afterEach, beforeEach } from 'vitest';
import { startScriptedOpenAI, type ScriptedOpenAIOptions, type ScriptedOpenAIServer } from './scripted-openai-server';

/** A fresh scripted server for each test of the calling file, handed over through `use` and closed after. */
export function useScriptedOpenAI(use: (server: ScriptedOpenAIServer) => void, options?: ScriptedOpenAIOptions): void {
  let current: ScriptedOpenAIServer | null = null;
  beforeEach(async () => {
    current = await startScriptedOpenAI(options);
    use(current);
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
}
