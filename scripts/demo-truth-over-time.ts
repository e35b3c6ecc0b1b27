/**
 * Issue 22 (truth over time), items 1, 2, 3, 4 and 7, on one fresh data folder: prints the Boston → Denver →
 * Austin → Lisbon chain with each version's own sources, a corrected fact's dates before and after, the context
 * pack for "where do I live" before and after a move, the prune forecast of a fact used in five replies over a
 * month versus one never used, and then — through the app's own API (`chat.deletePreview`, `chat.delete`) on the
 * same folder — the delete dialog's three choices with their counts and what an erase did.
 * Offline (no model): `npx tsx scripts/demo-truth-over-time.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppHost } from '../src-main/host/app-host';
import { MemorySecretStore } from '../src-main/llm/secrets';
import { MemoryEngine } from '../src-main/memory/engine';
import { consolidateSession } from '../src-main/writepath/consolidate';
import { OfflineExtractor } from '../src-main/writepath/extract-offline';
import type { Clock } from '../src-shared/clock';

class DemoClock implements Clock {
  constructor(public t: number) {}
  now(): number {
    return this.t;
  }
  advanceDays(days: number): void {
    this.t += days * 86_400_000;
  }
}

const day = (t: number | null): string => (t === null ? 'never' : new Date(t).toISOString().slice(0, 10));
const print = (line = ''): void => void process.stdout.write(`${line}\n`);

async function say(engine: MemoryEngine, sessionId: string, text: string): Promise<void> {
  engine.recordEpisode({ sessionId, role: 'user', content: text });
  await engine.flush();
  await consolidateSession(engine, new OfflineExtractor(), sessionId);
  await engine.drainSlowPath();
}

function packFacts(markdown: string): string {
  const start = markdown.indexOf('### Facts');
  const body = start >= 0 ? markdown.slice(start) : markdown;
  return body
    .split('\n')
    .filter((l) => l.startsWith('- ') || l.startsWith('###'))
    .map((l) => `    ${l}`)
    .join('\n');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'engram-demo-truth-'));
  const clock = new DemoClock(Date.parse('2026-01-05T10:00:00Z'));
  const engine = MemoryEngine.open({ dataDir: dir, clock });
  try {
    print(`Fresh data folder: ${dir}`);

    // 3. The pack before and after a move.
    await say(engine, 'home-1', 'I live in Boston.');
    print('\n== Pack for "Where do I live these days?" — before the move ==');
    print(packFacts((await engine.buildContextPack('Where do I live these days?')).markdown));
    clock.advanceDays(30);
    await say(engine, 'home-2', 'I moved to Denver.');
    print('\n== Same question after "I moved to Denver." ==');
    print(packFacts((await engine.buildContextPack('Where do I live these days?')).markdown));
    print(`    (entity Boston's summary now: ${JSON.stringify(engine.findEntities('Boston')[0]?.summary ?? null)})`);

    // 2. The chain, each version with its own sources.
    for (const [i, line] of ['I moved to Austin.', 'I moved to Lisbon.'].entries()) {
      clock.advanceDays(30);
      await say(engine, `home-${i + 3}`, line);
    }
    const current = engine.listNodes({ types: ['semantic'] }).items.find((n) => n.content.startsWith('User lives in'));
    if (!current) throw new Error('the chain did not end in a current fact');
    print('\n== Boston → Denver → Austin → Lisbon: each version and where it came from ==');
    for (const v of engine.getNode(current.id).versions) {
      const d = engine.getNode(v.id);
      const why = d.edges.find((e) => e.relationType === 'supersedes' && e.sourceId === v.id);
      print(`  ${v.content}  [${v.invalidatedReason ?? 'current'}; valid ${day(v.validFrom)} → ${v.validUntil ? day(v.validUntil) : 'now'}]`);
      for (const ep of d.derivedFrom) print(`      source: "${ep.content}" (${day(ep.eventTime)})`);
      if (why) print(`      replaced the previous version because: ${why.predicate ?? '?'}`);
    }

    // 1. A correction by hand keeps the fact's dates and counts as confirmed.
    clock.t = Date.parse('2026-11-25T10:00:00Z');
    const happened = Date.parse('2023-05-08T18:00:00Z');
    const group = engine.rememberFact({ content: 'User went to a support group', sourceType: 'extraction', eventTime: happened, validFrom: happened });
    const before = engine.getNode(group);
    const fixedId = engine.correctFact({ id: group, content: 'User went to a grief support group' });
    const after = engine.getNode(fixedId);
    print('\n== A correction by hand (today is 2026-11-25) ==');
    const describe = (label: string, d: typeof before): void =>
      print(
        `  ${label}: "${d.node.content}" happened ${day(d.node.eventTime)}, true from ${day(d.node.validFrom)}, ` +
          `confidence ${d.node.confidence.toFixed(2)}, decay rate ${d.node.decayRate}, prune forecast ${day(d.pruneForecast)}`,
      );
    describe('before', before);
    describe('after ', after);

    // 7. Stability: five uses over a month versus none.
    const used = engine.rememberFact({ content: 'User is training for the Lisbon marathon', sourceType: 'extraction' });
    const unused = engine.rememberFact({ content: 'User had pasta for lunch', sourceType: 'extraction' });
    const home = engine.rememberFact({ content: 'User lives in Porto', sourceType: 'heuristic', attributes: { slot: 'user.residence' } });
    const learned = clock.now();
    const forecastOf = (id: string): string => {
      const d = engine.getNode(id);
      const f = d.pruneForecast;
      const weeks = f === null ? '' : ` (${((f - learned) / (7 * 86_400_000)).toFixed(1)} weeks after it was learned)`;
      return `confidence ${d.node.confidence.toFixed(2)}, stability ×${d.node.stability.toFixed(1)}, falls below 0.05 on ${day(f)}${weeks}`;
    };
    print(`\n== Stability (learned ${day(learned)}) ==`);
    print(`  at first, both:       ${forecastOf(used)}`);
    for (let i = 0; i < 5; i++) {
      clock.advanceDays(6);
      engine.recordAccess([used]);
    }
    print(`  used in 5 replies over a month (every 6 days), on ${day(clock.now())}:`);
    print(`    "User is training for the Lisbon marathon": ${forecastOf(used)}`);
    print(`  never used:`);
    print(`    "User had pasta for lunch":                  ${forecastOf(unused)}`);
    print(`  identity-like (home), heuristic 0.6, never used:`);
    print(`    "User lives in Porto":                       ${forecastOf(home)}`);
    clock.advanceDays(8 * 7);
    const run = await engine.runDecay();
    const pruned = run.prunedIds.map((id) => engine.getNode(id).node.content);
    print(`  nightly decay 8 weeks later (${day(clock.now())}) pruned: ${JSON.stringify(pruned)}`);
    print(`    the used fact is now at confidence ${engine.getNode(used).node.confidence.toFixed(2)}`);
  } finally {
    await engine.close();
  }
  try {
    await deleteDialog(dir, clock);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 4. The delete dialog's three choices with their counts, through the API the dialog calls, then an erase. */
async function deleteDialog(dir: string, clock: DemoClock): Promise<void> {
  const host = new AppHost({ dataDir: dir, secrets: new MemorySecretStore(), mode: 'browser', version: 'demo', engine: { clock }, sweepIntervalMs: 0, nightly: false });
  const send = async (chatId: string, text: string): Promise<string> => {
    const { userMessage, assistantMessage } = await host.chat.send(chatId, text);
    await host.chat.waitForReply(assistantMessage.id);
    await host.memory.flush();
    return host.chat.messages(chatId).find((m) => m.id === userMessage.id)?.episodeId ?? '';
  };
  try {
    const other = host.chat.create();
    const sister = await send(other.id, 'My sister lives in Leeds.');
    const work = await send(other.id, 'I work at a bakery.');
    const chat = host.chat.create();
    const locker = await send(chat.id, 'My locker code is 4417, keep it to yourself.');
    const leeds = await send(chat.id, 'My sister still lives in Leeds, with her dog Waffles.');
    const job = await send(chat.id, 'I quit the bakery, I work at the library now.');
    host.memory.rememberFact({ content: 'User locker code is 4417', derivedFrom: [locker] });
    host.memory.rememberFact({ content: 'User has a sister who lives in Leeds', derivedFrom: [sister, leeds] });
    const bakery = host.memory.rememberFact({ content: 'User works at a bakery', derivedFrom: [work] });
    host.memory.correctFact({ id: bakery, content: 'User works at the library', evidence: [job], sourceType: 'consolidation', reason: 'user.employer changed' });
    // A memory-only answer in the other chat quotes the locker message.
    await send(other.id, 'What is my locker code?');
    print('\n== "Delete chat" on a chat of 3 messages (each with Engram\'s reply) — chat.deletePreview ==');
    // The service methods the API's `chat.deletePreview` and `chat.delete` handlers call.
    const p = await host.chat.deletePreview(chat.id);
    print(`  messages: ${p.messages}`);
    print(`  ( ) Remove the chat, keep what memory learned — keeps ${p.keep.episodes} recorded messages and ${p.keep.facts} facts learned only here`);
    print(`  ( ) Also forget what it taught — forgets ${p.forget.episodes} messages and ${p.forget.facts} facts (restorable), drops ${p.forget.packs} saved contexts`);
    print(
      `  ( ) Erase everything it taught — deletes ${p.erase.episodes} messages and ${p.erase.facts} facts; ${p.erase.factsLosingSupport} fact(s) also learned elsewhere lose this source; ` +
        `${p.erase.factsCurrentAgain} earlier fact(s) it changed current again; ${p.erase.packs} saved contexts and ${p.erase.answers} memory-only answers lose their quotes`,
    );
    print(`  raw: ${JSON.stringify(p)}`);
    print(`  erase result: ${JSON.stringify(await host.chat.delete(chat.id, 'erase'))}`);
    const work2 = host.memory.listNodes({ types: ['semantic'] }).items.filter((n) => /works at|locker|sister/.test(n.content));
    print(`  current facts afterwards: ${JSON.stringify(work2.map((n) => n.content))}`);
    const answer = host.chat.messages(other.id).at(-1)?.content ?? '';
    print(`  the other chat's memory-only answer now reads: ${JSON.stringify(answer.slice(0, 160))}`);
  } finally {
    await host.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
