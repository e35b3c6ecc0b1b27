import { describe, expect, it } from 'vitest';
import { jsonArrayElements } from '../../src-main/data/import/json-array';

async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(text: string, size: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const v of jsonArrayElements(chunked(text, size))) out.push(v);
  return out;
}

describe('jsonArrayElements', () => {
  const values = [
    { title: 'brackets ] } [ { inside', parts: ['a "quoted" word', 'back\\slash\\', '\\"'] },
    { emoji: 'Привет 👋 — ünïcödé', nested: { deep: [[1, 2], { x: null }] } },
    'a string element, with a comma',
    42.5,
    true,
    null,
    [],
    {},
  ];
  const text = `\uFEFF [\n${values.map((v) => JSON.stringify(v, null, 1)).join(' ,\n')}\n] \n`;

  it('yields each element whole, however the bytes are chunked (even inside escapes and multi-byte characters)', async () => {
    for (const size of [1, 2, 3, 7, 64, 1 << 20]) expect(await collect(text, size)).toEqual(values);
  });

  it('reads an empty array, and refuses what is not an array or is cut short', async () => {
    expect(await collect('[ ]', 1)).toEqual([]);
    await expect(collect('{"conversations": []}', 4)).rejects.toThrow(/expected an array/);
    await expect(collect('[{"a": 1}, {"b": ', 4)).rejects.toThrow(/ends before its array is closed/);
    await expect(collect('[{"a": 1}, {"b": nope}]', 4)).rejects.toThrow(/not valid JSON \(element 1\)/);
    await expect(collect('[1] [2]', 4)).rejects.toThrow(/after the end of the array/);
  });
});
