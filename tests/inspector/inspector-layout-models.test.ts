/** Pure parts of the inspector's layout and filters: the custom date range and which graph labels are drawn. */
import { describe, expect, it } from 'vitest';
import { customRange, dayInputValue, parseDay, presetRange, toInputValue } from '../../src-renderer/src/inspector/date-range';
import { chooseLabels, labelBox, labelScale, MIN_LABEL_PX, LABEL_PX, type LabelNode } from '../../src-renderer/src/inspector/graph-labels';
import { engineFilter, DEFAULT_FILTER } from '../../src-renderer/src/inspector/store';
import { DAY } from '../../src-renderer/src/inspector/time';

describe('the custom date range', () => {
  it('reads days in local time, "to" including its whole day', () => {
    const r = customRange('2024-03-01', '2024-03-31');
    expect(r).toEqual({ ok: true, after: new Date(2024, 2, 1).getTime(), before: new Date(2024, 3, 1).getTime() });
    // One day: from its midnight to the next.
    const one = customRange('2024-03-10', '2024-03-10');
    expect(one.ok && one.before !== null && one.after !== null && one.before > one.after).toBe(true);
    expect(one.ok && toInputValue(one.before ?? 0)).toBe('2024-03-10');
    expect(dayInputValue(new Date(2024, 0, 5, 23, 59).getTime())).toBe('2024-01-05');
  });

  it('leaves an empty bound open', () => {
    expect(customRange('', '')).toEqual({ ok: true, after: null, before: null });
    expect(customRange('2024-03-01', '')).toEqual({ ok: true, after: new Date(2024, 2, 1).getTime(), before: null });
  });

  it('refuses "from" after "to", and days that do not exist, with a message to show', () => {
    const reversed = customRange('2024-05-02', '2024-05-01');
    expect(reversed.ok).toBe(false);
    expect(!reversed.ok && reversed.error).toMatch(/“From” is after “To”/);
    expect(parseDay('2023-02-31')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
    expect(customRange('2023-02-31', '').ok).toBe(false);
  });

  it('turns presets into an open-ended window, and reaches the engine filter', () => {
    const now = Date.UTC(2025, 5, 1);
    expect(presetRange('week', now)).toEqual({ after: now - 7 * DAY, before: null });
    expect(presetRange('all', now)).toEqual({ after: null, before: null });
    const ef = engineFilter({ ...DEFAULT_FILTER, when: 'custom', after: 10, before: 20 });
    expect(ef).toMatchObject({ after: 10, before: 20 });
    expect('when' in ef).toBe(false);
  });
});

const node = (id: string, x: number, y: number, over: Partial<LabelNode> = {}): LabelNode => ({
  id,
  kind: 'node',
  type: 'semantic',
  text: `fact ${id} with some words`,
  confidence: 0.5,
  links: 1,
  invalid: false,
  selected: false,
  x,
  y,
  w: 20,
  h: 20,
  ...over,
});

describe('graph labels', () => {
  it('keep their screen size, and are never drawn under the minimum when far out', () => {
    expect(labelScale(1)).toBe(1);
    expect(labelScale(2)).toBe(0.5);
    expect(labelScale(0.5)).toBe(2);
    // Far out the scale stops growing: the text shrinks below the minimum and cytoscape leaves it out.
    expect(LABEL_PX * labelScale(0.1) * 0.1).toBeLessThan(MIN_LABEL_PX);
  });

  it('of two that would overlap, draw only the more important one', () => {
    const weak = node('weak', 100, 100, { confidence: 0.2 });
    const strong = node('strong', 110, 102, { confidence: 0.9 });
    const entity = node('ent', 400, 100, { kind: 'entity', type: undefined, text: 'Ada Lovelace', links: 30 });
    const apart = node('apart', 100, 300);
    const shown = chooseLabels([weak, strong, entity, apart]);
    expect([...shown].sort()).toEqual(['apart', 'ent', 'strong']);
    // An entity outranks any fact; the selection outranks everything.
    expect(chooseLabels([node('f', 40, -25, { confidence: 1, links: 50 }), node('e', 0, 0, { kind: 'entity', type: undefined })])).toEqual(new Set(['e']));
    expect(chooseLabels([node('e', 0, 0, { kind: 'entity', type: undefined }), node('s', 40, -25, { selected: true, confidence: 0 })])).toEqual(new Set(['s']));
    // Earlier versions give way to current facts, episodes to facts.
    expect(chooseLabels([node('old', 0, 0, { invalid: true, confidence: 1 }), node('cur', 0, 0, { confidence: 0.1 })])).toEqual(new Set(['cur']));
    expect(chooseLabels([node('ep', 0, 0, { type: 'episodic', confidence: 1 }), node('fact', 0, 0, { confidence: 0.1 })])).toEqual(new Set(['fact']));
  });

  it('drawn labels never overlap, and the important ones of 160 crowded nodes are labelled', () => {
    const nodes: LabelNode[] = [];
    for (let i = 0; i < 160; i++) nodes.push(node(`n${i}`, (i % 16) * 40, Math.floor(i / 16) * 30, { confidence: (i * 37) % 100 / 100, links: i % 7 }));
    for (let i = 0; i < 8; i++) nodes.push(node(`e${i}`, i * 80, 150, { kind: 'entity', type: undefined, text: `Entity ${i}`, links: 10 + i }));
    const shown = chooseLabels(nodes);
    expect(shown.size).toBeGreaterThan(15);
    expect(shown.size).toBeLessThan(nodes.length);
    const boxes = nodes.filter((n) => shown.has(n.id)).map(labelBox);
    for (let a = 0; a < boxes.length; a++)
      for (let b = a + 1; b < boxes.length; b++) {
        const [p, q] = [boxes[a], boxes[b]] as [ReturnType<typeof labelBox>, ReturnType<typeof labelBox>];
        expect(p.x1 < q.x2 && q.x1 < p.x2 && p.y1 < q.y2 && q.y1 < p.y2).toBe(false);
      }
    // Every entity outranks the facts around it, so a crowded entity's label survives unless another entity's covers it.
    expect(nodes.filter((n) => n.kind === 'entity' && shown.has(n.id)).length).toBeGreaterThanOrEqual(4);
  });
});
