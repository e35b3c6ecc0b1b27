/**
 * Memory as of a date through MCP: `search_memory` and `get_profile` take `as_of`, answer with memory as it stood
 * then, and say what that leaves out (messages said by then but learned later) — a real SDK client over the SDK's
 * in-memory transport.
 */
import { describe, expect, it } from 'vitest';
import { callTool as call, mcpClient, textOf } from '../helpers/mcp-client';
import { ManualClock, openTestEngine } from '../helpers/temp-engine';

describe('MCP reads as of a date', () => {
  it('search_memory and get_profile answer with memory as it stood then, and name what it had not learned yet', async () => {
    const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
    const { engine } = openTestEngine({ clock, startSlowPath: false });
    const leeds = engine.rememberFact({ content: 'User lives in Leeds', sourceType: 'extraction' });
    const march = clock.now();
    // Ten days on (both still this month's, so both in the profile's recent part in their time).
    clock.advanceDays(10);
    const york = engine.correctFact({ id: leeds, content: 'User lives in York', sourceType: 'extraction', reason: 'moved' });
    // An older history imported today: said in February, learned only now.
    engine.recordEpisode({ content: 'I started learning the cello', sessionId: 'old-export', eventTime: Date.parse('2026-02-10T09:00:00Z') });
    await engine.flush();
    const client = await mcpClient(engine, { clientName: 'Claude Desktop' });

    const now = await call(client, 'search_memory', { query: 'where does the user live', type: 'semantic' });
    expect((now.structuredContent as { results: { id: string }[] }).results.map((r) => r.id)).toEqual([york]);
    expect(now.structuredContent).not.toHaveProperty('as_of');

    const then = await call(client, 'search_memory', { query: 'where does the user live', type: 'semantic', as_of: new Date(march).toISOString().slice(0, 10) });
    expect(then.isError).toBeFalsy();
    const structured = then.structuredContent as { as_of: string; results: { id: string; content: string }[]; warnings: string[] };
    expect(structured.results.map((r) => r.content)).toEqual(['User lives in Leeds']);
    // The bound is the day's end; the day named is the one asked.
    expect(structured.as_of).toBe('2026-03-02T00:00:00.000Z');
    expect((then.structuredContent as { as_of_day: string }).as_of_day).toBe('2026-03-01');
    expect(structured.warnings.join(' ')).toMatch(/1 message said by then was learned only later/);
    expect(textOf(then)).toMatch(/in memory as of 2026-03-01/);

    const profileThen = await call(client, 'get_profile', { as_of: '2026-03-01' });
    expect(profileThen.isError).toBeFalsy();
    const p = profileThen.structuredContent as { static: { content: string }[]; dynamic: { content: string }[]; as_of: string; notice: string };
    expect([...p.static, ...p.dynamic].map((l) => l.content)).toContain('User lives in Leeds');
    expect([...p.static, ...p.dynamic].map((l) => l.content)).not.toContain('User lives in York');
    expect(p.notice).toMatch(/learned only later/);
    expect(textOf(profileThen)).toMatch(/^As of 2026-03-01 \(the end of that day\)\./);
    // Without as_of, today's profile, as before.
    const profileNow = await call(client, 'get_profile', {});
    expect([...(profileNow.structuredContent as typeof p).static, ...(profileNow.structuredContent as typeof p).dynamic].map((l) => l.content)).toContain('User lives in York');
    expect(profileNow.structuredContent).not.toHaveProperty('as_of');
  });

  it('a date that cannot be read is a tool error that says so, not a failed call', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    engine.rememberFact({ content: 'User lives in Leeds' });
    const client = await mcpClient(engine, { clientName: 'Claude Desktop' });
    const search = await call(client, 'search_memory', { query: 'live', as_of: 'the day after never' });
    expect(search.isError).toBe(true);
    expect(textOf(search)).toMatch(/search_memory failed: .*the day after never/);
    const profile = await call(client, 'get_profile', { as_of: 'the day after never' });
    expect(profile.isError).toBe(true);
    expect(textOf(profile)).toMatch(/get_profile: /);
    const tooLong = await call(client, 'get_profile', { as_of: 'x'.repeat(200) });
    expect(tooLong.isError).toBe(true);
    // An empty date is refused by both, not read as "now" by one; a day still to come is no memory yet.
    expect((await call(client, 'search_memory', { query: 'live', as_of: '' })).isError).toBe(true);
    expect((await call(client, 'get_profile', { as_of: '' })).isError).toBe(true);
    const ahead = await call(client, 'get_profile', { as_of: 'next year' });
    expect(ahead.isError).toBe(true);
    expect(textOf(ahead)).toMatch(/after today/);
  });
});
