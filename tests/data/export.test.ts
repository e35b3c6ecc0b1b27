import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportJson } from '../../src-main/data/export/json';
import { exportMarkdown } from '../../src-main/data/export/markdown';
import { runImport } from '../../src-main/data/import/run';
import { verifyFile } from '../../src-main/data/verify';
import { fingerprintNotice } from '../../src-shared/import-source';
import type { MemoryEngine } from '../../src-main/memory/engine';
import { WritePathService } from '../../src-main/writepath/service';
import { listChatSessions } from '../../src-main/storage/chat-repo';
import { makeTempDir, ManualClock, openTestEngine } from '../helpers/temp-engine';

const FIXTURES = join(__dirname, '../fixtures/import');

/** A memory with a bit of everything: imported chats, consolidated facts, entities, a correction, settings. */
async function richMemory(engine: MemoryEngine, clock: ManualClock): Promise<void> {
  await runImport(engine, join(FIXTURES, 'chatgpt-conversations.json'));
  await runImport(engine, join(FIXTURES, 'claude-conversations.json'));
  engine.recordEpisode({ content: 'I live in Berlin and I work at Acme Corp.', sessionId: 'jsonl-a', role: 'user', eventTime: Date.parse('2025-02-03T10:00:00.123Z') });
  engine.recordEpisode({ content: 'I prefer tea over coffee', sessionId: 'jsonl-a', role: 'user', eventTime: Date.parse('2025-02-03T10:01:00Z') });
  await engine.flush();
  engine.markSessionCompleted('jsonl-a');
  const service = new WritePathService({ engine, agent: null });
  await service.consolidateNow({ offline: true, trigger: 'test' });
  await service.close();
  // ("a trip to Lisbon … with my sister Ana" in the ChatGPT export makes her known already.)
  const ana = engine.findEntities('Ana').find((e) => e.type === 'person') ?? engine.createEntity({ name: 'Ana', type: 'person', aliases: ['my sister'] });
  clock.t += 60_000;
  const fact = engine.rememberFact({ content: 'Ana is travelling to Lisbon in May', entityIds: [ana.id], tags: ['travel'] });
  clock.t += 60_000;
  const june = engine.correctFact({ id: fact, content: 'Ana is travelling to Lisbon in June', reason: 'plans changed' });
  // The review queue: a proposal waiting, one declined, one approved, and a correction waiting.
  const said = engine.recordEpisodeNow({ content: 'Ana said she might go in July instead, and my brother Tom moved to Leeds', sessionId: 'mcp-notes', role: 'user' });
  engine.proposeFact({ action: 'remember', origin: 'mcp', sourceLabel: 'Notes app', input: { content: "User's brother Tom moved to Leeds", derivedFrom: [said], sessionId: 'mcp-notes' } });
  const declined = engine.proposeFact({ action: 'remember', origin: 'import', input: { content: 'User has a brother', sessionId: 'mcp-notes' } });
  engine.declineProposal({ id: declined.proposalId });
  const approved = engine.proposeFact({ action: 'remember', origin: 'mcp', input: { content: 'Tom lives in Leeds', derivedFrom: [said] } });
  engine.approveProposal({ id: approved.proposalId });
  engine.proposeFact({ action: 'correct', origin: 'mcp', input: { id: june, content: 'Ana is travelling to Lisbon in July', evidence: [said], entityIds: [ana.id] } });
  engine.database
    .prepare('INSERT INTO app_settings (key, value) VALUES (?, ?), (?, ?)')
    .run('app', JSON.stringify({ provider: { kind: 'custom', baseURL: 'http://127.0.0.1:1', apiKey: 'sk-secret' }, sessionTimeoutMinutes: 30 }), 'mcp_token', 'very-secret');
  await engine.drainSlowPath();
}

/** The export minus what legitimately differs between two exports of the same graph (settings are never imported). */
function comparable(path: string): unknown {
  const data = JSON.parse(readFileSync(path, 'utf8')) as { exportedAt: string; tables: Record<string, unknown> };
  // Every memory is made with its own Personal space; an import only adds, so that row keeps its own date.
  const spaces = (data.tables.spaces as { id: string; created_at: number }[]).map((s) => (s.id === 'personal' ? { ...s, created_at: 0 } : s));
  return { ...data, exportedAt: undefined, tables: { ...data.tables, app_settings: undefined, spaces } };
}

describe('JSON export', () => {
  it('round-trips: export → import into an empty data folder → export again is identical (same ids), secrets left out', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    await richMemory(engine, clock);
    const out = makeTempDir();
    const first = await exportJson(engine, join(out, 'a.json'));
    expect(first.rows.nodes).toBeGreaterThan(8);
    expect(first.rows.chat_messages).toBe(7);
    expect(first.rows.entities).toBeGreaterThan(0);
    expect(first.vectors).toBeGreaterThan(0);
    // The four made above, and "Ana is the user's sister", which consolidating the imported chats proposes for review.
    expect(first.rows.memory_proposals).toBe(5);
    const text = readFileSync(join(out, 'a.json'), 'utf8');
    expect(text).not.toContain('sk-secret');
    expect(text).not.toContain('very-secret');
    expect(text).toContain('http://127.0.0.1:1');

    const { engine: empty } = openTestEngine({ clock: new ManualClock(clock.t + 86_400_000) });
    const summary = await runImport(empty, join(out, 'a.json'), { format: 'engram-export' });
    expect(summary.sources).toEqual(['engram']);
    expect(summary.fingerprint).toEqual({ state: 'matches', rows: 0, examples: [] });
    expect(summary.restored?.nodes).toBe(first.rows.nodes);
    // Every row but the settings is loaded; the settings are reported, not imported.
    expect(summary.rejected).toEqual([expect.objectContaining({ table: 'app_settings', count: first.rows.app_settings, reason: expect.stringContaining('never imported') })]);
    await empty.drainSlowPath();
    await exportJson(empty, join(out, 'b.json'));
    expect(comparable(join(out, 'b.json'))).toEqual(comparable(join(out, 'a.json')));
    expect((JSON.parse(readFileSync(join(out, 'b.json'), 'utf8')) as { tables: { app_settings: unknown[] } }).tables.app_settings).toEqual([]);

    // The restored memory works: search finds the correction, chats are listed, and re-import adds nothing.
    const hits = await empty.search({ query: 'Ana travelling Lisbon' });
    expect(hits.hits[0]?.node.content).toBe('Ana is travelling to Lisbon in June');
    expect(listChatSessions(empty.database, true).map((c) => c.title).sort()).toEqual(listChatSessions(engine.database, true).map((c) => c.title).sort());
    expect((await runImport(empty, join(FIXTURES, 'chatgpt-conversations.json'))).messagesAdded).toBe(0);
    const again = await runImport(empty, join(out, 'a.json'), { format: 'engram-export' });
    expect(Object.values(again.restored ?? {}).every((n) => n === 0)).toBe(true);
    expect(again.alreadyThere?.nodes).toBe(first.rows.nodes);
    // The review queue came along: the same proposals in the same states, and a waiting one can be approved here.
    expect(empty.listProposals({}).items.map((p) => p.content).sort()).toEqual(["Ana is the user's sister", 'Ana is travelling to Lisbon in July', "User's brother Tom moved to Leeds"]);
    expect(empty.listProposals({ state: 'declined' }).items.map((p) => p.content)).toEqual(['User has a brother']);
    const correction = empty.listProposals({}).items.find((p) => p.kind === 'correction');
    const { nodeId } = empty.approveProposal({ id: correction?.id ?? '' });
    expect(empty.getNode(nodeId ?? '').node.content).toBe('Ana is travelling to Lisbon in July');
  });

  it('refuses a proposal whose stored write would change what the memory had before the import', async () => {
    const clock = new ManualClock();
    const { engine: source } = openTestEngine({ clock });
    const said = source.recordEpisodeNow({ content: 'I moved to Leeds', sessionId: 's1', role: 'user' });
    const fact = source.rememberFact({ content: 'User lives in York', derivedFrom: [said] });
    source.proposeFact({ action: 'correct', origin: 'mcp', input: { id: fact, content: 'User lives in Leeds', evidence: [said] } });
    const out = makeTempDir();
    await exportJson(source, join(out, 'a.json'));

    const { engine: target } = openTestEngine({ clock: new ManualClock(clock.t + 60_000) });
    const theirs = target.rememberFact({ content: 'User works at the library' });
    const data = JSON.parse(readFileSync(join(out, 'a.json'), 'utf8')) as { tables: Record<string, Record<string, unknown>[]> };
    const original = data.tables.memory_proposals?.[0] ?? {};
    const retarget = (payloadId: string, supersedes: string, id: string, hash: string) => {
      const payload = JSON.parse(String(original.payload)) as { input: Record<string, unknown> };
      return { ...original, id, evidence_hash: hash, supersedes_id: supersedes, payload: JSON.stringify({ ...payload, input: { ...payload.input, id: payloadId } }) };
    };
    data.tables.memory_proposals = [
      // The column names the file's fact, the stored write corrects this memory's own.
      retarget(theirs, fact, '0190aaaa-0000-7000-8000-000000000001', 'a'.repeat(64)),
      // Both name this memory's fact.
      retarget(theirs, theirs, '0190aaaa-0000-7000-8000-000000000002', 'b'.repeat(64)),
      // A payload that is no write at all.
      { ...original, id: '0190aaaa-0000-7000-8000-000000000003', evidence_hash: 'c'.repeat(64), payload: JSON.stringify({ input: { content: 42 } }) },
      // A version that would begin to hold in 2099: approved, it would stay current whatever is said until then.
      (() => {
        const payload = JSON.parse(String(original.payload)) as { input: Record<string, unknown> };
        return { ...original, id: '0190aaaa-0000-7000-8000-000000000004', evidence_hash: 'd'.repeat(64), payload: JSON.stringify({ ...payload, input: { ...payload.input, validFrom: Date.parse('2099-01-10T00:00:00Z') } }) };
      })(),
    ];
    writeFileSync(join(out, 'crafted.json'), JSON.stringify(data));
    const summary = await runImport(target, join(out, 'crafted.json'), { format: 'engram-export' });
    const refused = (summary.rejected ?? []).filter((r) => r.table === 'memory_proposals').map((r) => r.reason);
    expect(refused).toHaveLength(4);
    expect(refused.join(' | ')).toMatch(/payload: validFrom 2099-01-10T00:00:00.000Z is after this machine's clock/);
    expect(refused.join(' | ')).toMatch(/corrects another fact than the one the proposal names/);
    expect(refused.join(' | ')).toMatch(/already in this memory/);
    expect(refused.join(' | ')).toMatch(/not a correction/);
    expect(target.listProposals({}).total).toBe(0);
    expect(target.getNode(theirs).node.validUntil).toBeNull();
  });
});

describe('merging an export into a memory that moved on', () => {
  const slotted = (engine: MemoryEngine, content: string, slot: string, value: string, validFrom: string) =>
    engine.rememberFact({ content, validFrom: Date.parse(validFrom), eventTime: Date.parse(validFrom), attributes: { slot, value } });
  const current = (engine: MemoryEngine, slot: string) =>
    engine.listNodes({ types: ['semantic'], limit: 100 }).items.filter((n) => n.attributes.slot === slot).map((n) => n.content);

  it('an older export leaves one current value per slot: the newer one, with the older as its past', async () => {
    const clock = new ManualClock(Date.parse('2025-06-01T10:00:00Z'));
    const { engine: old } = openTestEngine({ clock });
    slotted(old, 'User lives in London', 'user.residence', 'london', '2025-03-01T00:00:00Z');
    slotted(old, 'User works at Fenwick Labs', 'user.employer', 'fenwick labs', '2025-02-01T00:00:00Z');
    const keep = old.rememberFact({ content: 'User has a sister called Ana' });
    const out = makeTempDir();
    await exportJson(old, join(out, 'old.json'));

    const { engine: now } = openTestEngine({ clock: new ManualClock(Date.parse('2026-11-29T10:00:00Z')) });
    const porto = slotted(now, 'User lives in Porto', 'user.residence', 'porto', '2026-09-01T00:00:00Z');
    const preview = await runImport(now, join(out, 'old.json'), { format: 'engram-export', preview: true });
    expect(preview.settledVersions).toBe(1);
    expect(current(now, 'user.residence')).toEqual(['User lives in Porto']);

    const summary = await runImport(now, join(out, 'old.json'), { format: 'engram-export' });
    expect(summary.settledVersions).toBe(1);
    expect(current(now, 'user.residence')).toEqual(['User lives in Porto']);
    // The employer had no rival and the unslotted fact none at all: both stay current.
    expect(current(now, 'user.employer')).toEqual(['User works at Fenwick Labs']);
    expect(now.getNode(keep).node.validUntil).toBeNull();
    const versions = now.getNode(porto).versions.map((v) => v.content);
    expect(versions).toEqual(expect.arrayContaining(['User lives in London', 'User lives in Porto']));
    const london = now.getNode(porto).versions.find((v) => v.content === 'User lives in London');
    expect(london?.invalidatedReason).toBe('superseded');
    // When London held did not move: history is evidence.
    expect(london?.validFrom).toBe(Date.parse('2025-03-01T00:00:00Z'));
  });

  it('the same value held in two periods is one current fact, the later, with the earlier as its past', async () => {
    const { engine: a } = openTestEngine({ clock: new ManualClock(Date.parse('2023-02-01T10:00:00Z')) });
    const leeds2023 = slotted(a, 'User lives in Leeds', 'user.residence', 'leeds', '2023-01-10T00:00:00Z');
    const out = makeTempDir();
    await exportJson(a, join(out, 'a.json'));
    const { engine: b } = openTestEngine({ clock: new ManualClock(Date.parse('2024-07-01T10:00:00Z')) });
    const york = slotted(b, 'User lives in York', 'user.residence', 'york', '2024-01-05T00:00:00Z');
    const leeds2024 = b.correctFact({ id: york, content: 'User lives in Leeds', validFrom: Date.parse('2024-06-10T00:00:00Z'), eventTime: Date.parse('2024-06-10T00:00:00Z') });
    b.patchNodeAttributes(leeds2024, { value: 'leeds' });
    const summary = await runImport(b, join(out, 'a.json'), { format: 'engram-export' });
    expect(summary.settledVersions).toBe(1);
    expect(current(b, 'user.residence')).toEqual(['User lives in Leeds']);
    expect(b.getNode(leeds2023).node.invalidatedReason).toBe('superseded');
    expect(b.getNode(leeds2024).node.validUntil).toBeNull();
  });

  it('an entity learned on both machines is one entity here: the file’s facts, merges and proposals link to it', async () => {
    const { engine: laptop } = openTestEngine({ clock: new ManualClock(Date.parse('2026-03-01T10:00:00Z')) });
    const edinburghThere = laptop.createEntity({ name: 'Edinburgh', type: 'place' });
    const edi = laptop.createEntity({ name: 'Edi', type: 'place' });
    laptop.mergeEntities(edi.id, edinburghThere.id);
    const moved = laptop.rememberFact({ content: 'User moved to Edinburgh in March', entityIds: [edinburghThere.id] });
    laptop.proposeFact({ action: 'remember', origin: 'mcp', input: { content: 'User likes walking up Arthur’s Seat', entityIds: [edinburghThere.id] } });
    // The same name of another kind is another thing.
    const band = laptop.createEntity({ name: 'Edinburgh', type: 'organization' });
    const out = makeTempDir();
    await exportJson(laptop, join(out, 'laptop.json'));

    const { engine: desk } = openTestEngine({ clock: new ManualClock(Date.parse('2026-04-01T10:00:00Z')) });
    const edinburghHere = desk.createEntity({ name: 'edinburgh', type: 'place' });
    desk.rememberFact({ content: 'User lives in Edinburgh', entityIds: [edinburghHere.id] });
    const mentionsBefore = desk.getEntityProfile(edinburghHere.id).entity.mentionCount;
    const summary = await runImport(desk, join(out, 'laptop.json'), { format: 'engram-export' });
    expect(summary.rejected).toEqual([]);

    const places = desk.listEntities(100).filter((e) => e.type === 'place' && e.canonicalName.toLowerCase() === 'edinburgh');
    expect(places.map((e) => e.id)).toEqual([edinburghHere.id]);
    const profile = desk.getEntityProfile(edinburghHere.id);
    expect(profile.facts.map((f) => f.id)).toContain(moved);
    expect(profile.entity.mentionCount).toBe(mentionsBefore + 1);
    expect(profile.mergedFrom.map((m) => m.name)).toEqual(['Edi']);
    // The waiting proposal, approved here, links its fact to the Edinburgh here.
    const [pending] = desk.listProposals({ state: 'pending' }).items;
    const approved = desk.approveProposal({ id: pending?.id ?? '' });
    expect(desk.getEntityProfile(edinburghHere.id).facts.map((f) => f.id)).toContain(approved.nodeId);
    expect(desk.listEntities(100).some((e) => e.id === band.id)).toBe(true);
  });

  it('an entity known here by another of its names is that entity; one that fits two here stays its own', async () => {
    const { engine: laptop } = openTestEngine({ clock: new ManualClock(Date.parse('2026-03-01T10:00:00Z')) });
    const edin = laptop.createEntity({ name: 'Edin', type: 'place' });
    const movedThere = laptop.rememberFact({ content: 'User moved to Edin in March', entityIds: [edin.id] });
    const jo = laptop.createEntity({ name: 'Joanna', type: 'person', aliases: ['Jo'] });
    const joFact = laptop.rememberFact({ content: 'Joanna is the user’s sister', entityIds: [jo.id] });
    const sam = laptop.createEntity({ name: 'Sam', type: 'person' });
    const samFact = laptop.rememberFact({ content: 'Sam plays the drums', entityIds: [sam.id] });
    const out = makeTempDir();
    await exportJson(laptop, join(out, 'laptop.json'));

    const { engine: desk } = openTestEngine({ clock: new ManualClock(Date.parse('2026-04-01T10:00:00Z')) });
    // "Edin" is an alias of the Edinburgh here; the file's Joanna goes by "Jo", the name here.
    const edinburgh = desk.createEntity({ name: 'Edinburgh', type: 'place', aliases: ['Edin'] });
    const joHere = desk.createEntity({ name: 'Jo', type: 'person' });
    // Two people here answer to "Sam": which one the file meant cannot be told.
    const samuel = desk.createEntity({ name: 'Samuel', type: 'person', aliases: ['Sam'] });
    const samantha = desk.createEntity({ name: 'Samantha', type: 'person', aliases: ['Sam'] });
    const summary = await runImport(desk, join(out, 'laptop.json'), { format: 'engram-export' });
    expect(summary.rejected).toEqual([]);

    expect(desk.getEntityProfile(edinburgh.id).facts.map((f) => f.id)).toContain(movedThere);
    expect(desk.listEntities(100).filter((e) => e.type === 'place').map((e) => e.id)).toEqual([edinburgh.id]);
    expect(desk.getEntityProfile(joHere.id).facts.map((f) => f.id)).toContain(joFact);
    expect(desk.listEntities(100).some((e) => e.canonicalName === 'Joanna')).toBe(false);
    expect(desk.getEntityProfile(samuel.id).facts.map((f) => f.id)).not.toContain(samFact);
    expect(desk.getEntityProfile(samantha.id).facts.map((f) => f.id)).not.toContain(samFact);
    const samThere = desk.listEntities(100).find((e) => e.canonicalName === 'Sam');
    expect(samThere?.id).toBe(sam.id);
    expect(desk.getEntityProfile(sam.id).facts.map((f) => f.id)).toContain(samFact);
  });

  it("a file's entities never match each other by alias, and an alias shared by two people joins neither", async () => {
    const { engine: laptop } = openTestEngine({ clock: new ManualClock(Date.parse('2026-03-01T10:00:00Z')) });
    const samuel = laptop.createEntity({ name: 'Samuel', type: 'person', aliases: ['Sam'] });
    const samantha = laptop.createEntity({ name: 'Samantha', type: 'person', aliases: ['Sam'] });
    const brother = laptop.rememberFact({ content: 'Samuel is the user’s brother', entityIds: [samuel.id] });
    const colleague = laptop.rememberFact({ content: 'Samantha is the user’s colleague', entityIds: [samantha.id] });
    const out = makeTempDir();
    await exportJson(laptop, join(out, 'laptop.json'));

    // Into an empty memory: both people, each with their own fact.
    const { engine: fresh } = openTestEngine({ clock: new ManualClock(Date.parse('2026-04-01T10:00:00Z')) });
    await runImport(fresh, join(out, 'laptop.json'), { format: 'engram-export' });
    expect(fresh.listEntities(100).map((e) => e.canonicalName).sort()).toEqual(['Samantha', 'Samuel']);
    expect(fresh.getEntityProfile(samantha.id).facts.map((f) => f.id)).toEqual([colleague]);

    // Into a memory with another Samuel who also goes by Sam: Samuel is he (same name); Samantha is not (alias to alias).
    const { engine: desk } = openTestEngine({ clock: new ManualClock(Date.parse('2026-04-01T10:00:00Z')) });
    const samuelHere = desk.createEntity({ name: 'Samuel', type: 'person', aliases: ['Sam'] });
    await runImport(desk, join(out, 'laptop.json'), { format: 'engram-export' });
    expect(desk.getEntityProfile(samuelHere.id).facts.map((f) => f.id)).toEqual([brother]);
    expect(desk.getEntityProfile(samantha.id).facts.map((f) => f.id)).toEqual([colleague]);
  });

  it('a proposal naming an entity here by its id and kind (renamed here since) waits for review, linked to it', async () => {
    const { engine: laptop } = openTestEngine({ clock: new ManualClock(Date.parse('2026-03-01T10:00:00Z')) });
    const ana = laptop.createEntity({ name: 'Ana', type: 'person' });
    laptop.rememberFact({ content: 'Ana is the user’s cousin', entityIds: [ana.id] });
    const out = makeTempDir();
    await exportJson(laptop, join(out, 'first.json'));
    const { engine: desk } = openTestEngine({ clock: new ManualClock(Date.parse('2026-04-01T10:00:00Z')) });
    await runImport(desk, join(out, 'first.json'), { format: 'engram-export' });
    desk.updateEntity({ entityId: ana.id, name: 'Ana Silva' });
    // Later, on the laptop: a proposal about Ana, and a second export.
    laptop.proposeFact({ action: 'remember', origin: 'mcp', input: { content: 'Ana plays the cello', entityIds: [ana.id] } });
    await exportJson(laptop, join(out, 'second.json'));
    const summary = await runImport(desk, join(out, 'second.json'), { format: 'engram-export' });
    expect((summary.rejected ?? []).filter((r) => r.table === 'memory_proposals')).toEqual([]);
    const [pending] = desk.listProposals({ state: 'pending' }).items;
    const approved = desk.approveProposal({ id: pending?.id ?? '' });
    expect(desk.getEntityProfile(ana.id).entity.canonicalName).toBe('Ana Silva');
    expect(desk.getEntityProfile(ana.id).facts.map((f) => f.id)).toContain(approved.nodeId);
  });

  it('a newer export replaces what an older memory holds', async () => {
    const { engine: newer } = openTestEngine({ clock: new ManualClock(Date.parse('2026-11-29T10:00:00Z')) });
    slotted(newer, 'User lives in Porto', 'user.residence', 'porto', '2026-09-01T00:00:00Z');
    const out = makeTempDir();
    await exportJson(newer, join(out, 'new.json'));
    const { engine: older } = openTestEngine({ clock: new ManualClock(Date.parse('2026-11-30T10:00:00Z')) });
    const london = slotted(older, 'User lives in London', 'user.residence', 'london', '2025-03-01T00:00:00Z');
    const summary = await runImport(older, join(out, 'new.json'), { format: 'engram-export' });
    expect(summary.settledVersions).toBe(1);
    expect(current(older, 'user.residence')).toEqual(['User lives in Porto']);
    expect(older.getNode(london).node.invalidatedReason).toBe('superseded');
  });
});

describe('JSON export while the app writes', () => {
  it('reads one snapshot on its own connection: concurrent recording neither fails nor leaks into it', async () => {
    const { engine } = openTestEngine({ startSlowPath: false });
    for (let i = 0; i < 3000; i++) engine.recordEpisode({ content: `episode ${i} with some words to make the rows longer than a few bytes`, sessionId: `s${i % 7}` });
    await engine.flush();
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await new Promise<void>((r) => setImmediate(r));
        if (writing) engine.recordEpisode({ content: `written during the export ${written++}`, sessionId: 'live' });
      }
    })();
    const out = join(makeTempDir(), 'live.json');
    const r = await exportJson(engine, out);
    writing = false;
    await writer;
    await engine.flush();
    expect(written).toBeGreaterThan(0);
    expect(r.rows.nodes).toBe(3000);
    expect(engine.stats().nodes.episodic).toBe(3000 + written);
  });
});

describe('Markdown export', () => {
  it('writes one file per entity and one per month of facts, with sources and dates, to a folder or a zip', async () => {
    const clock = new ManualClock();
    const { engine } = openTestEngine({ clock });
    await richMemory(engine, clock);
    const dir = join(makeTempDir(), 'md');
    const r = await exportMarkdown(engine, dir);
    expect(r.entities).toBeGreaterThan(0);
    const ana = readFileSync(join(dir, 'entities', 'ana.md'), 'utf8');
    expect(ana).toContain('# Ana');
    expect(ana).toContain('also known as my sister');
    expect(ana).toMatch(/- Ana is travelling to Lisbon in June\n {2}- semantic · valid from 2026-01-05/);
    expect(ana).toContain('## History');
    expect(ana).toMatch(/Ana is travelling to Lisbon in May — \*superseded 2026-01-05 by “Ana is travelling to Lisbon in June”\*/);
    const months = readdirSync(join(dir, 'facts'));
    expect(months).toContain('2026-01.md');
    // Facts consolidated from the imported conversation are valid from when they were said, with the quote.
    expect(months).toContain('2025-02.md');
    const feb = readFileSync(join(dir, 'facts', '2025-02.md'), 'utf8');
    expect(feb).toContain('User lives in Berlin');
    // …and valid from then, not from the day of the import (the write path dates facts by their episodes).
    expect(feb).toMatch(/User lives in Berlin\n {2}- semantic · valid from 2025-02-03/);
    expect(feb).toContain('said 2025-02-03: “I live in Berlin and I work at Acme Corp.”');
    expect(existsSync(join(dir, 'README.md'))).toBe(true);

    const zipPath = join(makeTempDir(), 'memory.zip');
    await exportMarkdown(engine, zipPath);
    const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
    expect(strFromU8(files['entities/ana.md'] as Uint8Array)).toBe(ana);
  });

  it('a version replaced by a change learned later says when the change happened', async () => {
    const clock = new ManualClock(Date.parse('2026-11-29T10:00:00Z'));
    const { engine } = openTestEngine({ clock });
    const manchester = engine.rememberFact({ content: 'User lives in Manchester', validFrom: Date.parse('2026-01-15T00:00:00Z') });
    engine.correctFact({ id: manchester, content: 'User lives in Leeds', validFrom: Date.parse('2026-03-21T00:00:00Z'), eventTime: Date.parse('2026-03-21T00:00:00Z') });
    const dir = join(makeTempDir(), 'md');
    await exportMarkdown(engine, dir);
    const all = readdirSync(join(dir, 'facts')).map((f) => readFileSync(join(dir, 'facts', f), 'utf8')).join('\n');
    expect(all).toMatch(/User lives in Manchester — \*superseded 2026-11-29 by “User lives in Leeds”, true from 2026-03-21\*/);
  });

  it('an export of one space carries the fingerprint of its own rows; an export edited since is said to be, before it is applied', async () => {
    const clock = new ManualClock(Date.parse('2026-11-29T10:00:00Z'));
    const { engine } = openTestEngine({ clock });
    const work = engine.createSpace({ name: 'Work' });
    engine.rememberFact({ content: 'User works at Acme on the Atlas project', spaceId: work.id });
    engine.rememberFact({ content: 'User lives in Leeds' });
    const dir = makeTempDir();
    await exportJson(engine, join(dir, 'work.json'), { spaceId: work.id });
    // Checked against the rows it holds, not the whole memory's (which named the rest "missing").
    expect(verifyFile(join(dir, 'work.json')).report).toMatchObject({ ok: true, findings: [] });

    await exportJson(engine, join(dir, 'all.json'));
    const doc = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')) as { tables: { nodes: { content: string }[] } };
    for (const n of doc.tables.nodes) n.content = n.content.replace('Leeds', 'Paris');
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(doc));
    const { engine: other } = openTestEngine({ clock: new ManualClock(clock.t + 60_000) });
    const preview = await runImport(other, join(dir, 'edited.json'), { format: 'engram-export', preview: true });
    expect(preview.fingerprint).toMatchObject({ state: 'changed', rows: 1, examples: [expect.stringContaining('“User lives in Paris”')] });
    expect(fingerprintNotice(preview.fingerprint ?? { state: 'matches', rows: 0, examples: [] }, false)).toMatch(/^This export was changed after it was written: 1 row does not match.*import it only if you made the change\.$/);
    expect(fingerprintNotice(preview.fingerprint ?? { state: 'matches', rows: 0, examples: [] }, true)).toMatch(/It was merged.*restore a backup from before this import\.$/);
    delete (doc as { merkle?: unknown }).merkle;
    writeFileSync(join(dir, 'bare.json'), JSON.stringify(doc));
    expect((await runImport(other, join(dir, 'bare.json'), { format: 'engram-export', preview: true })).fingerprint?.state).toBe('none');
  });
});
