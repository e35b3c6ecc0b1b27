import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryEngine } from '../../../src-main/memory/engine';
import { retrievalQuery } from '../../../src-main/memory/retrieval/text';
import { openTestEngine } from '../../helpers/temp-engine';

let engine: MemoryEngine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
});

/** A pasted page of filler with the question after it (as a person writes "…[document] What do you make of this?"). */
const paste = (question: string): string => `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(1_700)}\n\n${question}`;

describe('a long query is read by its start and its end', () => {
  it('passes short queries through and bounds long ones to their head and tail', () => {
    expect(retrievalQuery('Where does Ana live?')).toBe('Where does Ana live?');
    const long = paste('Where does Ana live?');
    const read = retrievalQuery(long);
    expect(long.length).toBeGreaterThan(90_000);
    expect(read.length).toBeLessThan(4_100);
    expect(read.startsWith(long.slice(0, 200))).toBe(true);
    expect(read.endsWith('Where does Ana live?')).toBe(true);
  });

  it('search and the context pack find what the question at the end of a 97k-character paste asks for', async () => {
    ({ engine } = openTestEngine());
    const id = engine.rememberFact({ content: 'Ana lives in Porto with her two cats', sourceType: 'extraction' });
    engine.rememberFact({ content: 'User bought a blue bicycle', sourceType: 'extraction' });
    const prompt = paste('By the way, which city does Ana live in with her cats?');
    const { hits } = await engine.search({ query: prompt, types: ['semantic'] });
    expect(hits[0]?.node.id).toBe(id);
    const pack = await engine.buildContextPack(prompt);
    expect(pack.prompt).toBe(prompt);
    expect(pack.nodeIds).toContain(id);
  });
});
