/**
 * Speakers are who they were: an imported ChatGPT reply is "ChatGPT said" in memory-only answers, context
 * packs and exports; only Engram's own replies are "Engram replied".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestHost, type TestHost } from '../helpers/app-host';
import { makeTempDir } from '../helpers/temp-engine';
import { saidLabel, speakerForModel } from '../../src-shared/speakers';

const FIXTURES = join(__dirname, '..', 'fixtures', 'import');

async function ask(t: TestHost, chatId: string, text: string) {
  const { assistantMessage } = await t.host.chat.send(chatId, text);
  return t.host.chat.waitForReply(assistantMessage.id);
}

describe('imported speakers keep their origin', () => {
  it('memory-only answers, packs and the Markdown export say "ChatGPT said", not "Engram replied"', async () => {
    const t = openTestHost();
    expect(await t.host.dispatch('data.import', { path: join(FIXTURES, 'chatgpt-conversations.json') })).toMatchObject({ ok: true });
    const chat = t.host.chat.create();
    const reply = await ask(t, chat.id, 'Tell me about the tram 28 in Lisbon');
    expect(reply.status).toBe('offline');
    expect(reply.content).toMatch(/tram 28 early\. _\(ChatGPT said · /);
    expect(reply.content).not.toContain('Engram replied');

    const pack = t.host.chat.contextPack(reply.id);
    const lines = pack?.markdown.split('\n').filter((l) => l.includes('tram 28')) ?? [];
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/ ChatGPT: /);

    // A fact learned from the ChatGPT reply quotes it as ChatGPT's in the export.
    const episode = (await t.host.memory.search({ query: 'tram 28', types: ['episodic'] })).hits.find((h) => h.node.content.includes('tram 28 early'));
    expect(episode?.node.sourceRole).toBe('assistant');
    t.host.memory.rememberFact({ content: 'Lisbon tram 28 should be booked early', derivedFrom: [episode?.node.id as string] });
    const out = join(makeTempDir(), 'md');
    expect(await t.host.dispatch('data.export', { format: 'markdown', path: out })).toMatchObject({ ok: true });
    const facts = readdirSync(join(out, 'facts')).map((f) => readFileSync(join(out, 'facts', f), 'utf8')).join('\n');
    expect(facts).toMatch(/- ChatGPT said \d{4}-\d\d-\d\d: “Lisbon in May is warm/);
    expect(facts).not.toMatch(/^ *- said /m); // no anonymous "said <day>"
  });

  it('names the person, Engram, an imported Claude or a transcript speaker, and another app over MCP', () => {
    const n = (sourceRole: string | null, attributes: Record<string, string> = {}, sourceType: string | null = 'conversation') => ({ sourceRole, sourceType, attributes });
    expect(saidLabel(n('user'))).toBe('you said');
    expect(saidLabel(n('assistant'))).toBe('Engram replied');
    expect(saidLabel(n('assistant', { import_source: 'claude' }, 'import'))).toBe('Claude said');
    expect(saidLabel(n('assistant', { import_source: 'engram' }, 'import'))).toBe('Engram replied');
    expect(saidLabel(n('assistant', { import_source: 'jsonl' }, 'import'))).toBe('the assistant said');
    expect(saidLabel(n('user', { import_source: 'recall', speaker: 'Caroline' }, 'import'))).toBe('Caroline said');
    expect(saidLabel(n('assistant', { mcp_client: 'Zed' }, 'mcp'))).toBe('Zed said');
    // What the model reads (packs, search_memory results): its own words are "assistant", ChatGPT's are not.
    expect(['user', 'assistant'].map((r) => speakerForModel(n(r)))).toEqual(['user', 'assistant']);
    expect(speakerForModel(n('assistant', { import_source: 'chatgpt' }, 'import'))).toBe('ChatGPT');
    expect(saidLabel({ ...n('user'), content: 'Do I prefer tea or coffee?' })).toBe('you asked');
  });
});
