/**
 * "Delete chat" with its three choices, through the API the dialog uses. The erase is checked where it
 * matters: the database and WAL files' raw bytes hold none of the erased messages' text afterwards.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openTestHost, type TestHost } from '../helpers/app-host';
import { databasePath } from '../../src-main/memory/paths';
import { ERASED_QUOTE } from '../../src-main/chat/prompt';
import { MemoryEngine } from '../../src-main/memory/engine';
import { makeTempDir } from '../helpers/temp-engine';
import { expectTalliesMatchRows } from '../helpers/tallies';

// Distinctive strings: a hit in the file can only be the erased text (or its full-text terms).
const SECRET = 'Quokkazebra7731';
const PET = 'Waffleston';

async function send(t: TestHost, chatId: string, text: string): Promise<void> {
  const { assistantMessage } = await t.host.chat.send(chatId, text);
  await t.host.chat.waitForReply(assistantMessage.id);
}

/** Every file of the database (main, WAL) as lower-case bytes, so a term the FTS index lower-cased counts too. */
function rawBytes(dir: string): string {
  const db = databasePath(dir);
  return [db, `${db}-wal`]
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f).toString('latin1').toLowerCase())
    .join('\n');
}

/** Two chats: one to delete, which taught a fact only it supports and one also learned elsewhere; the other chat quotes it. */
async function scenario() {
  // A plaintext memory (kept plaintext when reopened), so the bytes can show the text before the erase and not after.
  const dir = makeTempDir();
  await MemoryEngine.open({ dataDir: dir, startSlowPath: false, encryption: { plaintext: true } }).close();
  const t = openTestHost({ dir });
  const other = t.host.chat.create();
  await send(t, other.id, 'My sister lives in Leeds');
  const chat = t.host.chat.create();
  await send(t, chat.id, `My locker combination is ${SECRET}, keep it secret`);
  await send(t, chat.id, `My sister lives in Leeds with her dog ${PET}`);
  await t.host.memory.flush();
  const episodes = t.host.chat.messages(chat.id).flatMap((m) => (m.episodeId ? [m.episodeId] : []));
  const session = t.host.chat.messages(chat.id)[0]?.memorySessionId as string;
  const otherEpisode = t.host.chat.messages(other.id)[0]?.episodeId as string;
  const onlyHere = t.host.memory.rememberFact({ content: `User locker combination is ${SECRET}`, derivedFrom: [episodes[0] as string] });
  const alsoElsewhere = t.host.memory.rememberFact({ content: 'User has a sister in Leeds', derivedFrom: [episodes[1] as string, otherEpisode] });
  // A forgotten fact of this chat is erased too: forgetting kept it restorable, erasing must not.
  const forgotten = t.host.memory.rememberFact({ content: `User's dog sitter knows ${PET}`, derivedFrom: [episodes[1] as string] });
  t.host.memory.forget(forgotten);
  // The other chat's memory-only answer quotes the locker message.
  await send(t, other.id, 'What is my locker combination?');
  const quoting = t.host.chat.messages(other.id).at(-1);
  expect(quoting?.status).toBe('offline');
  expect(quoting?.content).toContain(SECRET);
  await (t.host.memory as MemoryEngine).drainSlowPath();
  return { t, chat, other, session, episodes, otherEpisode, onlyHere, alsoElsewhere, forgotten, quoting: quoting?.id as string };
}

describe('chat.delete erase', () => {
  it('previews the counts of each choice, then erases: no trace of the text in the database or WAL bytes', async () => {
    const s = await scenario();
    const { t } = s;
    const db = (t.host.memory as MemoryEngine).database;
    expect(rawBytes(t.dir)).toContain(SECRET.toLowerCase());

    const preview = await t.host.dispatch('chat.deletePreview', { chatId: s.chat.id });
    expect(preview).toEqual({
      ok: true,
      value: {
        messages: 4,
        keep: { episodes: 2, facts: 1 },
        forget: { episodes: 2, facts: 1, packs: 1 },
        erase: { episodes: 2, facts: 2, factsLosingSupport: 1, factsCurrentAgain: 0, packs: 1, answers: 1 },
      },
    });

    const result = await t.host.dispatch('chat.delete', { chatId: s.chat.id, mode: 'erase' });
    expect(result).toEqual({
      ok: true,
      value: { deleted: true, mode: 'erase', messages: 4, episodes: 2, facts: 2, factsLosingSupport: 1, factsCurrentAgain: 0, packs: 1, answers: 1, walCleared: true },
    });

    const bytes = rawBytes(t.dir);
    expect(bytes).not.toContain(SECRET.toLowerCase());
    expect(bytes).not.toContain(PET.toLowerCase());

    // Gone, not forgotten: nothing to list or restore.
    for (const id of [...s.episodes, s.onlyHere, s.forgotten]) {
      expect(await t.host.dispatch('memory.getNode', { id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
    // The fact also learned elsewhere stays, current, with only its other source.
    const kept = t.host.memory.getNode(s.alsoElsewhere);
    expect(kept.node.validUntil).toBeNull();
    expect(db.prepare(`SELECT target_id FROM edges WHERE source_id = ? AND relation_type = 'derived_from'`).pluck().all(s.alsoElsewhere)).toEqual([s.otherEpisode]);
    // The other chat's memory-only answer no longer quotes it, and says a memory was erased.
    const answer = t.host.chat.messages(s.other.id).find((m) => m.id === s.quoting);
    expect(answer?.content).not.toContain(SECRET);
    expect(answer?.content).toContain(ERASED_QUOTE);
    expect(t.host.chat.contextPack(s.quoting)).toBeNull();
    // Search finds nothing of it, by words or by vectors; stats and the inspector agree with the rows.
    const found = await t.host.memory.search({ query: `locker combination ${SECRET}`, types: ['episodic', 'semantic'], includeInvalid: true });
    expect(found.hits.map((h) => h.node.content).join()).not.toContain(SECRET);
    expect(db.prepare(`SELECT count(*) FROM vec_nodes WHERE node_id IN (SELECT value FROM json_each(?))`).pluck().get(JSON.stringify(s.episodes))).toBe(0);
    expect(db.prepare(`INSERT INTO nodes_fts(nodes_fts) VALUES ('integrity-check')`).run().changes).toBeGreaterThanOrEqual(0);
    expect(t.host.chat.list().map((c) => c.id)).toEqual([s.other.id]);
    expectTalliesMatchRows(db);
    // A consolidation already queued for the erased session finds nothing to learn, rather than failing.
    expect(await t.host.dispatch('memory.consolidate', { sessionId: s.session, offline: true })).toMatchObject({ ok: true });
    expect(db.prepare('SELECT count(*) FROM nodes WHERE session_id = ?').pluck().get(s.session)).toBe(0);

    // After a restart nothing comes back, and the file still holds none of it.
    await t.host.close();
    expect(rawBytes(t.dir)).not.toContain(SECRET.toLowerCase());
    const again = openTestHost({ dir: t.dir });
    const after = await again.host.memory.search({ query: 'locker combination', types: ['episodic'], includeInvalid: true });
    expect(after.hits.map((h) => h.node.content).join()).not.toContain(SECRET);
  });

  it('forget keeps the text (restorable); keep leaves what the chat taught as current memories, whose links say the chat was deleted', async () => {
    const s = await scenario();
    const forget = await s.t.host.dispatch('chat.delete', { chatId: s.chat.id, mode: 'forget' });
    expect(forget).toMatchObject({ ok: true, value: { mode: 'forget', episodes: 2, facts: 1, walCleared: null } });
    expect(s.t.host.memory.getNode(s.onlyHere).node.invalidatedReason).toBe('forgotten');
    expect(s.t.host.memory.restore(s.onlyHere).validUntil).toBeNull();

    const k = await scenario();
    expect(k.t.host.memory.getNode(k.onlyHere).deletedChatIds).toEqual([]);
    const keep = await k.t.host.dispatch('chat.delete', { chatId: k.chat.id, mode: 'keep' });
    expect(keep).toMatchObject({ ok: true, value: { mode: 'keep', messages: 4, episodes: 0, facts: 0 } });
    for (const id of k.episodes) expect(k.t.host.memory.getNode(id).node.validUntil).toBeNull();
    // "Open the conversation →" becomes "the conversation was deleted", for the episode and for a fact's sources.
    expect(await k.t.host.dispatch('memory.getNode', { id: k.episodes[0] })).toMatchObject({ ok: true, value: { deletedChatIds: [k.chat.id] } });
    expect(k.t.host.memory.getNode(k.onlyHere).deletedChatIds).toEqual([k.chat.id]);
    expect(k.t.host.memory.getNode(k.otherEpisode).deletedChatIds).toEqual([]);
  });

  it('erasing the chat that changed a fact makes the older version current again, and links a later survivor past it', async () => {
    const t = openTestHost();
    const other = t.host.chat.create();
    await send(t, other.id, 'I live in Boston and I drink tea');
    const chat = t.host.chat.create();
    await send(t, chat.id, 'I moved to Denver and switched to coffee');
    const third = t.host.chat.create();
    await send(t, third.id, 'These days it is green tea for me');
    await t.host.memory.flush();
    const episodeOf = (chatId: string) => t.host.chat.messages(chatId)[0]?.episodeId as string;
    const boston = t.host.memory.rememberFact({ content: 'User lives in Boston', derivedFrom: [episodeOf(other.id)] });
    const denverPlace = t.host.memory.createEntity({ name: 'Denver', type: 'place' });
    const denver = t.host.memory.correctFact({ id: boston, content: 'User lives in Denver', evidence: [episodeOf(chat.id)], sourceType: 'consolidation', reason: 'user.residence changed', entityIds: [denverPlace.id] });
    expect(t.host.memory.getEntityProfile(denverPlace.id).entity.summary).toBe('Denver (place): User lives in Denver.');
    const tea = t.host.memory.rememberFact({ content: 'User drinks tea', derivedFrom: [episodeOf(other.id)] });
    const coffee = t.host.memory.correctFact({ id: tea, content: 'User drinks coffee', evidence: [episodeOf(chat.id)], sourceType: 'consolidation' });
    const green = t.host.memory.correctFact({ id: coffee, content: 'User drinks green tea', evidence: [episodeOf(third.id)], sourceType: 'consolidation', reason: 'user.drink changed' });
    const db = (t.host.memory as MemoryEngine).database;

    const preview = await t.host.dispatch('chat.deletePreview', { chatId: chat.id });
    expect(preview).toMatchObject({ ok: true, value: { erase: { facts: 2, factsCurrentAgain: 1 } } });
    const result = await t.host.dispatch('chat.delete', { chatId: chat.id, mode: 'erase' });
    expect(result).toMatchObject({ ok: true, value: { facts: 2, factsCurrentAgain: 1 } });

    // Denver was learned only from the erased chat: Boston is what memory knows again, and fades as a fact does.
    expect(await t.host.dispatch('memory.getNode', { id: denver })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const restored = t.host.memory.getNode(boston).node;
    expect(restored).toMatchObject({ validUntil: null, invalidatedReason: null, decayRate: 0.1 });
    expect(restored.confidence).toBeGreaterThanOrEqual(0.5);
    const pack = await t.host.dispatch('memory.contextPreview', { prompt: 'Where do I live?' });
    expect(JSON.stringify(pack)).toContain('User lives in Boston');
    // The summary made from the erased fact goes with it.
    expect(t.host.memory.getEntityProfile(denverPlace.id).entity).toMatchObject({ summary: null, mentionCount: 0 });
    // Tea → coffee (erased) → green tea: green tea stays current and now supersedes tea directly, with its reason.
    expect(t.host.memory.getNode(green).node.validUntil).toBeNull();
    expect(t.host.memory.getNode(tea).node.invalidatedReason).toBe('superseded');
    expect(db.prepare(`SELECT predicate FROM edges WHERE source_id = ? AND target_id = ? AND relation_type = 'supersedes'`).pluck().all(green, tea)).toEqual(['user.drink changed']);
    expectTalliesMatchRows(db);
  });
});
