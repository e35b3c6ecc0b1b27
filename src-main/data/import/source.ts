/**
 * Opens what the person pointed at — a file, a folder or a zip — recognises the format, and reads it as a
 * stream of conversations, so a 10,000-conversation export is never held in memory whole. Read progress is
 * reported in bytes of the input.
 */
import { createReadStream, openSync, readSync, closeSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { Unzip, UnzipInflate } from 'fflate';
import { AppError } from '../../../src-shared/errors';
import { parseJsonlLine, parseTranscriptFile } from '../../memory/import/transcripts';
import { chatGptConversation, isChatGptConversation } from './chatgpt';
import { claudeConversation, isClaudeConversation } from './claude';
import { jsonArrayElements } from './json-array';
import { JsonlGrouper, recallConversations } from './transcripts';
import type { ImportedConversation } from './types';

export type ReadItem = { kind: 'conversation'; conversation: ImportedConversation } | { kind: 'skipped'; index: number; reason: string };

export type InputKind = 'conversations-json' | 'conversations-zip' | 'jsonl' | 'recall' | 'engram-export';

export interface ImportFile {
  path: string;
  kind: InputKind;
  bytes: number;
}

/** The files to read for a path: a folder yields its conversations.json, or its .jsonl/.json files. */
export function resolveImportFiles(path: string): ImportFile[] {
  let st;
  try {
    st = statSync(path);
  } catch {
    throw new AppError('invalid_input', `There is no file or folder at ${path}`);
  }
  if (st.isDirectory()) {
    const names = readdirSync(path).sort();
    const conversations = names.find((n) => n.toLowerCase() === 'conversations.json');
    const chosen = conversations ? [conversations] : names.filter((n) => /\.(jsonl|json|zip)$/i.test(n));
    const files = chosen.flatMap((n) => {
      const p = join(path, n);
      return statSync(p).isFile() ? [describeFile(p)] : [];
    });
    if (files.length === 0) throw new AppError('invalid_input', `${path} holds no conversations.json, .jsonl, .json or .zip file to import`);
    return files;
  }
  return [describeFile(path)];
}

function describeFile(path: string): ImportFile {
  const bytes = statSync(path).size;
  const ext = extname(path).toLowerCase();
  if (ext === '.zip') return { path, kind: 'conversations-zip', bytes };
  if (ext === '.jsonl' || ext === '.ndjson') return { path, kind: 'jsonl', bytes };
  const head = readHead(path, 4096).trimStart();
  if (head.startsWith('[')) return { path, kind: 'conversations-json', bytes };
  if (head.startsWith('{')) {
    if (/^\{\s*"format"\s*:\s*"engram-export"/.test(head)) return { path, kind: 'engram-export', bytes };
    // One JSON object per line is JSONL even with a .json name; anything else that opens with "{" is read
    // as a recall dataset (whose parser reports precisely what is wrong with it).
    const newline = head.indexOf('\n');
    if (newline > 0 && parsesAsObject(head.slice(0, newline))) return { path, kind: 'jsonl', bytes };
    return { path, kind: 'recall', bytes };
  }
  throw new AppError('invalid_input', `${basename(path)} is not an export Engram can read (expected a ChatGPT or Claude conversations.json, its .zip, JSONL or a recall dataset)`);
}

function parsesAsObject(line: string): boolean {
  try {
    const v: unknown = JSON.parse(line);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

function readHead(path: string, n: number): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const read = readSync(fd, buf, 0, n, 0);
    return buf.subarray(0, read).toString('utf8').replace(/^\uFEFF/, '');
  } finally {
    closeSync(fd);
  }
}

/** Bytes of a file, counted as they are read. */
async function* fileChunks(path: string, onBytes: (n: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    onBytes((chunk as Buffer).length);
    yield chunk as Buffer;
  }
}

/** The decompressed bytes of the zip entry named conversations.json, streamed (exports hold GBs of images). */
async function* zipEntryChunks(path: string, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let found = false;
  let ended = false;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (found || basename(file.name).toLowerCase() !== 'conversations.json') return;
    found = true;
    file.ondata = (err, data, final) => {
      if (err) failure = err;
      else out.push(data);
      if (final) ended = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of fileChunks(path, onBytes)) {
    unzip.push(chunk);
    if (failure) throw new AppError('invalid_input', `${basename(path)}: the zip could not be read (${String(failure)})`);
    while (out.length > 0) yield out.shift() as Uint8Array;
    if (ended) return;
  }
  unzip.push(new Uint8Array(0), true);
  while (out.length > 0) yield out.shift() as Uint8Array;
  if (!found) throw new AppError('invalid_input', `${basename(path)} holds no conversations.json (is it a ChatGPT or Claude data export?)`);
}

function conversationItem(value: unknown, index: number): ReadItem {
  const result = isChatGptConversation(value)
    ? chatGptConversation(value)
    : isClaudeConversation(value)
      ? claudeConversation(value)
      : { error: 'neither a ChatGPT nor a Claude conversation' };
  return 'error' in result ? { kind: 'skipped', index, reason: result.error } : { kind: 'conversation', conversation: result };
}

/** Reads one file as conversations. `now` stands in for JSONL lines without a time. */
export async function* readConversations(file: ImportFile, now: number, onBytes: (n: number) => void): AsyncGenerator<ReadItem> {
  switch (file.kind) {
    case 'conversations-json':
    case 'conversations-zip': {
      const chunks = file.kind === 'conversations-zip' ? zipEntryChunks(file.path, onBytes) : fileChunks(file.path, onBytes);
      let index = 0;
      for await (const value of jsonArrayElements(chunks)) yield conversationItem(value, index++);
      return;
    }
    case 'jsonl': {
      const grouper = new JsonlGrouper();
      const lines = createInterface({ input: Readable.from(fileChunks(file.path, onBytes)), crlfDelay: Infinity });
      let lineNumber = 0;
      for await (const line of lines) {
        lineNumber++;
        const ep = parseJsonlLine(lineNumber === 1 ? line.replace(/^\uFEFF/, '') : line, lineNumber, now);
        if (!ep) continue;
        const done = grouper.add(ep);
        if (done) yield { kind: 'conversation', conversation: done };
      }
      const last = grouper.finish();
      if (last) yield { kind: 'conversation', conversation: last };
      return;
    }
    case 'recall': {
      // Evaluation datasets are small; the existing validating parser reads them whole.
      let text = '';
      for await (const chunk of fileChunks(file.path, onBytes)) text += chunk.toString('utf8');
      const parsed = parseTranscriptFile(text, now);
      if (parsed.format !== 'recall') throw new AppError('invalid_input', `${basename(file.path)} is not a recall dataset`);
      for (const conv of parsed.dataset.conversations) for (const c of recallConversations(conv)) yield { kind: 'conversation', conversation: c };
      return;
    }
    case 'engram-export':
      throw new AppError('invalid_input', 'an Engram export is restored with importSnapshot, not read as conversations');
  }
}
