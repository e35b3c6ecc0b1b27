/**
 * scripts/hostile-audit.ts (issue 21's acceptance figures) on a few of its inputs, one per kind of surface it
 * drives in-process, so the battery itself is tested; the whole battery is run by hand (it spawns processes).
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { damage, fingerprint, runHostileAudit, totals } from '../../scripts/hostile-audit';

describe('the hostile-input audit', () => {
  it('runs a subset and tells each outcome apart', { timeout: 120_000 }, async () => {
    const rows = await runHostileAudit({
      only: [
        'snapshot chosen, hijack settings (provider, MCP on with writes)',
        'truncated zip',
        'restore: an extra trigger',
        'id of the wrong type',
        'HTTP: token in ?token=',
        'stored node event_time 1e16',
      ],
    });
    expect(rows.map((r) => [r.kind, r.surface, r.outcome])).toEqual([
      ['snapshot chosen, hijack settings (provider, MCP on with writes)', 'snapshot', 'accepted safely'],
      ['truncated zip', 'import', 'refused cleanly'],
      ['restore: an extra trigger', 'restore', 'refused cleanly'],
      ['id of the wrong type', 'API', 'refused cleanly'],
      ['HTTP: token in ?token=', 'MCP HTTP', 'refused cleanly'],
      ['stored node event_time 1e16', 'stored bad row', 'accepted safely'],
    ]);
    expect(rows[0]?.detail).toContain('app_settings refused');
    expect(totals(rows)).toEqual({ 'refused cleanly': 4, 'accepted safely': 2, crashed: 0, 'changed or lost existing data': 0 });
  });

  it('sees an existing row changed, lost, or a settings row added, and not a new row', () => {
    const db = new BetterSqlite3(':memory:');
    db.exec(`CREATE TABLE nodes (id TEXT, type TEXT, content TEXT, event_time INT, valid_from INT, valid_until INT, invalidated_reason TEXT,
               source_type TEXT, source_role TEXT, session_id TEXT, attributes TEXT, access_count INT);
             CREATE TABLE edges (id TEXT); CREATE TABLE entities (id TEXT); CREATE TABLE node_entities (node_id TEXT, entity_id TEXT);
             CREATE TABLE chat_sessions (id TEXT, title TEXT); CREATE TABLE chat_messages (id TEXT); CREATE TABLE app_settings (key TEXT, value TEXT);
             INSERT INTO nodes (id, content, access_count) VALUES ('n1', 'I live in Lisbon', 0), ('n2', 'I drink tea', 0);
             INSERT INTO node_entities VALUES ('n1', 'e1');`);
    const before = fingerprint(db);
    db.exec(`UPDATE nodes SET access_count = 5; INSERT INTO nodes (id, content) VALUES ('n3', 'new'); INSERT INTO edges VALUES ('x')`);
    expect(damage(before, fingerprint(db))).toEqual([]);
    db.exec(`UPDATE nodes SET content = 'rewritten' WHERE id = 'n1'; DELETE FROM nodes WHERE id = 'n2'; UPDATE node_entities SET entity_id = 'e2';
             INSERT INTO app_settings VALUES ('mcp', '{"enabled":true}')`);
    expect(damage(before, fingerprint(db)).sort()).toEqual(
      ['added app_settings:mcp', 'changed nodes:n1', 'lost node_entities:{"node_id":"n1","entity_id":"e1"}', 'lost nodes:n2'].sort(),
    );
  });
});
