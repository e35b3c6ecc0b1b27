/**
 * JSONL transcript lines (transcript-file.ts): a named speaker's words are theirs, not the app user's; a number
 * of seconds is a Unix time; a line with no time is marked so ingest can say it was dated now.
 */
import { describe, expect, it } from 'vitest';
import { parseJsonl, transcriptNotices } from '../../src-main/data/import/transcript-file';

const NOW = Date.parse('2026-11-29T10:00:00Z');
const lines = (...rows: object[]): string => rows.map((r) => JSON.stringify(r)).join('\n');

describe('JSONL transcript lines', () => {
  it("a line with a speaker is that person's, as a recall file's turn is", () => {
    const [carol] = parseJsonl(lines({ session: 's', speaker: 'Carol', text: 'I have a dog named Rex', time: '2026-03-01T09:00:00Z' }), NOW);
    expect(carol).toMatchObject({ content: 'Carol: I have a dog named Rex', attributes: { speaker: 'Carol' }, role: 'user' });
    expect(transcriptNotices(parseJsonl(lines({ session: 's', role: 'friend', speaker: 'Carol', text: 'hi', time: 1 }), NOW)).unreadRoles).toEqual({});
  });

  it('a number below 10^11 is Unix seconds; a larger one milliseconds', () => {
    const [seconds, ms] = parseJsonl(lines({ session: 's', text: 'a', time: 1_700_000_000 }, { session: 's', text: 'b', time: 1_700_000_000_000 }), NOW);
    expect(new Date(seconds?.eventTime ?? 0).toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(ms?.eventTime).toBe(1_700_000_000_000);
  });

  it('a line with no time is dated now, and marked so', () => {
    const [undated] = parseJsonl(lines({ session: 's', text: 'I live in Leeds.' }), NOW);
    expect(undated).toMatchObject({ eventTime: NOW, undated: true });
    expect(transcriptNotices(undated ? [undated] : []).undated).toBe(1);
  });
});
