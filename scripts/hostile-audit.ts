/**
 * Issue 21's acceptance figures: a battery of hostile inputs and faults against fresh temp data folders, one
 * table row each (input kind | surface | outcome), totals, and the 100k-character per-path timings (the
 * `long-text` bench's runner). Before and after every input the pre-existing rows are fingerprinted, so an input
 * that changes or loses them is caught. Exits non-zero if anything crashed or changed existing data.
 *   npx tsx scripts/hostile-audit.ts [--only <substring>] [--no-timings]
 * Nothing leaves 127.0.0.1. The hostile files come from tests/fixtures/hostile/.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';
import { openConnection } from '../src-main/storage/driver';
import { KEY_FILE, unlockKey } from '../src-main/storage/memory-key';
import { registerContentHashFunctions } from '../src-main/storage/content-hash';
import * as sqliteVec from 'sqlite-vec';
import { strToU8, zipSync } from 'fflate';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppHost } from '../src-main/host/app-host';
import { MemorySecretStore } from '../src-main/llm/secrets';
import type { MemoryEngine } from '../src-main/memory/engine';
import type { McpStatus } from '../src-main/mcp/settings-schema';
import type { Logger } from '../src-shared/clock';
import { AppError } from '../src-shared/errors';
import { freePort } from '../tests/helpers/free-port';
import { benchLongText } from '../bench/long-text';
import { HOSTILE_LONG_TEXTS } from '../tests/fixtures/hostile/long-text';
import {
  chatGptConversation,
  HIJACK_SETTINGS,
  nodeRow,
  turns,
  writeBzip2Zip,
  writeInflatingZip,
  writeJson,
  writeSnapshot,
  writeZip,
} from '../tests/fixtures/hostile/make';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export type Outcome = 'refused cleanly' | 'accepted safely' | 'crashed' | 'changed or lost existing data';
export type Surface = 'import' | 'snapshot' | 'export/backup' | 'restore' | 'MCP stdio' | 'MCP HTTP' | 'API' | 'CLI' | 'long text' | 'stored bad row';
export interface AuditRow {
  kind: string;
  surface: Surface;
  outcome: Outcome;
  detail: string;
}

/** What a case reports when it did not throw: refused (with the reason shown) or accepted. */
interface CaseResult {
  refused: boolean;
  detail: string;
  /** Set when the case saw a crash the runner cannot see (an untyped error answer, a dead child, a 2xx to garbage…). */
  crashed?: boolean;
}

interface Case {
  kind: string;
  surface: Surface;
  run: (w: World) => Promise<CaseResult>;
  /** Rows the case plants on purpose (a stored bad row), removed after it and left out of the fingerprint. */
  cleanup?: (w: World) => void;
  /** The data folder whose rows the case could touch (default: the app's). */
  target?: 'app' | 'stdio' | 'cli';
}

type Answer = { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };

/** Everything the battery runs against: an app host with a seeded memory, an MCP endpoint, a stdio server. */
export interface World {
  root: string;
  files: string;
  host: AppHost;
  mcp: McpStatus;
  client: Client;
  stdio: StdioServer | null;
  stdioDir: string;
  cliDir: string;
  seeded: { factId: string; otherFactId: string; chatId: string; entityId: string; conversationId: string };
}

const quietLogger: Logger = { warn: () => undefined, error: () => undefined };

const engineOf = (w: World): MemoryEngine => w.host.memory as MemoryEngine;

async function dispatch(w: World, method: string, input: unknown): Promise<Answer> {
  return (await w.host.dispatch(method as never, input as never)) as Answer;
}

/** A dispatch answer as a case result: an `internal` error is an untyped failure, i.e. a crash. */
function fromAnswer(answer: Answer, describe: (value: unknown) => string = () => 'ok'): CaseResult {
  if (answer.ok) return { refused: false, detail: describe(answer.value) };
  return { refused: true, crashed: answer.error.code === 'internal', detail: `${answer.error.code}: ${answer.error.message}` };
}

// ---------------------------------------------------------------------------------------------------------
// Fingerprints of existing rows

const FINGERPRINTED: Record<string, string> = {
  // access_count / last_accessed / confidence move on every read (reinforcement): not "changed data".
  nodes: 'id, type, content, event_time, valid_from, valid_until, invalidated_reason, source_type, source_role, session_id, attributes',
  edges: '*',
  entities: '*',
  node_entities: '*',
  chat_sessions: 'id, title',
  chat_messages: '*',
  app_settings: 'key, value',
};

type Fingerprint = Map<string, string>;

export function fingerprint(db: BetterSqlite3.Database): Fingerprint {
  const rows: Fingerprint = new Map();
  for (const [table, columns] of Object.entries(FINGERPRINTED)) {
    for (const row of db.prepare(`SELECT ${columns} FROM ${table}`).all() as Record<string, unknown>[]) {
      const text = JSON.stringify(row);
      // A row without an id (a link table) is its own key: a changed one reads as lost.
      const key = `${table}:${String(row.id ?? row.key ?? text)}`;
      rows.set(key, createHash('sha256').update(text).digest('hex'));
    }
  }
  return rows;
}

/** Rows of `before` missing or different in `after`; new settings rows count too (a settings row is never harmless). */
export function damage(before: Fingerprint, after: Fingerprint): string[] {
  const changed: string[] = [];
  for (const [key, hash] of before) {
    if (!after.has(key)) changed.push(`lost ${key}`);
    else if (after.get(key) !== hash) changed.push(`changed ${key}`);
  }
  for (const key of after.keys()) if (key.startsWith('app_settings:') && !before.has(key)) changed.push(`added ${key}`);
  return changed;
}

/**
 * Memories are encrypted (issue 27): a file is opened with the key file of its folder or the nearest one above
 * it; the world's files/ (backups copied there) take the app's key, the one that wrote them.
 */
function openKeyed(path: string, options: { readonly?: boolean } = {}): BetterSqlite3.Database {
  const db = openConnection(path, { ...options, key: nearestKey(path) });
  // The memory's content-hash triggers (migration 016) call these, as on every connection the app opens.
  registerContentHashFunctions(db);
  return db;
}

let worldRoot: string | null = null;

function nearestKey(path: string): Buffer | null {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (existsSync(join(dir, KEY_FILE))) return unlockKey(join(dir, KEY_FILE), {});
    if (worldRoot && dir === worldRoot && existsSync(join(dir, 'app', KEY_FILE))) return unlockKey(join(dir, 'app', KEY_FILE), {});
    if (dirname(dir) === dir) return null;
  }
}

function withDb<T>(path: string, fn: (db: BetterSqlite3.Database) => T): T {
  const db = openKeyed(path, { readonly: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

function fingerprintOf(w: World, target: Case['target']): Fingerprint {
  if (target === 'stdio') return withDb(join(w.stdioDir, 'engram.db'), fingerprint);
  if (target === 'cli') return withDb(join(w.cliDir, 'engram.db'), fingerprint);
  return fingerprint(engineOf(w).database);
}

// ---------------------------------------------------------------------------------------------------------
// MCP over stdio: `engram mcp --allow-writes` as a child, spoken to line by line (so malformed lines can be sent)

class StdioServer {
  private buffer = '';
  private readonly waiting = new Map<number, (answer: Record<string, unknown>) => void>();
  private nextId = 100;
  exited: number | null = null;
  stderr = '';

  constructor(private readonly child: ReturnType<typeof spawn>) {
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        try {
          const message = JSON.parse(line) as Record<string, unknown>;
          if (typeof message.id === 'number') this.waiting.get(message.id)?.(message);
        } catch {
          // not JSON-RPC: ignored, as a client would
        }
      }
    });
    child.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    child.on('exit', (code) => (this.exited = code ?? -1));
  }

  static async start(dataDir: string): Promise<StdioServer> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, 'mcp', '--allow-writes'], {
      cwd: ROOT,
      env: { ...process.env, ENGRAM_AGENT_BASE_URL: '', ENGRAM_AGENT_MODEL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const server = new StdioServer(child);
    const init = await server.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hostile-audit', version: '1' } }, 120_000);
    if (!init) throw new Error(`engram mcp did not start: ${server.stderr}`);
    server.raw(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return server;
  }

  raw(line: string): void {
    this.child.stdin?.write(`${line}\n`);
  }

  /** The answer to one request, or null if none came within `timeoutMs` (or the server died). */
  request(method: string, params: unknown, timeoutMs = 60_000): Promise<Record<string, unknown> | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(null);
      }, timeoutMs);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answer);
      });
      this.raw(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  async close(): Promise<void> {
    this.child.stdin?.end();
    if (this.exited !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        resolve();
      }, 10_000);
      this.child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** A JSON-RPC answer as a case result: an error object or an isError tool result is a refusal with its text. */
function fromRpc(answer: Record<string, unknown> | null, server: StdioServer): CaseResult {
  if (!answer) return { refused: true, crashed: true, detail: server.exited !== null ? `server exited (${server.exited})` : 'no answer within 60 s' };
  const error = answer.error as { code: number; message: string } | undefined;
  if (error) return { refused: true, detail: `JSON-RPC ${error.code}: ${error.message.slice(0, 120)}` };
  const result = answer.result as CallToolResult | undefined;
  const text = (result?.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join(' ');
  return result?.isError ? { refused: true, detail: text.slice(0, 120) } : { refused: false, detail: text.slice(0, 80) || 'ok' };
}

function stdioTool(kind: string, name: string, args: unknown): Case {
  return {
    kind,
    surface: 'MCP stdio',
    target: 'stdio',
    run: async (w) => {
      const server = w.stdio as StdioServer;
      const result = fromRpc(await server.request('tools/call', { name, arguments: args }), server);
      // The server must still answer afterwards.
      const alive = await server.request('ping', {}, 30_000);
      return alive ? result : { refused: true, crashed: true, detail: `no answer after it: ${server.stderr.slice(-200)}` };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// MCP over HTTP

interface HttpAnswer {
  status: number;
  body: string;
}

function http(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...options.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body ?? '');
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hostile-audit', version: '1' } },
});

function httpCase(kind: string, send: (w: World) => Promise<HttpAnswer>): Case {
  return {
    kind,
    surface: 'MCP HTTP',
    run: async (w) => {
      let answer: HttpAnswer;
      try {
        answer = await send(w);
      } catch (error) {
        // The server closing the connection on an oversized body is a refusal only if it still serves others.
        const after = await http(w.mcp.url, { headers: { 'x-engram-token': w.mcp.token }, body: INITIALIZE });
        return { refused: true, crashed: after.status !== 200, detail: `connection closed (${(error as Error).message}); server still answers ${after.status}` };
      }
      const reason = answer.body.replace(/\s+/g, ' ').slice(0, 100);
      if (answer.status >= 400) return { refused: true, crashed: reason.length === 0, detail: `HTTP ${answer.status} ${reason || '(no reason)'}` };
      return { refused: false, detail: `HTTP ${answer.status}` };
    },
  };
}

function httpTool(kind: string, name: string, args: unknown): Case {
  return {
    kind,
    surface: 'MCP HTTP',
    run: async (w) => {
      try {
        const result = (await w.client.callTool({ name, arguments: args as Record<string, unknown> })) as CallToolResult;
        const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join(' ');
        return result.isError ? { refused: true, detail: text.slice(0, 120) } : { refused: false, detail: text.slice(0, 80) || 'ok' };
      } catch (error) {
        // A JSON-RPC error (e.g. invalid params) arrives as a thrown McpError with its code: a typed refusal.
        const code = (error as { code?: unknown }).code;
        return { refused: true, crashed: typeof code !== 'number', detail: (error as Error).message.slice(0, 120) };
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Import, snapshot, export and restore cases

function importCase(kind: string, surface: Surface, make: (w: World) => string, extra: { format?: string; preview?: boolean } = {}): Case {
  return { kind, surface, run: async (w) => fromAnswer(await dispatch(w, 'data.import', { path: make(w), ...extra }), describeImport) };
}

function describeImport(value: unknown): string {
  const v = value as { messagesAdded?: number; restored?: Record<string, number>; alreadyThere?: Record<string, number>; rejected?: { table?: string; count: number; reason: string }[]; skipped?: unknown[] };
  const rejected = (v.rejected ?? []).map((r) => `${r.count} ${r.table ?? ''} refused (${r.reason.slice(0, 50)})`).join('; ');
  const there = v.alreadyThere && Object.keys(v.alreadyThere).length > 0 ? ` (already there: ${JSON.stringify(v.alreadyThere)})` : '';
  const added = v.restored ? `${JSON.stringify(v.restored)}${there}` : `${v.messagesAdded ?? 0} messages`;
  return `added ${added}${rejected ? `; ${rejected}` : ''}${v.skipped?.length ? `; ${v.skipped.length} skipped` : ''}`;
}

const at = (w: World, name: string): string => join(w.files, name);

function seededBackup(w: World): string {
  return at(w, 'good-backup.db');
}

/** A copy of the seeded backup changed by `change` (sqlite-vec loaded, as the engine opens it). */
function tamperedBackup(w: World, name: string, change: (db: BetterSqlite3.Database) => void): string {
  const path = at(w, name);
  copyFileSync(seededBackup(w), path);
  const db = openKeyed(path);
  sqliteVec.load(db);
  change(db);
  db.close();
  return path;
}

function restoreCase(kind: string, make: (w: World) => string): Case {
  return { kind, surface: 'restore', run: async (w) => fromAnswer(await dispatch(w, 'data.restore', { path: make(w) })) };
}

function apiCase(kind: string, method: string, input: (w: World) => unknown): Case {
  return { kind, surface: 'API', run: async (w) => fromAnswer(await dispatch(w, method, input(w))) };
}

// ---------------------------------------------------------------------------------------------------------
// Stored bad rows: planted straight into the database, then every reader is asked

const BAD_ID = '0190ffff-0000-7000-8000-00000000bad0';

/** The readers a bad row must not stop (each answers or refuses with a typed error; `internal` is a crash). */
async function readersOver(w: World): Promise<CaseResult> {
  const now = Date.now();
  const reads: [string, unknown][] = [
    ['memory.search', { query: 'hostile bad row Lisbon' }],
    ['memory.contextPreview', { prompt: 'Where do I live? hostile bad row' }],
    ['memory.getNode', { id: BAD_ID }],
    ['memory.listNodes', {}],
    ['memory.stats', {}],
    ['inspector.timeline', { from: -62_135_596_800_000, to: now + 86_400_000 * 365 * 100 }],
    ['inspector.graph', { seed: { kind: 'recent' } }],
    ['inspector.graph', { seed: { kind: 'nodes', ids: [BAD_ID] } }],
    ['inspector.expand', { nodeIds: [BAD_ID], entityIds: [w.seeded.entityId] }],
    ['inspector.overview', {}],
    ['entity.profile', { idOrName: 'Lisbon' }],
    ['chat.messages', { chatId: w.seeded.chatId }],
    ['data.export', { format: 'json', path: at(w, `export-${Math.random().toString(36).slice(2)}.json`) }],
    ['data.export', { format: 'markdown', path: at(w, `export-${Math.random().toString(36).slice(2)}`) }],
  ];
  const failures: string[] = [];
  for (const [method, input] of reads) {
    const answer = await dispatch(w, method, input);
    if (!answer.ok && answer.error.code === 'internal') failures.push(`${method}: ${answer.error.message.slice(0, 80)}`);
  }
  return failures.length > 0 ? { refused: true, crashed: true, detail: failures.join('; ') } : { refused: false, detail: `${reads.length} readers answered` };
}

/** A node written past the schemas (as an old version or a damaged file could), linked to an entity so profiles read it. */
function plantBadNode(db: BetterSqlite3.Database, entityId: string, overrides: Record<string, unknown>): void {
  const row = { ...nodeRow(BAD_ID, 'Hostile bad row: I live in Lisbon'), ...overrides } as Record<string, unknown>;
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO nodes (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
  db.prepare('INSERT INTO node_entities (node_id, entity_id) VALUES (?, ?)').run(BAD_ID, entityId);
}

/** Plants a bad node in a child process's memory (stdio or CLI), through a connection of our own. */
function plantInFolder(dir: string, overrides: Record<string, unknown>): void {
  const db = openKeyed(join(dir, 'engram.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const entity = db.prepare(`SELECT id FROM entities WHERE canonical_name = 'Lisbon'`).get() as { id: string };
    plantBadNode(db, entity.id, overrides);
  } finally {
    db.close();
  }
}

function removeFromFolder(dir: string): void {
  const db = openKeyed(join(dir, 'engram.db'));
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('DELETE FROM nodes WHERE id = ?').run(BAD_ID);
  } finally {
    db.close();
  }
}

function badNode(kind: string, overrides: Record<string, unknown>): Case {
  return {
    kind,
    surface: 'stored bad row',
    run: async (w) => {
      plantBadNode(engineOf(w).database, w.seeded.entityId, overrides);
      return readersOver(w);
    },
    cleanup: (w) => engineOf(w).database.prepare('DELETE FROM nodes WHERE id = ?').run(BAD_ID),
  };
}

function badRow(kind: string, plant: (db: BetterSqlite3.Database, w: World) => void, remove: (db: BetterSqlite3.Database, w: World) => void): Case {
  return {
    kind,
    surface: 'stored bad row',
    run: async (w) => {
      plant(engineOf(w).database, w);
      return readersOver(w);
    },
    cleanup: (w) => remove(engineOf(w).database, w),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The CLI: a child process per case, some under a foreign write lock

function runCli(dataDir: string, args: string[], lockMs = 0): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src-main/cli/main.ts'), '--data-dir', dataDir, '--json', ...args], {
    cwd: ROOT,
    env: { ...process.env, ENGRAM_AGENT_BASE_URL: '', ENGRAM_AGENT_MODEL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lock: BetterSqlite3.Database | null = null;
  if (lockMs > 0) {
    // Another program's write transaction, held from the CLI's start (its TypeScript load takes seconds).
    lock = openKeyed(join(dataDir, 'engram.db'));
    lock.exec('BEGIN IMMEDIATE');
    lock.exec("INSERT INTO memory_metadata(key, value) VALUES ('lock_holder', 'x') ON CONFLICT(key) DO UPDATE SET value = excluded.value");
    const held = lock;
    setTimeout(() => {
      held.exec('COMMIT');
      held.close();
    }, lockMs);
  }
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

interface CliOptions {
  lockMs?: number;
  /** A reader that must answer: a refusal is a failure to read, not a clean refusal. */
  mustSucceed?: boolean;
  mustDo?: (w: World, stdout: string) => boolean;
  /** Plants what the command meets (a stored bad row), and removes it. */
  before?: (w: World) => void;
  after?: (w: World) => void;
}

function cliCase(kind: string, args: (w: World) => string[], options: CliOptions = {}): Case {
  return {
    kind,
    surface: 'CLI',
    target: 'cli',
    ...(options.after ? { cleanup: options.after } : {}),
    run: async (w) => {
      options.before?.(w);
      const r = await runCli(w.cliDir, args(w), options.lockMs ?? 0);
      const message = r.stderr.trim().split('\n').filter(Boolean).at(-1) ?? '';
      if (r.code !== 0) {
        const stack = /^\s+at .+\(.+:\d+:\d+\)$/m.test(r.stderr);
        return { refused: true, crashed: message.length === 0 || stack || options.mustSucceed === true, detail: `exit ${r.code}: ${message.slice(0, 110)}` };
      }
      // Exit 0 must mean the work was done: silence, or output saying nothing was done, is the bug of issue 21.
      if (r.stdout.trim().length === 0) return { refused: false, crashed: true, detail: 'exit 0 with no output' };
      if (options.mustDo && !options.mustDo(w, r.stdout)) return { refused: false, crashed: true, detail: `exit 0 but not done: ${r.stdout.slice(0, 100)}` };
      return { refused: false, detail: `exit 0: ${r.stdout.replace(/\s+/g, ' ').slice(0, 80)}` };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The battery

const big = (n: number, unit = 'a'): string => unit.repeat(n);

function cases(): Case[] {
  const list: Case[] = [];
  const snapshot = (w: World, name: string, tables: Parameters<typeof writeSnapshot>[1]) => {
    const dir = at(w, name);
    mkdirSync(dir, { recursive: true });
    return writeSnapshot(dir, tables);
  };
  const chosen = { format: 'engram-export' };

  // ---- snapshots (Engram JSON exports) ----
  list.push(
    importCase('snapshot sniffed as conversations.json, hijack settings', 'snapshot', (w) => snapshot(w, 'snap-sniffed', { nodes: [nodeRow('0190a000-0000-7000-8000-000000000001', 'The hijacker was here')], app_settings: HIJACK_SETTINGS })),
    importCase('snapshot chosen, hijack settings (provider, MCP on with writes)', 'snapshot', (w) => snapshot(w, 'snap-hijack', { nodes: [nodeRow('0190a000-0000-7000-8000-000000000002', 'The hijacker was here')], app_settings: HIJACK_SETTINGS }), chosen),
    importCase('snapshot node event_time 1e16', 'snapshot', (w) => snapshot(w, 'snap-1e16', { nodes: [nodeRow('0190a000-0000-7000-8000-000000000003', 'Far future', { event_time: 1e16 })] }), chosen),
    importCase('snapshot node event_time "NaN" (a string)', 'snapshot', (w) => snapshot(w, 'snap-nan', { nodes: [nodeRow('0190a000-0000-7000-8000-000000000004', 'Not a time', { event_time: 'NaN' })] }), chosen),
    importCase('snapshot node with a type the CHECK refuses', 'snapshot', (w) => snapshot(w, 'snap-type', { nodes: [nodeRow('0190a000-0000-7000-8000-000000000005', 'Bogus type', { type: 'bogus' })] }), chosen),
    importCase('snapshot node reusing an existing fact id with other content', 'snapshot', (w) => snapshot(w, 'snap-overwrite', { nodes: [nodeRow(w.seeded.factId, 'Overwritten by a snapshot')] }), chosen),
    importCase('snapshot edge between two existing facts', 'snapshot', (w) =>
      snapshot(w, 'snap-edge', {
        edges: [
          { id: '0190a000-0000-7000-8000-0000000000e1', source_id: w.seeded.factId, target_id: w.seeded.otherFactId, relation_type: 'supersedes', predicate: 'moved', weight: 1, confidence: 1, valid_from: 1, valid_until: null, evidence: '[]', created_at: 1 },
        ],
      }), chosen),
    importCase('snapshot message added to an existing chat', 'snapshot', (w) =>
      snapshot(w, 'snap-msg', {
        chat_messages: [
          { id: '0190a000-0000-7000-8000-0000000000f1', chat_id: w.seeded.chatId, seq: 99, role: 'user', content: 'Injected into your chat', status: 'complete', error: null, tool_calls: '[]', created_at: 1, updated_at: 1 },
        ],
      }), chosen),
    importCase('snapshot node attributes not JSON', 'snapshot', (w) => snapshot(w, 'snap-attrs', { nodes: [nodeRow('0190a000-0000-7000-8000-000000000006', 'Bad attributes', { attributes: 'not json {' })] }), chosen),
    importCase('snapshot with an unknown table', 'snapshot', (w) => snapshot(w, 'snap-table', { payload: [{ x: 'y' }] }), chosen),
    importCase('snapshot of a future format version', 'snapshot', (w) => {
      const path = at(w, 'snap-future.json');
      writeFileSync(path, JSON.stringify({ format: 'engram-export', version: 99, schemaVersion: 99, exportedAt: '2099-01-01T00:00:00Z', tables: {} }));
      return path;
    }, chosen),
  );

  // ---- imports (ChatGPT, Claude, JSONL, zips) ----
  list.push(
    importCase('missing file', 'import', (w) => at(w, 'does-not-exist.json')),
    importCase('zero-byte conversations.json', 'import', (w) => {
      const path = at(w, 'zero/conversations.json');
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, '');
      return path;
    }),
    importCase('garbage bytes named .zip', 'import', (w) => {
      writeFileSync(at(w, 'garbage.zip'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
      return at(w, 'garbage.zip');
    }),
    importCase('truncated zip', 'import', (w) => {
      const dir = at(w, 'trunc');
      mkdirSync(dir, { recursive: true });
      const path = writeZip(dir, 'truncated.zip', JSON.stringify([chatGptConversation('trunc-1', 'T', turns('t', ['hello', 'hi']))]));
      truncateSync(path, 60);
      return path;
    }),
    importCase('bzip2 zip', 'import', (w) => writeBzip2Zip(w.files)),
    importCase('zip of 64 MB whitespace', 'import', (w) => writeInflatingZip(w.files, 'whitespace.zip', 64 * 1024 * 1024, { open: '', unit: ' ', close: '' })),
    importCase('zip holding one 70 MB JSON element', 'import', (w) =>
      writeInflatingZip(w.files, 'element.zip', 70 * 1024 * 1024, { open: '{"title":"', unit: 'a', close: '","mapping":{}}' })),
    importCase('zip with a nested zip only', 'import', (w) => {
      const path = at(w, 'nested.zip');
      writeFileSync(path, zipSync({ 'inner.zip': zipSync({ 'conversations.json': strToU8('[]') }) }));
      return path;
    }),
    importCase('not JSON in conversations.json', 'import', (w) => {
      const path = at(w, 'notjson/conversations.json');
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, '[{"id": "x", "mapping": {');
      return path;
    }),
    importCase('JSON nested 100,000 deep', 'import', (w) => {
      const path = at(w, 'deep/conversations.json');
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      return path;
    }),
    importCase('conversation create_time 1e13', 'import', (w) =>
      writeJson(mkdirOf(w, 'ct13'), 'conversations.json', [
        { ...chatGptConversation('ct13-bad', 'Bad time', turns('ct13b', ['My cat is called Tom', 'Nice'], 1e13)) },
        chatGptConversation('ct13-good', 'Good', turns('ct13g', ['My dog is called Rex', 'Nice'])),
      ]),
    ),
    importCase('mapping cycle with no leaf', 'import', (w) => {
      const conv = chatGptConversation('cycle-1', 'Cycle', turns('cy', ['one', 'two']));
      const mapping = conv.mapping as Record<string, { parent: string | null; children: string[] }>;
      (mapping['cy-1'] as { parent: string | null }).parent = 'cy-2';
      (mapping['cy-2'] as { children: string[] }).children = ['cy-1'];
      return writeJson(mkdirOf(w, 'cycle'), 'conversations.json', [{ ...conv, current_node: null }]);
    }),
    importCase('__proto__ keys in the mapping', 'import', (w) => {
      const path = join(mkdirOf(w, 'proto'), 'conversations.json');
      writeFileSync(path, `[{"id":"proto-1","title":"P","create_time":1714000000,"current_node":"__proto__","mapping":{"__proto__":{"id":"__proto__","parent":null,"children":[],"message":{"id":"__proto__","author":{"role":"user"},"create_time":1714000000,"content":{"content_type":"text","parts":["polluted"]}}}}}]`);
      return path;
    }),
    importCase('duplicate conversation id in one file', 'import', (w) =>
      writeJson(mkdirOf(w, 'dup'), 'conversations.json', [
        chatGptConversation('dup-1', 'First', turns('d1', ['I play chess', 'Nice'])),
        chatGptConversation('dup-1', 'Second', turns('d2', ['I play go', 'Nice'])),
      ]),
    ),
    importCase('reused conversation id of an existing chat, other messages', 'import', (w) =>
      writeJson(mkdirOf(w, 'reuse'), 'conversations.json', [chatGptConversation(w.seeded.conversationId, 'Hijacked title', turns('reuse', ['Appended to your chat', 'ok']))]),
    ),
    importCase('conversations file chosen as recall dataset', 'import', (w) =>
      writeJson(mkdirOf(w, 'claude'), 'conversations.json', [{ uuid: 'c1', name: 'x', created_at: '2024-01-01T00:00:00Z', chat_messages: [] }]),
    { format: 'recall' }),
    importCase('JSONL with one 20 MB line', 'import', (w) => {
      const path = at(w, 'long-line.jsonl');
      writeFileSync(path, `${JSON.stringify({ session: 's', role: 'user', text: big(20 * 1024 * 1024) })}\n`);
      return path;
    }),
    importCase('JSONL with wrong types', 'import', (w) => {
      const path = at(w, 'types.jsonl');
      writeFileSync(path, `${JSON.stringify({ session: 5, role: 'pirate', text: ['x'], time: 'yesterday' })}\n`);
      return path;
    }),
    importCase('a directory with nothing importable', 'import', (w) => mkdirOf(w, 'empty-dir')),
  );

  // ---- export and backup ----
  list.push(
    { kind: 'export over an existing file', surface: 'export/backup', run: async (w) => {
      writeFileSync(at(w, 'exists.json'), 'keep me');
      return fromAnswer(await dispatch(w, 'data.export', { format: 'json', path: at(w, 'exists.json') }));
    } },
    { kind: 'backup over an existing file', surface: 'export/backup', run: async (w) => {
      writeFileSync(at(w, 'exists.db'), 'keep me');
      return fromAnswer(await dispatch(w, 'data.backup', { path: at(w, 'exists.db') }));
    } },
    apiCase('export into a folder that does not exist', 'data.export', (w) => ({ format: 'json', path: at(w, 'no/such/folder/x.json') })),
    apiCase('export with an unknown format', 'data.export', () => ({ format: 'pdf' })),
    { kind: 'Markdown export of memory holding <script> and javascript: links', surface: 'export/backup', run: async (w) => {
      const fact = await dispatch(w, 'memory.rememberFact', { content: '<script>alert(1)</script> [click](javascript:alert(1)) <img src=x onerror=alert(1)>' });
      if (!fact.ok) return fromAnswer(fact);
      return fromAnswer(await dispatch(w, 'data.export', { format: 'markdown', path: at(w, 'md-export') }), () => 'written (escaped)');
    } },
  );

  // ---- restore ----
  list.push(
    restoreCase('restore: an extra trigger', (w) => tamperedBackup(w, 'trigger.db', (db) => db.exec(`CREATE TRIGGER rewrite_facts AFTER INSERT ON nodes BEGIN UPDATE nodes SET content = 'rewritten'; END`))),
    restoreCase('restore: a VIEW in place of app_settings', (w) =>
      tamperedBackup(w, 'view.db', (db) => db.exec(`DROP TABLE app_settings; CREATE VIEW app_settings AS SELECT 'app' AS key, '{}' AS value, 0 AS updated_at`))),
    restoreCase('restore: an extra table', (w) => tamperedBackup(w, 'table.db', (db) => db.exec('CREATE TABLE payload (x TEXT)'))),
    restoreCase('restore: a missing column', (w) => tamperedBackup(w, 'column.db', (db) => db.exec('ALTER TABLE chat_sessions DROP COLUMN title'))),
    restoreCase('restore: damaged sqlite-vec tables', (w) => tamperedBackup(w, 'vec.db', (db) => db.exec('UPDATE vec_nodes_vector_chunks00 SET vectors = zeroblob(16)'))),
    restoreCase('restore: a future user_version', (w) => tamperedBackup(w, 'future.db', (db) => db.pragma('user_version = 999'))),
    restoreCase('restore: not a database', (w) => {
      writeFileSync(at(w, 'text.db'), 'just some text, not SQLite');
      return at(w, 'text.db');
    }),
    restoreCase('restore: a zero-byte file', (w) => {
      writeFileSync(at(w, 'zero.db'), '');
      return at(w, 'zero.db');
    }),
    restoreCase('restore: a 2 GB sparse file', (w) => {
      copyFileSync(seededBackup(w), at(w, 'sparse.db'));
      truncateSync(at(w, 'sparse.db'), 2 * 1024 ** 3);
      return at(w, 'sparse.db');
    }),
    restoreCase('restore: a truncated database', (w) => {
      copyFileSync(seededBackup(w), at(w, 'cut.db'));
      truncateSync(at(w, 'cut.db'), 8192);
      return at(w, 'cut.db');
    }),
    restoreCase('restore: a SQLite file of another app', (w) => {
      // Another app's plaintext SQLite file (no key).
      const db = openConnection(at(w, 'other.db'));
      db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
      db.close();
      return at(w, 'other.db');
    }),
    restoreCase('restore: a missing file', (w) => at(w, 'no-such.db')),
  );

  // ---- the API contract through the host's dispatch ----
  list.push(
    apiCase('unknown method', 'memory.dropEverything', () => ({})),
    apiCase('input null', 'memory.getNode', () => null),
    apiCase('id of the wrong type', 'memory.getNode', () => ({ id: 42 })),
    apiCase('id that does not exist', 'memory.getNode', () => ({ id: '0190dead-0000-7000-8000-000000000000' })),
    apiCase('extra keys (strict input)', 'memory.rememberFact', () => ({ content: 'A fact', isAdmin: true })),
    apiCase('__proto__ in the input', 'memory.search', () => JSON.parse('{"query":"x","__proto__":{"polluted":true}}') as unknown),
    apiCase('fact of 200,000 characters', 'memory.rememberFact', () => ({ content: big(200_000) })),
    apiCase('whitespace-only fact', 'memory.rememberFact', () => ({ content: ' \n\t ' })),
    apiCase('search query of 1 MB', 'memory.search', () => ({ query: big(1_000_000) })),
    apiCase('search query with a NUL and a lone surrogate', 'memory.search', () => ({ query: 'a\u0000b\ud800' })),
    apiCase('correct a fact that does not exist', 'memory.correctFact', () => ({ id: '0190dead-0000-7000-8000-000000000001', content: 'New' })),
    apiCase('forget a fact that does not exist', 'memory.forget', () => ({ id: '0190dead-0000-7000-8000-000000000002' })),
    apiCase('merge an entity into itself', 'entity.merge', (w) => ({ sourceId: w.seeded.entityId, targetId: w.seeded.entityId })),
    apiCase('entity name of 100,000 characters', 'entity.create', () => ({ name: big(100_000), type: 'person' })),
    apiCase('timeline with from after to', 'inspector.timeline', () => ({ from: 10, to: 5 })),
    apiCase('timeline at ±1e300', 'inspector.timeline', () => ({ from: -1e300, to: 1e300 })),
    apiCase('listNodes with limit -5', 'memory.listNodes', () => ({ limit: -5 })),
    apiCase('send to a chat that does not exist', 'chat.send', () => ({ chatId: '0190dead-0000-7000-8000-000000000003', text: 'hello' })),
    apiCase('rename a chat to 100,000 characters', 'chat.rename', (w) => ({ chatId: w.seeded.chatId, title: big(100_000) })),
    apiCase('provider at a javascript: URL', 'settings.save', () => ({ provider: { kind: 'custom', baseURL: 'javascript:alert(1)', chatModel: 'x', agentModel: '', embeddingModel: '' }, sessionTimeoutMinutes: 30 })),
    apiCase('MCP on an impossible port', 'mcp.configure', () => ({ enabled: true, port: 70_000 })),
    apiCase('import of a relative path', 'data.import', () => ({ path: '../../etc/passwd' })),
  );

  // ---- MCP over HTTP: requests ----
  list.push(
    httpCase('HTTP: no token', (w) => http(w.mcp.url, { body: INITIALIZE })),
    httpCase('HTTP: wrong token', (w) => http(w.mcp.url, { headers: { 'x-engram-token': 'wrong' }, body: INITIALIZE })),
    httpCase('HTTP: token in ?token=', (w) => http(`${w.mcp.url}?token=${w.mcp.token}`, { body: INITIALIZE })),
    httpCase('HTTP: foreign Origin', (w) => http(w.mcp.url, { headers: { 'x-engram-token': w.mcp.token, origin: 'https://evil.example' }, body: INITIALIZE })),
    httpCase('HTTP: foreign Host (DNS rebinding)', (w) => http(w.mcp.url, { headers: { 'x-engram-token': w.mcp.token, host: 'evil.example' }, body: INITIALIZE })),
    httpCase('HTTP: malformed JSON body', (w) => http(w.mcp.url, { headers: { 'x-engram-token': w.mcp.token }, body: '{"jsonrpc": "2.0", "id": 1, "method": ' })),
    httpCase('HTTP: 20 MB body', (w) => http(w.mcp.url, { headers: { 'x-engram-token': w.mcp.token }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: big(20 * 1024 * 1024) } }) })),
    httpCase('HTTP: unknown path', (w) => http(w.mcp.url.replace('/mcp', '/admin'), { headers: { 'x-engram-token': w.mcp.token }, body: INITIALIZE })),
    httpCase('HTTP: a session id that does not exist', (w) =>
      http(w.mcp.url, { headers: { 'x-engram-token': w.mcp.token, 'mcp-session-id': 'forged-session' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) })),
    httpCase('HTTP: DELETE without a session', (w) => http(w.mcp.url, { method: 'DELETE', headers: { 'x-engram-token': w.mcp.token } })),
  );

  // ---- MCP tool calls with hostile arguments, over HTTP (writes allowed) and stdio (--allow-writes) ----
  const toolCases: [string, string, unknown][] = [
    ['query of 1 MB', 'search_memory', { query: big(1_000_000) }],
    ['query of the wrong type', 'search_memory', { query: 42 }],
    ['fact of 200,000 characters', 'remember_fact', { content: big(200_000) }],
    ['correct a fact that does not exist', 'correct_fact', { id: '0190dead-0000-7000-8000-000000000004', content: 'x' }],
    ['confirm an id that is not an id', 'confirm_fact', { id: "'; DROP TABLE nodes; --" }],
    ['entity that does not exist', 'get_entity_info', { name: 'Nobody Atall' }],
    ['conversation whose turns are not a list', 'remember_conversation', { turns: 'user: hello' }],
    ['conversation of 5,000 empty turns', 'remember_conversation', { turns: Array.from({ length: 5_000 }, () => ({ role: 'user', text: '' })) }],
    ['unknown tool', 'drop_memory', {}],
  ];
  for (const [kind, name, args] of toolCases) list.push(httpTool(`MCP ${name}: ${kind}`, name, args));
  for (const [kind, name, args] of toolCases) list.push(stdioTool(`MCP ${name}: ${kind}`, name, args));
  list.push({
    kind: 'stdio: a line that is not JSON, then a request without a method',
    surface: 'MCP stdio',
    target: 'stdio',
    run: async (w) => {
      const server = w.stdio as StdioServer;
      server.raw('this is not json {');
      server.raw(JSON.stringify({ jsonrpc: '2.0', id: 7 }));
      const alive = await server.request('tools/list', {}, 30_000);
      return alive ? { refused: true, detail: 'ignored; the server still answers' } : { refused: true, crashed: true, detail: `no answer: ${server.stderr.slice(-200)}` };
    },
  });

  // ---- stored bad rows ----
  list.push(
    {
      kind: 'stored node event_time 1e16, read over MCP stdio (search, entity, stats)',
      surface: 'stored bad row',
      target: 'stdio',
      run: async (w) => {
        plantInFolder(w.stdioDir, { event_time: 1e16, valid_from: 1e16 });
        const server = w.stdio as StdioServer;
        const results = [
          fromRpc(await server.request('tools/call', { name: 'search_memory', arguments: { query: 'where do I live, Lisbon' } }), server),
          fromRpc(await server.request('tools/call', { name: 'get_entity_info', arguments: { name: 'Lisbon' } }), server),
          fromRpc(await server.request('tools/call', { name: 'memory_stats', arguments: {} }), server),
        ];
        const failed = results.filter((r) => r.refused || r.crashed);
        return failed.length > 0 ? { refused: true, crashed: true, detail: failed.map((r) => r.detail).join('; ') } : { refused: false, detail: '3 tools answered' };
      },
      cleanup: (w) => removeFromFolder(w.stdioDir),
    },
    ...[
      ['node', BAD_ID],
      ['search', 'where do I live, Lisbon'],
      ['context', 'where do I live?'],
    ].map((args) =>
      cliCase(`CLI ${args[0] ?? ''}: over a stored node with event_time 1e16`, () => args, {
        mustSucceed: true,
        before: (w) => plantInFolder(w.cliDir, { event_time: 1e16, valid_from: 1e16 }),
        after: (w) => removeFromFolder(w.cliDir),
      }),
    ),
  );
  list.push(
    badNode('stored node event_time 1e16', { event_time: 1e16, valid_from: 1e16 }),
    badNode('stored node event_time -1e16', { event_time: -1e16 }),
    badNode('stored node event_time a text', { event_time: 'yesterday' }),
    badNode('stored node attributes not JSON', { attributes: 'not json {' }),
    badNode('stored node valid_until before valid_from', { valid_from: 2e12, valid_until: 1 }),
    badRow(
      'stored settings row not JSON',
      (db) => db.prepare(`INSERT INTO app_settings (key, value) VALUES ('audit_bad', 'not json {')`).run(),
      (db) => db.prepare(`DELETE FROM app_settings WHERE key = 'audit_bad'`).run(),
    ),
    badRow(
      'stored message tool_calls not JSON',
      (db, w) => db.prepare(`UPDATE chat_messages SET tool_calls = 'not json {' WHERE id = (SELECT id FROM chat_messages WHERE chat_id = ? LIMIT 1)`).run(w.seeded.chatId),
      (db, w) => db.prepare(`UPDATE chat_messages SET tool_calls = '[]' WHERE chat_id = ?`).run(w.seeded.chatId),
    ),
    badRow(
      'stored entity aliases not JSON',
      (db, w) => db.prepare(`UPDATE entities SET aliases = 'not json {' WHERE id = ?`).run(w.seeded.entityId),
      (db, w) => db.prepare(`UPDATE entities SET aliases = '[]' WHERE id = ?`).run(w.seeded.entityId),
    ),
  );

  // ---- long texts (each adversarial 100k-character shape recorded through the API) ----
  for (const [name, text] of Object.entries(HOSTILE_LONG_TEXTS)) list.push(apiLongText(name, text));

  // ---- the CLI ----
  list.push(
    cliCase('CLI: unknown command', () => ['frobnicate']),
    cliCase('CLI: node with an id that does not exist', () => ['node', '0190dead-0000-7000-8000-000000000005']),
    cliCase('CLI: import of a garbage zip', (w) => ['import', at(w, 'garbage.zip')]),
    cliCase('CLI: restore of a text file', (w) => ['restore', at(w, 'text.db')]),
    cliCase('CLI: search with --limit abc', () => ['search', 'tea', '--limit', 'abc']),
    cliCase('CLI: stats under a foreign write lock (4 s)', () => ['stats'], { lockMs: 4_000 }),
    cliCase('CLI: ingest under a foreign write lock (4 s)', (w) => ['ingest', cliTranscript(w)], { lockMs: 4_000, mustDo: (_w, out) => /"episodes"\s*:\s*[1-9]|recorded/i.test(out) }),
  );
  return list;
}

function apiLongText(name: string, text: string): Case {
  return { kind: `100k chars: ${name}`, surface: 'long text', run: async (w) => fromAnswer(await dispatch(w, 'memory.rememberFact', { content: text }), () => 'recorded') };
}

function mkdirOf(w: World, name: string): string {
  const dir = at(w, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function cliTranscript(w: World): string {
  const path = at(w, 'cli-ingest.jsonl');
  writeFileSync(path, Array.from({ length: 40 }, (_, i) => JSON.stringify({ session: 'cli-lock', role: 'user', text: `Note ${i}: I water the plants on Sundays` })).join('\n'));
  return path;
}

// ---------------------------------------------------------------------------------------------------------
// The world and the runner

async function openWorld(root: string, withStdio: boolean): Promise<World> {
  const files = join(root, 'files');
  mkdirSync(files, { recursive: true });
  const appDir = join(root, 'app');
  const host = new AppHost({ dataDir: appDir, secrets: new MemorySecretStore(), mode: 'browser', version: 'audit', logger: quietLogger, sweepIntervalMs: 0, nightly: false, dailyBackupCheckMs: 0 });
  const ok = async (method: string, input: unknown): Promise<unknown> => {
    const a = await dispatch({ host } as World, method, input);
    if (!a.ok) throw new Error(`seeding ${method}: ${a.error.message}`);
    return a.value;
  };
  host.settings.save({ provider: { kind: 'custom', baseURL: 'http://127.0.0.1:9/v1', chatModel: 'local', agentModel: '', embeddingModel: '' }, sessionTimeoutMinutes: 30 }, null);
  const entity = (await ok('entity.create', { name: 'Lisbon', type: 'place' })) as { id: string };
  const fact = (await ok('memory.rememberFact', { content: 'I live in Lisbon since May 2020' })) as { id: string };
  const otherFact = (await ok('memory.rememberFact', { content: 'My sister Ana works at the aquarium' })) as { id: string };
  const conversationId = 'seed-conversation-1';
  const seedFile = writeJson(mkdirOf({ files } as World, 'seed'), 'conversations.json', [
    chatGptConversation(conversationId, 'Plants', turns('seed', ['I water the plants on Sundays', 'Noted', 'And I drink green tea', 'Nice'])),
  ]);
  await ok('data.import', { path: seedFile, format: 'conversations' });
  const chats = (await ok('chat.list', {})) as { id: string }[];
  const chatId = chats[0]?.id ?? '';
  await (host.memory as MemoryEngine).drainSlowPath();
  await ok('data.backup', { path: join(files, 'good-backup.db') });
  const mcp = (await ok('mcp.configure', { enabled: true, allowWrites: true, port: await freePort() })) as McpStatus;
  const client = new Client({ name: 'hostile-audit', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url), { requestInit: { headers: { 'x-engram-token': mcp.token } } }));
  // Two more memories for the child processes: copies of the seeded backup.
  const stdioDir = join(root, 'stdio');
  const cliDir = join(root, 'cli');
  for (const dir of [stdioDir, cliDir]) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(files, 'good-backup.db'), join(dir, 'engram.db'));
    // The backup is encrypted with the app's memory key (memories are encrypted by default): its copies need it.
    if (existsSync(join(appDir, KEY_FILE))) copyFileSync(join(appDir, KEY_FILE), join(dir, KEY_FILE));
  }
  const stdio = withStdio ? await StdioServer.start(stdioDir) : null;
  return { root, files, host, mcp, client, stdio, stdioDir, cliDir, seeded: { factId: fact.id, otherFactId: otherFact.id, chatId, entityId: entity.id, conversationId } };
}

async function closeWorld(w: World): Promise<void> {
  await w.client.close().catch(() => undefined);
  await w.stdio?.close();
  await w.host.close();
}

async function runCase(w: World, c: Case): Promise<AuditRow> {
  const before = fingerprintOf(w, c.target);
  let result: CaseResult;
  try {
    result = await c.run(w);
  } catch (error) {
    result = error instanceof AppError ? { refused: true, detail: `${error.code}: ${error.message}` } : { refused: true, crashed: true, detail: `threw ${String(error).slice(0, 120)}` };
  }
  try {
    c.cleanup?.(w);
  } catch (error) {
    result = { refused: true, crashed: true, detail: `${result.detail}; clean-up failed: ${String(error)}` };
  }
  const changed = damage(before, fingerprintOf(w, c.target));
  const outcome: Outcome = changed.length > 0 ? 'changed or lost existing data' : result.crashed ? 'crashed' : result.refused ? 'refused cleanly' : 'accepted safely';
  return { kind: c.kind, surface: c.surface, outcome, detail: changed.length > 0 ? `${changed.slice(0, 3).join(', ')}; ${result.detail}` : result.detail };
}

/** Runs the battery (or the cases named in `only`, or whose kind contains `matching`) in a fresh temp folder. */
export async function runHostileAudit(options: { only?: readonly string[]; matching?: string; onRow?: (row: AuditRow) => void } = {}): Promise<AuditRow[]> {
  const selected = cases().filter((c) => (!options.only || options.only.includes(c.kind)) && (!options.matching || c.kind.includes(options.matching)));
  const root = mkdtempSync(join(tmpdir(), 'engram-hostile-audit-'));
  worldRoot = root;
  const world = await openWorld(root, selected.some((c) => c.target === 'stdio'));
  const rows: AuditRow[] = [];
  try {
    for (const c of selected) {
      const row = await runCase(world, c);
      rows.push(row);
      options.onRow?.(row);
    }
  } finally {
    await closeWorld(world);
    rmSync(root, { recursive: true, force: true });
  }
  return rows;
}

export const OUTCOMES: readonly Outcome[] = ['refused cleanly', 'accepted safely', 'crashed', 'changed or lost existing data'];

export function totals(rows: readonly AuditRow[]): Record<Outcome, number> {
  return Object.fromEntries(OUTCOMES.map((o) => [o, rows.filter((r) => r.outcome === o).length])) as Record<Outcome, number>;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

if (import.meta.url === `file://${process.argv[1]}`) {
  const onlyAt = process.argv.indexOf('--only');
  const matching = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
  console.log('| # | input kind | surface | outcome | detail |\n| ---: | --- | --- | --- | --- |');
  let n = 0;
  const rows = await runHostileAudit({ ...(matching ? { matching } : {}), onRow: (r) => console.log(`| ${++n} | ${cell(r.kind)} | ${r.surface} | ${r.outcome} | ${cell(r.detail.slice(0, 140))} |`) });
  const sum = totals(rows);
  console.log(`\nTotals over ${rows.length} hostile inputs: ${OUTCOMES.map((o) => `${sum[o]} ${o}`).join(', ')}`);
  if (!process.argv.includes('--no-timings')) {
    const timings = (await benchLongText({ print: true })) as { max_ms_per_path: Record<string, number>; load_avg_1m: number };
    console.log(`\n100k-character adversarial inputs, max ms per text path: ${JSON.stringify(timings.max_ms_per_path)} (1-minute load average ${timings.load_avg_1m} on ${cpus().length} cores)`);
  }
  const bad = sum.crashed + sum['changed or lost existing data'];
  if (bad > 0) {
    console.error(`${bad} input(s) crashed or changed existing data`);
    process.exit(1);
  }
  process.exit(0);
}
