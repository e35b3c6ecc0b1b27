/** When a version stopped holding (src-shared/versions.ts): when the next began, unless that was no change in the world. */
import { describe, expect, it } from 'vitest';
import { heldUntil } from '../../src-shared/versions';

const day = (d: string): number => Date.parse(`${d}T00:00:00Z`);

describe('heldUntil', () => {
  it('is the next version\'s start for a change, memory\'s time for a correction of what was said, null while current', () => {
    const leeds = { id: 'a', validFrom: day('2026-03-02'), validUntil: day('2026-11-29') };
    const manchester = { id: 'b', validFrom: day('2026-05-10'), validUntil: null };
    expect(heldUntil(leeds, [leeds, manchester])).toBe(day('2026-05-10'));
    expect(heldUntil(manchester, [leeds, manchester])).toBeNull();
    // "Leicester, not Leeds" keeps the date it was said: the old text ended when memory corrected it.
    const leicester = { id: 'c', validFrom: day('2026-03-02'), validUntil: null };
    expect(heldUntil(leeds, [leeds, leicester])).toBe(day('2026-11-29'));
    // A version with nothing after it in the list (forgotten) ended when memory ended it.
    expect(heldUntil(leeds, [leeds])).toBe(day('2026-11-29'));
  });
});
