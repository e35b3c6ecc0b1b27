import { afterEach, describe, expect, it } from 'vitest';
import type BetterSqlite3 from 'better-sqlite3';
import { migrateTo, openMigrationDb } from '../../helpers/migration-db';
import { expectTalliesMatchRows } from '../../helpers/tallies';

describe('migration 012 (a corrected version keeps only the entities its own text names)', () => {
  let db: BetterSqlite3.Database;
  afterEach(() => db.close());

  it('drops the entity links a correction copied, and rewrites the mention counts and machine-made summaries', () => {
    db = openMigrationDb();
    migrateTo(db, 11);
    const node = db.prepare(
      `INSERT INTO nodes (id, type, content, event_time, created_at, valid_from, valid_until, invalidated_reason, confidence, source_type)
       VALUES (?, 'semantic', ?, 1, ?, 1, ?, ?, ?, 'consolidation')`,
    );
    node.run('f-boston', 'User lives in Boston', 100, 200, 'superseded', 0.3);
    node.run('f-denver', 'User lives in Denver', 200, 300, 'superseded', 0.3);
    node.run('f-lisbon', 'User lives in Lisbon', 300, null, null, 0.8);
    node.run('f-red-sox', 'User follows the Red Sox from boston', 100, null, null, 0.7);
    node.run('f-office', 'User works at the Acme office in Boston', 100, 200, 'superseded', 0.3);
    node.run('f-office2', 'User works at the Acme office in Cambridge', 200, null, null, 0.8);
    const edge = db.prepare(`INSERT INTO edges (id, source_id, target_id, relation_type, valid_from, evidence, created_at) VALUES (?, ?, ?, 'supersedes', ?, '[]', ?)`);
    edge.run('s1', 'f-denver', 'f-boston', 200, 200);
    edge.run('s2', 'f-lisbon', 'f-denver', 300, 300);
    edge.run('s3', 'f-office2', 'f-office', 200, 200);
    const entity = db.prepare(
      `INSERT INTO entities (id, canonical_name, type, aliases, summary, first_seen, last_updated, mention_count, attributes) VALUES (?, ?, ?, ?, ?, 1, 1, ?, ?)`,
    );
    entity.run('e-boston', 'Boston', 'place', JSON.stringify(['Beantown']), 'Boston (place): User lives in Lisbon; User follows the Red Sox from boston.', 2, JSON.stringify({ summary_source: 'facts' }));
    entity.run('e-home', 'Home', 'concept', '[]', 'Home (concept): User lives in Lisbon.', 1, JSON.stringify({ summary_source: 'facts' }));
    entity.run('e-acme', 'Acme', 'organization', '[]', 'Where I work — written by me.', 1, '{}');
    entity.run('e-denver', 'Denver', 'place', 'not json', null, 0, 'not json');
    const link = db.prepare('INSERT INTO node_entities (node_id, entity_id) VALUES (?, ?)');
    // As the old code wrote them: each version copied its predecessor's links, then got its own.
    for (const n of ['f-boston', 'f-denver', 'f-lisbon']) link.run(n, 'e-boston');
    for (const n of ['f-boston', 'f-denver', 'f-lisbon']) link.run(n, 'e-home'); // a link by meaning: no text names "Home"
    for (const n of ['f-denver', 'f-lisbon']) link.run(n, 'e-denver');
    link.run('f-red-sox', 'e-boston');
    for (const n of ['f-office', 'f-office2']) link.run(n, 'e-acme'); // the new text still names Acme
    for (const n of ['f-office', 'f-office2']) link.run(n, 'e-boston');

    expect(migrateTo(db, 12)).toBe(12);
    const linked = (entityId: string) => db.prepare('SELECT node_id FROM node_entities WHERE entity_id = ? ORDER BY node_id').pluck().all(entityId);
    expect(linked('e-boston')).toEqual(['f-boston', 'f-office', 'f-red-sox']);
    expect(linked('e-denver')).toEqual(['f-denver']);
    expect(linked('e-home')).toEqual(['f-boston', 'f-denver', 'f-lisbon']);
    expect(linked('e-acme')).toEqual(['f-office', 'f-office2']);
    const entityRow = (id: string) => db.prepare('SELECT summary, mention_count, attributes FROM entities WHERE id = ?').get(id) as { summary: string | null; mention_count: number; attributes: string };
    // Boston no longer describes the move; its summary rests on what is current about Boston.
    expect(entityRow('e-boston')).toMatchObject({ summary: 'Boston (place): User follows the Red Sox from boston.', mention_count: 1 });
    expect(JSON.parse(entityRow('e-boston').attributes)).toMatchObject({ summary_source: 'facts', summary_at: 1_700_000_000_000 });
    // Denver: nothing current left to say (the damaged attributes read as empty).
    expect(entityRow('e-denver')).toMatchObject({ summary: null, mention_count: 0 });
    // Untouched: a link by meaning, and a summary the person wrote.
    expect(entityRow('e-home')).toMatchObject({ summary: 'Home (concept): User lives in Lisbon.', mention_count: 1 });
    expect(entityRow('e-acme')).toMatchObject({ summary: 'Where I work — written by me.', mention_count: 1 });
    expectTalliesMatchRows(db);
  });
});
