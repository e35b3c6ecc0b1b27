/**
 * Opens what the person pointed at — a file, a folder or a zip — recognises the format, and reads it as a
 * stream of conversations, so a 10,000-conversation export is never held in memory whole. Read progress is
 * reported in bytes of the input.
 */
import { createReadStream, openSync, readSync, closeSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import { AppError } from '../../../src-shared/errors';
import { IMPORT_FORMAT_LABELS, type ImportFormat } from '../../../src-shared/import-source';
import { parseJsonlLine, parseTranscriptFile } from './transcript-file';
import { chatGptConversation, isChatGptConversation } from './chatgpt';
import { claudeConversation, isClaudeConversation } from './claude';
import { jsonArrayElements, MAX_ELEMENT_BYTES } from './json-array';
import { JsonlGrouper, recallConversations } from './transcripts';
import type { ImportedConversation } from './types';
import { SEALED_MAGIC } from '../export/sealed';

/** A recall dataset is parsed whole (evaluation data: small). */
const MAX_RECALL_BYTES = 64 * 1024 * 1024;

export type ReadItem = { kind: 'conversation'; conversation: ImportedConversation } | { kind: 'skipped'; index: number; reason: string };

export type InputKind = 'conversations-json' | 'conversations-zip' | 'jsonl' | 'recall' | 'engram-export';

export interface ImportFile {
  path: string;
  kind: InputKind;
  bytes: number;
}

/** Which detected kinds each format the person can choose accepts. */
const KINDS_OF_FORMAT: Record<ImportFormat, readonly InputKind[]> = {
  auto: ['conversations-json', 'conversations-zip', 'jsonl', 'recall'],
  conversations: ['conversations-json', 'conversations-zip'],
  jsonl: ['jsonl'],
  recall: ['recall'],
  'engram-export': ['engram-export'],
};

const FORMAT_OF_KIND: Record<InputKind, ImportFormat> = {
  'conversations-json': 'conversations',
  'conversations-zip': 'conversations',
  jsonl: 'jsonl',
  recall: 'recall',
  'engram-export': 'engram-export',
};

/** The format a file was recognised as, in the words the UI uses. */
export const detectedFormat = (file: ImportFile): ImportFormat => FORMAT_OF_KIND[file.kind];

/**
 * Refuses a file that is not what the person chose. "Detect" never loads an Engram export: that adds memory
 * rows rather than conversations, so the person chooses it by name.
 */
function checkFormat(file: ImportFile, format: ImportFormat): ImportFile {
  if (KINDS_OF_FORMAT[format].includes(file.kind)) return file;
  const found = IMPORT_FORMAT_LABELS[FORMAT_OF_KIND[file.kind]];
  if (format === 'auto') {
    throw new AppError('invalid_input', `${basename(file.path)} is an ${found}. Importing one adds memories and chats (never settings): choose the format “${found}” (${FORMAT_OF_KIND[file.kind]}) to import it.`, {
      issues: [{ path: 'format', message: `detected ${found}` }],
    });
  }
  throw new AppError('invalid_input', `${basename(file.path)} looks like a ${found}, not a ${IMPORT_FORMAT_LABELS[format]}.`, { issues: [{ path: 'format', message: `detected ${found}` }] });
}

/** The files to read for a path: a folder yields its conversations.json, or its .jsonl/.json files. */
export function resolveImportFiles(path: string, format: ImportFormat = 'auto'): ImportFile[] {
  return findImportFiles(path).map((f) => checkFormat(f, format));
}

function findImportFiles(path: string): ImportFile[] {
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
  // A passphrase-sealed export: recognised by its header, read like any Engram export once opened.
  if (head.startsWith(SEALED_MAGIC.toString('latin1'))) return { path, kind: 'engram-export', bytes };
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

/**
 * The most a zip's conversations.json may inflate to. Exports hold hundreds of MB of conversations; a small zip
 * that inflates past this is a zip bomb (2 MB of whitespace inflates to 2 GB).
 */
export const MAX_INFLATED_BYTES = 4 * 1024 ** 3;
/**
 * Compressed bytes handed to the inflater at a time. Deflate inflates at most ~1,000×, so what one push can
 * produce (all of it synchronously) stays a few MB, and it is read before the next push: backpressure.
 */
const INFLATE_SLICE = 4096;
/** Compression methods fflate inflates as a stream (stored, deflate); zips from other tools may use others. */
const ZIP_METHODS: Record<number, string> = { 0: 'stored', 8: 'deflate', 9: 'deflate64', 12: 'bzip2', 14: 'LZMA', 93: 'Zstandard', 95: 'XZ', 98: 'PPMd', 99: 'AES encryption' };

/** The decompressed bytes of the zip entry named conversations.json, streamed (exports hold GBs of images). */
async function* zipEntryChunks(path: string, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let found = false;
  let ended = false;
  let inflated = 0;
  let failure: AppError | null = null;
  const name = basename(path);
  const unzip = new Unzip((file) => {
    if (found || basename(file.name).toLowerCase() !== 'conversations.json') return;
    found = true;
    if (file.compression !== 0 && file.compression !== 8) {
      const method = ZIP_METHODS[file.compression] ?? `method ${file.compression}`;
      failure = new AppError('invalid_input', `${name}: its conversations.json is compressed with ${method}, which Engram cannot read. Unzip it and import the conversations.json, or zip it again with standard (deflate) compression.`);
      return;
    }
    file.ondata = (err, data, final) => {
      if (err) failure = new AppError('invalid_input', `${name}: the zip could not be read (${String(err)})`);
      else {
        inflated += data.length;
        if (inflated > MAX_INFLATED_BYTES) failure ??= new AppError('invalid_input', `${name}: its conversations.json inflates to more than ${MAX_INFLATED_BYTES / 1024 ** 3} GB; Engram stops there (a damaged or hostile zip?)`);
        else out.push(data);
      }
      if (final) ended = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const fail = (): never => {
    throw failure as AppError;
  };
  for await (const chunk of fileChunks(path, onBytes)) {
    for (let at = 0; at < chunk.length; at += INFLATE_SLICE) {
      try {
        unzip.push(chunk.subarray(at, at + INFLATE_SLICE));
      } catch (err) {
        failure ??= new AppError('invalid_input', `${name}: the zip could not be read (${err instanceof Error ? err.message : String(err)})`);
      }
      if (failure) fail();
      while (out.length > 0) yield out.shift() as Uint8Array;
      if (ended) return;
    }
  }
  try {
    unzip.push(new Uint8Array(0), true);
  } catch (err) {
    failure ??= new AppError('invalid_input', `${name}: the zip could not be read (${err instanceof Error ? err.message : String(err)}); is it a complete download?`);
  }
  if (failure) fail();
  // A zip cut inside conversations.json would otherwise import the part before the cut as if it were all.
  if (found && !ended) throw new AppError('invalid_input', `${name} ends inside its conversations.json (a truncated download?); download the export again`);
  while (out.length > 0) yield out.shift() as Uint8Array;
  if (!found) throw new AppError('invalid_input', `${name} holds no conversations.json (is it a ChatGPT or Claude data export?)`);
}

/**
 * Lines of a byte stream (LF or CRLF), each at most MAX_ELEMENT_BYTES: readline would hold a 700 MB line whole
 * before anyone could look at it.
 */
async function* boundedLines(chunks: AsyncIterable<Buffer>, name: string): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let held = 0;
  const line = (tail: Buffer): string => {
    const text = Buffer.concat([...parts, tail]).toString('utf8');
    parts = [];
    held = 0;
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      yield line(chunk.subarray(start, nl));
      start = nl + 1;
    }
    parts.push(chunk.subarray(start));
    held += chunk.length - start;
    if (held > MAX_ELEMENT_BYTES) throw new AppError('invalid_input', `${name} has a line longer than ${MAX_ELEMENT_BYTES / 1_048_576} MB; Engram reads lines up to that size (a damaged or hostile file?)`);
  }
  if (held > 0) yield line(Buffer.alloc(0));
}

function conversationItem(value: unknown, index: number): ReadItem {
  const result = isChatGptConversation(value)
    ? chatGptConversation(value)
    : isClaudeConversation(value)
      ? claudeConversation(value)
      : { error: 'neither a ChatGPT nor a Claude conversation' };
  return 'error' in result ? { kind: 'skipped', index, reason: result.error } : { kind: 'conversation', conversation: { ...result, index } };
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
      const lines = boundedLines(fileChunks(file.path, onBytes), basename(file.path));
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
      if (file.bytes > MAX_RECALL_BYTES) throw new AppError('invalid_input', `${basename(file.path)} is ${Math.round(file.bytes / 1_048_576)} MB; a recall dataset is read whole, up to ${MAX_RECALL_BYTES / 1_048_576} MB`);
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
