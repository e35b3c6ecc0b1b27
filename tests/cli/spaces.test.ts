// Starts the CLI as a child process a few times (a TypeScript loader per start): generous timeout on a busy machine.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportJson } from '../../src-main/data/export/json';
import { runImport } from '../../src-main/data/import/run';
import { PERSONAL_SPACE_ID } from '../../src-shared/spaces';
import { makeTempDir, openTestEngine } from '../helpers/temp-engine';

const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 90_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('CLI --space', () => {
  it('creates spaces, scopes search to one, and fails loudly on an unknown name or a command it does not apply to', () => {
    const dir = makeTempDir();
    expect(cli(dir, 'spaces', 'create', 'Work').code).toBe(0);
    const listed = cli(dir, 'spaces', '--json');
    expect((JSON.parse(listed.stdout) as { name: string }[]).map((s) => s.name)).toEqual(['Personal', 'Work']);

    const unknown = cli(dir, 'search', 'budget', '--space', 'Novel');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no space named "Novel".*"Personal", "Work"/);
    const misplaced = cli(dir, 'stats', '--space', 'Work');
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toMatch(/--space does not apply to "stats"/);
    const noChoice = cli(dir, 'spaces', 'delete', 'Work');
    expect(noChoice.code).not.toBe(0);
    expect(noChoice.stderr).toMatch(/--move-to NAME .* or --erase/);
    expect(cli(dir, 'search', 'budget', '--space', 'work', '--json').code).toBe(0);
  }, 300_000);
});

describe('export and import of one space', () => {
  it('exports only the space\'s rows and imports them into another memory\'s space', async () => {
    const { engine } = openTestEngine();
    const work = engine.createSpace({ name: 'Work' });
    const workFact = engine.rememberFact({ content: 'The Falcon launch is in May', spaceId: work.id });
    const homeFact = engine.rememberFact({ content: 'The garden needs water on Sundays' });
    // A proposal made in the space goes with it; one about the garden stays home.
    const workTurn = engine.recordEpisodeNow({ content: 'Falcon slips to June, says Priya', sessionId: 'w1', spaceId: work.id });
    engine.proposeFact({ action: 'remember', origin: 'mcp', input: { content: 'The Falcon launch is in June', derivedFrom: [workTurn], sessionId: 'w1', spaceId: work.id } });
    engine.proposeFact({ action: 'remember', origin: 'mcp', input: { content: 'The garden hose leaks' } });
    await engine.drainSlowPath();
    const file = join(makeTempDir(), 'work.json');
    const result = await exportJson(engine, file, { spaceId: work.id });
    expect(result.rows.nodes).toBe(2);
    expect(result.rows.memory_proposals).toBe(1);
    expect(result.rows.app_settings).toBe(0);

    const { engine: other } = openTestEngine();
    const novel = other.createSpace({ name: 'Novel' });
    const summary = await runImport(other, file, { format: 'engram-export', spaceId: novel.id });
    expect(summary.restored?.nodes).toBe(2);
    expect(other.getNode(workFact).node.spaceId).toBe(novel.id);
    // The proposal came along and, approved, is remembered in the space the import chose.
    const [proposal] = other.listProposals({}).items;
    expect(proposal?.content).toBe('The Falcon launch is in June');
    const { nodeId } = other.approveProposal({ id: proposal?.id ?? '' });
    expect(other.getNode(nodeId ?? '').node.spaceId).toBe(novel.id);
    expect(() => other.getNode(homeFact)).toThrow(/does not exist/);

    // Into a chosen space the file's space is not added.
    expect(other.listSpaces().map((s) => s.name).sort()).toEqual(['Novel', 'Personal']);

    // Without a target space, the file's space comes with its rows.
    const { engine: third } = openTestEngine();
    const into = await runImport(third, file, { format: 'engram-export' });
    expect(into.restored?.spaces).toBe(1);
    expect(into.restored?.memory_proposals).toBe(1);
    expect(third.getNode(workFact).node.spaceId).toBe(work.id);
    expect(third.getSpace(work.id).name).toBe('Work');

    // A memory with a space of the same name (any case, another id) gets the rows in that space.
    const { engine: fourth } = openTestEngine();
    const own = fourth.createSpace({ name: 'WORK' });
    await runImport(fourth, file, { format: 'engram-export' });
    expect(fourth.getNode(workFact).node.spaceId).toBe(own.id);
    expect(fourth.listSpaces()).toHaveLength(2);
  });

  it('a whole-memory export brings every space back, and rows whose space is nowhere land in Personal', async () => {
    const { engine } = openTestEngine();
    const work = engine.createSpace({ name: 'Work' });
    const novel = engine.createSpace({ name: 'Novel' });
    const inWork = engine.rememberFact({ content: 'The Falcon launch is in May', spaceId: work.id });
    const inNovel = engine.rememberFact({ content: 'The villain is the lighthouse keeper', spaceId: novel.id });
    const said = engine.recordEpisode({ content: 'Chapter two opens at the lighthouse', sessionId: 'novel-notes', spaceId: novel.id });
    const file = join(makeTempDir(), 'all.json');
    const result = await exportJson(engine, file);
    expect(result.rows.spaces).toBe(3);

    const { engine: fresh } = openTestEngine();
    const summary = await runImport(fresh, file, { format: 'engram-export' });
    expect(summary.restored?.spaces).toBe(2);
    expect(fresh.listSpaces().map((s) => s.name).sort()).toEqual(['Novel', 'Personal', 'Work']);
    expect(fresh.getNode(inWork).node.spaceId).toBe(work.id);
    expect(fresh.getNode(inNovel).node.spaceId).toBe(novel.id);
    expect(fresh.getNode(said).node.spaceId).toBe(novel.id);

    // An export from before spaces were exported: its rows land in Personal rather than nowhere.
    const older = join(makeTempDir(), 'older.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { tables: Record<string, unknown> };
    delete doc.tables.spaces;
    writeFileSync(older, JSON.stringify(doc));
    const { engine: before } = openTestEngine();
    await runImport(before, older, { format: 'engram-export' });
    expect(before.getNode(inWork).node.spaceId).toBe(PERSONAL_SPACE_ID);
    expect(before.listSpaces()).toHaveLength(1);
  });
});
