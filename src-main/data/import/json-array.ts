/**
 * Elements of a top-level JSON array read from a byte stream, one at a time: a small scanner finds where each
 * element ends (outside strings, depth back to the array's) and the element alone goes to `JSON.parse`.
 * Exports are arrays of conversations; this keeps memory at one conversation and costs a fraction of a
 * token-level streaming parser (stream-json took ~9 s of CPU on a 47 MB export; this about a second).
 */
import { AppError } from '../../../src-shared/errors';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

const BOM = [0xef, 0xbb, 0xbf];

/**
 * The largest element (one conversation) read: it is parsed whole, at several times its size in memory. Real
 * conversations, even with pasted documents, are a few MB; a 700 MB element took 1.85 GB.
 */
export const MAX_ELEMENT_BYTES = 64 * 1024 * 1024;

/** Blank bytes allowed in a row between elements: real exports have a few; a zip of gigabytes of spaces is a bomb. */
export const MAX_BLANK_RUN = 16 * 1024 * 1024;

const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

export async function* jsonArrayElements(chunks: AsyncIterable<Uint8Array>, maxElementBytes = MAX_ELEMENT_BYTES): AsyncGenerator<unknown> {
  let state: 'before' | 'between' | 'element' | 'after' = 'before';
  let depth = 0; // nesting inside the current element
  let inString = false;
  let escaped = false;
  let parts: Uint8Array[] = [];
  let held = 0; // bytes of the current element in parts
  let blank = 0; // blank bytes in a row outside elements
  let index = 0;
  let bomBytes = 0;
  const closed = (): boolean => state === 'after';

  const parse = (): unknown => {
    const text = Buffer.concat(parts).toString('utf8');
    parts = [];
    held = 0;
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new AppError('invalid_input', `the export is not valid JSON (element ${index}): ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  for await (const chunk of chunks) {
    let start = state === 'element' ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i] as number;
      if (state === 'element') {
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) inString = false;
          continue;
        }
        if (b === QUOTE) inString = true;
        else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
        else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
          if (depth === 0) {
            // A primitive element ended by the array's "]".
            parts.push(chunk.subarray(start, i));
            yield parse();
            index++;
            state = 'after';
            continue;
          }
          depth--;
          if (depth === 0) {
            parts.push(chunk.subarray(start, i + 1));
            yield parse();
            index++;
            state = 'between';
          }
        } else if (b === COMMA && depth === 0) {
          parts.push(chunk.subarray(start, i));
          yield parse();
          index++;
          state = 'between';
          i--; // let 'between' see the comma
        }
        continue;
      }
      if (isSpace(b)) {
        if (++blank > MAX_BLANK_RUN) throw new AppError('invalid_input', `the export holds more than ${MAX_BLANK_RUN / 1_048_576} MB of blank space in a row (a damaged or hostile file?)`);
        continue;
      }
      blank = 0;
      if (state === 'before') {
        if (bomBytes < 3 && b === BOM[bomBytes]) {
          bomBytes++; // a UTF-8 byte-order mark, possibly split across chunks
          continue;
        }
        if (b !== OPEN_BRACKET) throw new AppError('invalid_input', 'the export is not valid JSON: expected an array of conversations');
        state = 'between';
        continue;
      }
      if (state === 'after') throw new AppError('invalid_input', 'the export is not valid JSON: text after the end of the array');
      // between elements
      if (b === COMMA) continue;
      if (b === CLOSE_BRACKET) {
        state = 'after';
        continue;
      }
      state = 'element';
      start = i;
      depth = 0;
      inString = false;
      escaped = false;
      if (b === QUOTE) inString = true;
      else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth = 1;
    }
    if (state === 'element') {
      parts.push(chunk.subarray(start));
      held += chunk.length - start;
      if (held > maxElementBytes) {
        throw new AppError('invalid_input', `the export's element ${index} is larger than ${Math.round(maxElementBytes / 1_048_576)} MB; Engram reads conversations up to that size (a damaged or hostile file?)`);
      }
    }
  }
  if (!closed()) throw new AppError('invalid_input', 'the export is not valid JSON: it ends before its array is closed (a truncated file?)');
}
