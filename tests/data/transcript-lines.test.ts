/**
 * JSONL transcript lines (transcript-file.ts): a named speaker's words are theirs, not the app user's; a number
 * of seconds is a Unix time; a line with no time is marked so ingest can say it was dated now.
 */
import { describe, expect, it } from 'vitest';
import { parseJsonl, parseTranscriptFile, transcriptNotices } from '../../src-main/data/import/transcript-file';

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

  it('a time after the clock is refused with its line (a day of slack for clocks and zones); a recall turn names its turn', () => {
    expect(parseJsonl(lines({ session: 's', text: 'late tonight', time: '2026-11-30T08:00:00Z' }), NOW)).toHaveLength(1);
    expect(() => parseJsonl(lines({ session: 's', text: 'a' }, { session: 's', text: 'b', time: '2099-01-10' }), NOW)).toThrow(/^line 2: dated 2099-01-10T00:00:00.000Z, after this machine's clock/);
    const recall = { conversations: [{ id: 'c', sessions: [{ id: 's1', started_at: '2099-01-01T00:00:00Z', turns: [{ id: 't1', text: 'hi' }] }] }] };
    expect(() => parseTranscriptFile(JSON.stringify(recall), NOW)).toThrow(/^conversation c, session s1: started_at is dated 2099-01-01/);
    const ownTime = { conversations: [{ id: 'c', sessions: [{ id: 's1', turns: [{ id: 't1', text: 'hi', time: '2026-11-01T09:00:00Z' }, { id: 't1', text: 'again', time: '2099-01-01T00:00:00Z' }] }] }] };
    expect(() => parseTranscriptFile(JSON.stringify(ownTime), NOW)).toThrow(/^conversation c, session s1, turn t1 \(number 2\): dated 2099-01-01T00:00:00.000Z, after this machine's clock \(2026-11-29T10:00:00.000Z\): a message cannot be said in the future$/);
    // A turn without its own time runs past the clock only by its place: the message says so.
    const long = { conversations: [{ id: 'c', sessions: [{ id: 's1', started_at: '2026-11-29T09:00:00Z', turns: Array.from({ length: 1600 }, (_, i) => ({ id: `t${i}`, text: 'hi' })) }] }] };
    expect(() => parseTranscriptFile(JSON.stringify(long), NOW)).toThrow(/turn t15\d\d \(number 15\d\d\): dated .* \(it has no time of its own: placed 1 minute per turn after the session's started_at/);
  });

  it('roles are read in any case, and other tools\' names for the two speakers are theirs; other roles stay as written', () => {
    const read = parseJsonl(lines(...['User', 'ASSISTANT', 'human', 'AI', 'model', 'System'].map((role) => ({ session: 's', role, text: 'hi', time: 1 }))), NOW);
    expect(read.map((e) => e.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'assistant', 'System']);
    expect(transcriptNotices(read).unreadRoles).toEqual({ System: 1 });
  });
});
