/** The node panel shows a memory's attributes as labelled fields, not as raw JSON. */
import { describe, expect, it } from 'vitest';
import { attributeFields } from '../../src-renderer/src/inspector/attributes';

describe('attributeFields', () => {
  it('labels known keys in words, others by their key in words, and shows values plainly', () => {
    expect(
      attributeFields({ speaker: 'Dave', slot: 'home city', facts_considered: 12, importedFrom: 'chatgpt', recital: true, aliases: ['Ana', 'Anna'], merge: { from: 'x' }, note: null }),
    ).toEqual([
      { key: 'speaker', label: 'Speaker', value: 'Dave' },
      { key: 'slot', label: 'Slot', value: 'home city' },
      { key: 'facts_considered', label: 'Facts considered', value: '12' },
      { key: 'importedFrom', label: 'Imported from', value: 'chatgpt' },
      { key: 'recital', label: 'Recital', value: 'yes' },
      { key: 'aliases', label: 'Aliases', value: 'Ana, Anna' },
      { key: 'merge', label: 'Merge', value: '{"from":"x"}' },
      { key: 'note', label: 'Note', value: '—' },
    ]);
  });
});
