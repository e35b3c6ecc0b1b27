import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateContext } from '../../src-main/cli/eval-context';
import { evaluateRecall } from '../../src-main/cli/recall-eval';
import { conversationEpisodes, recallDatasetSchema } from '../../src-main/data/import/transcript-file';
import { makeTempDir } from '../helpers/temp-engine';

const MESSAGING = join(__dirname, '..', 'fixtures', 'messaging');
const CHATS = ['chat-mia-jonas.json', 'chat-flat-4b.json', 'chat-sam-ellie.json'];
const load = (file: string) => recallDatasetSchema.parse(JSON.parse(readFileSync(join(MESSAGING, file), 'utf8')));

describe('message-per-turn chats in the recall and context evaluations', { timeout: 120_000 }, () => {
  it('places every message at its own time; a session needs a start only when a turn has none', () => {
    const dataset = recallDatasetSchema.parse({
      conversations: [
        {
          id: 'c',
          sessions: [
            {
              id: 'd1',
              turns: [
                { id: 'm1', speaker: 'Ann', text: 'u up?', time: '2023-12-29T23:58:00Z' },
                { id: 'm2', speaker: 'Ann', text: 'happy new year in advance 🎉', time: Date.parse('2023-12-30T00:03:00Z') },
              ],
            },
          ],
        },
      ],
    });
    const [conv] = dataset.conversations;
    if (!conv) throw new Error('unreachable');
    expect(conversationEpisodes(conv).map((e) => e.eventTime)).toEqual([Date.parse('2023-12-29T23:58:00Z'), Date.parse('2023-12-30T00:03:00Z')]);

    const untimed = recallDatasetSchema.safeParse({ conversations: [{ id: 'c', sessions: [{ id: 'd1', turns: [{ id: 'm1', text: 'hi' }] }] }] });
    expect(untimed.success).toBe(false);
    expect(untimed.error?.issues[0]?.message).toMatch(/started_at/);
  });

  it('eval recall scores several messaging chats together, by category', async () => {
    const conversations = CHATS.flatMap((f) => load(f).conversations);
    const report = await evaluateRecall({ name: 'messaging', conversations }, { ks: [5, 10] });
    expect(report.questions).toBe(45);
    expect(Object.keys(report.by_category).sort()).toEqual(['inference', 'multi-hop', 'single-hop', 'temporal']);
    // Floor under the measured 0.769 @10 (bursts on; 0.744 without them): a drop means retrieval broke.
    expect(report.recall['10']).toBeGreaterThanOrEqual(0.74);
  });

  it('eval context scores a messaging chat offline, by category, within the pack budget', async () => {
    const report = await evaluateContext(load('chat-flat-4b.json'), { agent: null });
    expect(report.failed_conversations).toEqual([]);
    expect(report.questions).toBe(15);
    expect(Object.keys(report.by_category).sort()).toEqual(['inference', 'multi-hop', 'single-hop', 'temporal']);
    expect(report.pack_recall).toBeGreaterThan(0.8);
    expect(report.mean_pack_tokens).toBeLessThanOrEqual(1_500);
  });

  it('the CLI takes several files (one per exported chat) and scores them as one dataset', () => {
    const root = join(__dirname, '..', '..');
    const files = ['chat-mia-jonas.json', 'chat-sam-ellie.json'].map((f) => join(MESSAGING, f));
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src-main/cli/main.ts'), '--data-dir', makeTempDir(), '--json', 'eval', 'recall', ...files, '--k', '10'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout) as { name: string; questions: number; by_category: Record<string, { n: number }> };
    expect(report.questions).toBe(30);
    expect(report.name).toContain(' + ');
    expect(Object.values(report.by_category).reduce((n, c) => n + c.n, 0)).toBe(30);
  });
});
