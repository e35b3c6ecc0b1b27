/**
 * engram CLI: `npm run --silent cli -- [--data-dir DIR] [--json] <command> [args]`.
 * Every command prints human text by default and one JSON document with --json.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { AppError, MemoryError, UsageError } from '../../src-shared/errors';
import { storageFault } from '../../src-shared/storage-faults';
import type { CommandContext } from './command-types';
import { commands } from './commands';
import { cliDataDir, embedderFromFlags, openEngine } from './open-engine';
import { memoryToMove, moveMemory, moveNotice } from '../data/move-data';
import { legacyDataDirs } from '../memory';
import { closeBuiltinRuntime, configureBuiltinModels } from '../llm/builtin/registry';
import { modelCommand, modelsDirOf } from './model-commands';
import { SPACE_SCOPED_COMMANDS } from './space-commands';

/** Commands that read memory as it stood at a date (read-commands.ts asOfOption). */
const AS_OF_COMMANDS: ReadonlySet<string> = new Set(['search', 'context', 'profile']);
import { encryptCommand, keyCommand } from './encryption-commands';

const USAGE = `Usage: engram [--data-dir DIR] [--json] <command> [args]

Commands:
  ingest <file>        Record a transcript: recall-eval JSON or JSONL lines {"session","role","text","time"};
                       sessions already in memory are skipped (a file ingested twice is refused)
  node <id>            Show a node with its edges, entities, versions and provenance
  stats                Memory statistics (ADR 008 §13)
  decay [--now ISO]    Run Ebbinghaus decay and pruning as of now (or the given instant)
  reembed              Rebuild every vector with the configured embedder
  search <query> [--type T[,T]] [--entity NAME] [--after X] [--before Y] [--limit N] [--as-of DATE]
                       Intent-routed hybrid search (default: facts and the conversations alike); --as-of:
                       the hits as they would have been then (what memory had learned by then and held true)
  context <prompt> [--as-of DATE]
                       The context pack that would be injected before a reply (--as-of: as it would have been)
  profile [--as-of DATE]
                       What Engram knows about you: lasting facts (name, home, work, family, health, preferences) and
                       this month's (projects, plans); pinned and hidden as set in the inspector (--as-of: as it was)
  eval recall <file>... [--k 5,10,20]
                       Recall@k of the search over a recall-eval dataset (fresh memory per conversation)
  eval context <file>... [--offline]
                       Pack recall and fact recall@10 of context packs after consolidation (memory agent from
                       ENGRAM_AGENT_*, else offline)
  consolidate [--session ID] [--offline]
                       Distil pending sessions into facts, entities and supersessions now (memory agent from
                       ENGRAM_AGENT_BASE_URL / ENGRAM_AGENT_MODEL / ENGRAM_AGENT_API_KEY, else offline)
  review list [--state pending|declined|approved] [--session ID] [--limit N]
  review approve ID | decline ID | restore ID
  review settings [chat|mcp|import=at_once|ask_first ...]
                       The review queue: facts from sources set to "ask me first" (other apps over MCP and
                       imports by default) wait here; approve remembers, decline keeps them out for good
  import <file|folder|zip> [--format auto|conversations|jsonl|recall|engram-export] [--preview]
         [--no-consolidate] [--offline]
                       Bring in a ChatGPT or Claude export (conversations.json or its .zip), JSONL, a recall
                       dataset or an Engram JSON export; each conversation becomes a chat; re-import adds 0.
                       An Engram export needs --format engram-export (it never loads settings); --preview
                       writes nothing and reports what would be added, skipped and refused. An encrypted
                       export opens with --passphrase-file FILE or ENGRAM_EXPORT_PASSPHRASE
  export [--format json|markdown] [--out PATH] [--encrypt [--passphrase-file FILE]]
                       JSON: everything, re-importable; Markdown: entities and facts by month (folder or .zip).
                       --encrypt: JSON sealed with a passphrase (scrypt + AES-256-GCM), from --passphrase-file
                       FILE or ENGRAM_EXPORT_PASSPHRASE (never the command line)
  encrypt              Encrypt a plaintext memory (crash-safe: the plaintext stays until the encrypted copy opens);
                       new memories are encrypted already. The key is <data-dir>/engram.key (0600)
  key add-passphrase   Add a passphrase (from ENGRAM_NEW_PASSPHRASE) that opens the memory's key; then
                       ENGRAM_PASSPHRASE opens it where no key file slot or keychain can
  backup [--out PATH]  Online backup of the memory (default: <data-dir>/backups/)
  verify <file>|--live Check a backup, an export or (--live) this memory against its fingerprint (Merkle root);
                       names every memory, link or entity that changed or is missing; exits non-zero if any
  diff <a.db> <b.db> [--json]  Rows added, changed and removed between two backups, found by their trees
  restore <file>       Replace the memory with a backup after checking it; the current one is kept aside
  move-data [--from DIR]
                       Move the memory an earlier version kept elsewhere (the desktop app's old folder, or DIR)
                       into the data folder; refuses to merge, and while an app uses either folder
  model list [--json]  Built-in models: the catalog, what is downloaded, what this computer is recommended
  model pull NAME      Download a built-in model into <data-dir>/models/ (resumes; SHA-256 verified; a mirror
                       from ENGRAM_MODEL_BASE_URL); progress on stderr
  model rm NAME        Remove a downloaded built-in model
  retract --message ID|--chat ID|--session ID|--origin NAME|--run ID [--dry-run]
                       What memory learned from a message, chat, memory session, other app or consolidation
                       run; retracts it (facts only it supports forgotten, its support removed elsewhere,
                       versions it superseded current again) unless --dry-run. retract --undo ID reverts one
  reextract --session ID [--dry-run] [--offline]
                       Read a memory session's messages again (memory agent from ENGRAM_AGENT_*, else offline)
                       and show what would be added, changed, dropped; applies it unless --dry-run (one
                       transaction; retract --undo ID reverts it)
  spaces [list | create NAME | rename NAME NEW | delete NAME (--move-to NAME | --erase)]
                       Memory spaces (Personal, Work…): each chat, episode and fact belongs to one
  mcp [--allow-writes] [--space NAME]
                       Serve the memory to another app (Claude Desktop, Cursor…) over MCP on stdin/stdout;
                       writes (remember, correct, confirm) are refused unless --allow-writes is given

Options:
  --data-dir DIR       Data folder (default: $ENGRAM_DATA_DIR or the platform data folder)
  --json               Machine-readable output
  --space NAME         search, context, node, ingest, import, export, mcp: only that space (plus facts marked
                       everywhere for reads); an unknown name fails
  --embedding-base-url URL, --embedding-model NAME, --embedding-dimensions N
                       Use an OpenAI-compatible embedding endpoint (key from ENGRAM_EMBEDDING_API_KEY)
                       instead of the built-in offline embedder
  --agent builtin      consolidate / eval context / import: the memory agent runs on the built-in model
                       (ENGRAM_AGENT_MODEL names it, else the first downloaded one)
  -h, --help           This help
`;

/** One command's lines of the usage (and the options), or all of it for a name it does not know. */
function commandUsage(name: string): string {
  const lines = USAGE.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`  ${name} `) || l === `  ${name}`);
  if (start < 0) return USAGE;
  let end = start + 1;
  // A command's block: its line, then lines indented deeper, and its other forms ("review approve ID …").
  while (end < lines.length && (/^ {4,}\S/.test(lines[end] ?? '') || (lines[end] ?? '').startsWith(`  ${name} `))) end++;
  const options = lines.slice(lines.indexOf('Options:'));
  return [`Usage: engram [--data-dir DIR] [--json] ${name} [args]`, '', ...lines.slice(start, end), '', ...options].join('\n');
}

/** The first option that takes a value and was given more than once, or null. */
function repeatedOption(tokens: readonly { kind: string; name?: string; value?: string | undefined }[] | undefined): string | null {
  const seen = new Set<string>();
  for (const t of tokens ?? []) {
    if (t.kind !== 'option' || t.name === undefined || t.value === undefined) continue;
    if (seen.has(t.name)) return t.name;
    seen.add(t.name);
  }
  return null;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      tokens: true,
      options: {
        'data-dir': { type: 'string' },
        json: { type: 'boolean', default: false },
        now: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        'embedding-base-url': { type: 'string' },
        'embedding-model': { type: 'string' },
        'embedding-dimensions': { type: 'string' },
        type: { type: 'string' },
        entity: { type: 'string' },
        after: { type: 'string' },
        before: { type: 'string' },
        limit: { type: 'string' },
        k: { type: 'string' },
        session: { type: 'string' },
        offline: { type: 'boolean', default: false },
        out: { type: 'string' },
        format: { type: 'string' },
        'no-consolidate': { type: 'boolean', default: false },
        preview: { type: 'boolean', default: false },
        'allow-writes': { type: 'boolean', default: false },
        from: { type: 'string' },
        'as-of': { type: 'string' },
        agent: { type: 'string' },
        live: { type: 'boolean', default: false },
        message: { type: 'string' },
        chat: { type: 'string' },
        origin: { type: 'string' },
        run: { type: 'string' },
        undo: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        state: { type: 'string' },
        space: { type: 'string' },
        'move-to': { type: 'string' },
        erase: { type: 'boolean', default: false },
        encrypt: { type: 'boolean', default: false },
        'passphrase-file': { type: 'string' },
      },
    });
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [name, ...args] = positionals;
  if (values.help || !name) {
    process.stdout.write(values.help && name ? commandUsage(name) : USAGE);
    return values.help ? 0 : 2;
  }
  // A value given twice ("--as-of 2024-01-01 … --as-of 2025-01-01") would be one of them, silently.
  const twice = repeatedOption(parsed.tokens);
  if (twice !== null) {
    process.stderr.write(`--${twice} is given more than once; give it once\n`);
    return 2;
  }
  // Only the reads that can stand at a past date take one; elsewhere it would be ignored and the answer look like then
  // (checked before the commands that run without an engine: "model list --as-of …" too).
  if (values['as-of'] !== undefined && !AS_OF_COMMANDS.has(name)) {
    process.stderr.write(`--as-of does not apply to "${name}" (it applies to: ${[...AS_OF_COMMANDS].join(', ')})\n`);
    return 2;
  }
  const dataDir = cliDataDir({ dataDir: values['data-dir'] });
  const json = values.json ?? false;
  const out = (text: string): void => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  // Moving works on folders, before any engine opens (and creates) a memory in the target.
  if (name === 'move-data') return moveDataCommand(dataDir, values.from, json, out);
  // Encryption works on the closed file, before any engine opens it.
  if (name === 'encrypt') return encryptCommand(dataDir, { out, json, env: process.env });
  if (name === 'key') return keyCommand(dataDir, args, { out, json, env: process.env });
  if (name === 'model') return modelCommand(dataDir, args, { out, err: (t) => void process.stderr.write(t), json, env: process.env });
  // The memory agent on the built-in model reads its file from the data folder's models/.
  if (values.agent === 'builtin') configureBuiltinModels(modelsDirOf(dataDir));
  else if (values.agent !== undefined) {
    process.stderr.write(`--agent takes "builtin" (other agents are named by ENGRAM_AGENT_BASE_URL / ENGRAM_AGENT_MODEL)\n`);
    return 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  if (!values['data-dir']) {
    const move = memoryToMove(dataDir, legacyDataDirs());
    if (move) {
      process.stderr.write(moveNotice(move, 'engram move-data   (from a checkout: npm run --silent cli -- move-data)'));
      return 1;
    }
  }
  const flags = {
    dataDir: values['data-dir'],
    embeddingBaseUrl: values['embedding-base-url'],
    embeddingModel: values['embedding-model'],
    embeddingDimensions: values['embedding-dimensions'],
  };
  if (values.space !== undefined && !SPACE_SCOPED_COMMANDS.has(name)) {
    process.stderr.write(`--space does not apply to "${name}" (it applies to: ${[...SPACE_SCOPED_COMMANDS].join(', ')})\n`);
    return 2;
  }
  const engine = openEngine(flags, name === 'mcp');
  const ctx: CommandContext = {
    engine,
    args,
    json,
    now: values.now,
    options: { type: values.type, entity: values.entity, after: values.after, before: values.before, limit: values.limit, k: values.k, session: values.session, offline: values.offline ? 'true' : undefined, out: values.out, format: values.format, consolidate: values['no-consolidate'] ? 'false' : undefined, preview: values.preview ? 'true' : undefined, 'allow-writes': values['allow-writes'] ? 'true' : undefined, agent: values.agent, 'as-of': values['as-of'], live: values.live ? 'true' : undefined, ...retractOptions(values), state: values.state, 'move-to': values['move-to'], erase: values.erase ? 'true' : undefined, encrypt: values.encrypt ? 'true' : undefined, 'passphrase-file': values['passphrase-file'] },
    makeEmbedder: () => embedderFromFlags(flags),
    readFile: (path) => readFileSync(path, 'utf8'),
    out,
    progress: (text) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${text}\x1b[K`);
    },
    notice: (text) => {
      process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[K' : ''}notice: ${text}\n`);
    },
  };
  try {
    // An unknown name fails here (not_found, exit 1) naming the spaces there are.
    if (values.space !== undefined) ctx.spaceId = engine.spaceByName(values.space).id;
    await command(ctx);
    return 0;
  } finally {
    // The built-in model's worker would keep the process alive.
    closeBuiltinRuntime();
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    await engine.close();
  }
}

/** The retract command's source and --dry-run / --undo (retract-commands.ts). */
function retractOptions(values: { message?: string; chat?: string; origin?: string; run?: string; undo?: string; 'dry-run'?: boolean }): Record<string, string | undefined> {
  return { message: values.message, chat: values.chat, origin: values.origin, run: values.run, undo: values.undo, 'dry-run': values['dry-run'] ? 'true' : undefined };
}

/** Prints a failure (one JSON error document with --json) and sets a non-zero exit code. */
function reportFailure(failure: unknown): void {
  const json = process.argv.includes('--json');
  process.exitCode = 1;
  // A full disk or a read-only folder is named, with what to do, however deep the driver's error is wrapped.
  const fault = failure instanceof AppError && failure.code !== 'storage' ? null : storageFault(failure, 'the memory');
  const err = fault ?? failure;
  if (err instanceof AppError) {
    if (json) process.stdout.write(`${JSON.stringify({ error: { code: err.code, message: err.message, issues: err.issues } })}\n`);
    process.stderr.write(`engram: ${err.message}\n`);
    return;
  }
  if (json) process.stdout.write(`${JSON.stringify({ error: { code: 'internal', message: String(err) } })}\n`);
  process.stderr.write(`engram: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
}

let settled = false;
// Node ends a process whose event loop is empty even while a promise is pending: a command still waiting
// (for a lock, a retry) would exit 0 having printed and written nothing. That is a failure, and says so.
process.on('beforeExit', () => {
  if (settled) return;
  settled = true;
  reportFailure(new MemoryError('storage', 'the command stopped before it finished (nothing was left running to complete it); its work may be incomplete. Run it again.'));
});

/** `move-data`: the old folder's memory (or --from DIR's) into the data folder; fails loudly when nothing moves. */
function moveDataCommand(dataDir: string, fromFlag: string | undefined, json: boolean, out: (text: string) => void): number {
  const from = fromFlag ? resolve(fromFlag) : memoryToMove(dataDir, legacyDataDirs())?.from;
  if (!from) throw new UsageError(`No memory to move: ${dataDir} already holds one, or no earlier folder (${legacyDataDirs().join(', ') || 'none on this system'}) does. Name one with --from DIR.`);
  const result = moveMemory(from, dataDir);
  out(json ? JSON.stringify(result) : `Moved the memory from ${result.from} to ${result.to} (${result.moved.join(', ')}).`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    settled = true;
    process.exitCode = code;
  },
  (err: unknown) => {
    settled = true;
    reportFailure(err);
  },
);
