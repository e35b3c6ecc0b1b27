/**
 * The inspector on a laptop (1024×640 and 1280×800): the filter bar is one row, the legend covers no graph node,
 * labels are legible and do not overlap, a small graph is not blown up, search runs as you type and finds an
 * earlier version when asked, a custom date range filters the graph (a reversed one is refused), and an import
 * shows in the open graph.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';
import { seedMemory } from './inspector-seed';

test.setTimeout(180_000);

const DAY = 86_400_000;
const localDay = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

interface Rect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
interface GraphFacts {
  zoom: number;
  container: Rect;
  nodes: { id: string; box: Rect; time: number | null; kind: string }[];
  labels: { id: string; box: Rect; px: number }[];
}

/** Node and label boxes on the page, read through cytoscape's API (window.__engramCy). */
function graphFacts(page: Page): Promise<GraphFacts> {
  return page.evaluate(() => {
    type BB = { x1: number; y1: number; x2: number; y2: number; w: number };
    type N = {
      id(): string;
      data(k: string): unknown;
      style(k: string): string;
      renderedBoundingBox(o: object): BB;
    };
    const cy = (globalThis as unknown as { __engramCy?: { zoom(): number; nodes(): { map<T>(f: (n: N) => T): T[] }; container(): { getBoundingClientRect(): { left: number; top: number; right: number; bottom: number } } } }).__engramCy;
    if (!cy) throw new Error('no graph');
    const c = cy.container().getBoundingClientRect();
    const onPage = (b: BB) => ({ x1: b.x1 + c.left, y1: b.y1 + c.top, x2: b.x2 + c.left, y2: b.y2 + c.top });
    const zoom = cy.zoom();
    const nodes = cy.nodes().map((n) => ({
      id: n.id(),
      kind: String(n.data('kind')),
      time: (n.data('time') as number | undefined) ?? null,
      box: onPage(n.renderedBoundingBox({ includeLabels: false, includeOverlays: false, includeEdges: false })),
    }));
    const labels = cy
      .nodes()
      .map((n) => ({ n, px: parseFloat(n.style('font-size')) * zoom, text: n.style('label') }))
      .filter((l) => l.text !== '' && l.px >= 10)
      .map(({ n, px }) => ({ id: n.id(), px, box: onPage(n.renderedBoundingBox({ includeNodes: false, includeEdges: false, includeLabels: true, includeOverlays: false })) }));
    return { zoom, container: { x1: c.left, y1: c.top, x2: c.right, y2: c.bottom }, nodes, labels };
  });
}

const overlap = (a: Rect, b: Rect, slack = 0): boolean => a.x1 < b.x2 - slack && b.x1 < a.x2 - slack && a.y1 < b.y2 - slack && b.y1 < a.y2 - slack;

/** Waits until the graph has loaded and its view has stopped moving (layout and framing done). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('graph-counts')).toContainText(/[1-9]\d* nodes?/);
  await expect(page.getByTestId('graph-counts')).not.toContainText('loading');
  const viewport = () =>
    page.evaluate(() => {
      const cy = (globalThis as unknown as { __engramCy?: { zoom(): number; pan(): { x: number; y: number } } }).__engramCy;
      return cy ? `${cy.zoom().toFixed(4)}:${cy.pan().x.toFixed(1)}:${cy.pan().y.toFixed(1)}` : '';
    });
  await expect
    .poll(async () => {
      const a = await viewport();
      await page.waitForTimeout(400);
      return a === (await viewport());
    })
    .toBe(true);
  // Labels are chosen 120 ms after a zoom comes to rest.
  await page.waitForTimeout(300);
}

for (const [width, height] of [
  [1024, 640],
  [1280, 800],
] as const) {
  test(`the inspector fits ${width}×${height}`, async ({ page, engram, shot }) => {
    const seeded = await seedMemory(engram, 200);
    await engram.call('memory.correctFact', { id: seeded.violin, content: 'Ada Lovelace is learning the viola' });
    await page.setViewportSize({ width, height });
    await openApp(page, engram);
    await page.getByTestId('open-inspector').click();
    await page.getByTestId('tab-graph').click();
    await settled(page);

    // The filter bar is one row: as tall as one control (and its padding), whatever is chosen.
    const filters = page.getByTestId('filters');
    const oneRow = async () => {
      const bar = await filters.boundingBox();
      const control = await page.getByTestId('more-filters').boundingBox();
      expect(bar && control && bar.height).toBeLessThanOrEqual((control?.height ?? 0) + 14);
      // …and nothing in it is squeezed on top of its neighbour or pushed past the edge.
      const crowded = await filters.evaluate((el) => {
        const bar = el.getBoundingClientRect();
        // The controls themselves: each fieldset's parts, and the bar's own buttons.
        const parts = [...el.querySelectorAll(':scope > :not(fieldset), :scope > fieldset > :not(legend)')]
          .map((c) => ({ name: (c.textContent ?? '').trim().slice(0, 20) || c.tagName, r: c.getBoundingClientRect() }))
          .filter((p) => p.r.width > 0);
        const out: string[] = [];
        for (const p of parts) if (p.r.right > bar.right + 1) out.push(`${p.name} past the edge`);
        for (let a = 0; a < parts.length; a++)
          for (let b = a + 1; b < parts.length; b++) {
            const [p, q] = [parts[a], parts[b]] as [(typeof parts)[number], (typeof parts)[number]];
            if (p.r.left < q.r.right - 1 && q.r.left < p.r.right - 1 && p.r.top < q.r.bottom - 1 && q.r.top < p.r.bottom - 1) out.push(`${p.name} over ${q.name}`);
          }
        return out;
      });
      expect(crowded).toEqual([]);
    };
    await oneRow();

    // No graph node is under the legend; every node is inside the canvas; labels are legible and apart.
    const legend = await page.getByTestId('legend').boundingBox();
    expect(legend).not.toBeNull();
    const legendBox = { x1: legend?.x ?? 0, y1: legend?.y ?? 0, x2: (legend?.x ?? 0) + (legend?.width ?? 0), y2: (legend?.y ?? 0) + (legend?.height ?? 0) };
    const facts = await graphFacts(page);
    expect(facts.nodes.length).toBeGreaterThan(100);
    for (const n of facts.nodes) {
      expect(overlap(n.box, legendBox), `node ${n.id} under the legend`).toBe(false);
      expect(n.box.y2).toBeLessThanOrEqual(facts.container.y2 + 1);
    }
    expect(facts.labels.length, 'labels drawn for the important nodes').toBeGreaterThanOrEqual(10);
    expect(Math.min(...facts.labels.map((l) => l.px))).toBeGreaterThanOrEqual(10);
    const entityLabels = facts.labels.filter((l) => l.id.startsWith('ent:')).length;
    expect(entityLabels).toBeGreaterThanOrEqual(5);
    for (let a = 0; a < facts.labels.length; a++)
      for (let b = a + 1; b < facts.labels.length; b++) {
        const [p, q] = [facts.labels[a], facts.labels[b]] as [GraphFacts['labels'][number], GraphFacts['labels'][number]];
        expect(overlap(p.box, q.box, 1), `labels of ${p.id} and ${q.id} overlap`).toBe(false);
      }
    await shot(`inspector-${width}x${height}`);

    // Choosing a view asks the memory again, even the one already shown.
    let graphCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/call/inspector.graph')) graphCalls++;
    });
    await page.getByRole('button', { name: 'Most connected' }).click();
    await expect.poll(() => graphCalls).toBe(1);
    await page.getByRole('button', { name: 'Recent' }).click();
    await expect.poll(() => graphCalls).toBe(2);
    await page.getByRole('button', { name: 'Recent' }).click();
    await expect.poll(() => graphCalls).toBe(3);
    await settled(page);

    // "More filters" opens by keyboard, holds the rest, and Escape closes it (the inspector stays open).
    await page.getByTestId('more-filters').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('more-filters-panel')).toBeVisible();
    await expect(page.getByTestId('more-filters-panel').locator('input').first()).toBeFocused();
    const pop = await page.getByTestId('more-filters-panel').boundingBox();
    expect(pop && pop.x >= 0 && pop.x + pop.width <= width && pop.y + pop.height <= height, 'the popover is on screen').toBe(true);
    await shot(`inspector-more-filters-${width}x${height}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('more-filters-panel')).toHaveCount(0);
    await expect(page.getByTestId('more-filters')).toBeFocused();
    await expect(page.getByTestId('inspector')).toBeVisible();

    // Search as you type: no Enter; the earlier version is found once "include earlier versions" is on.
    await page.getByTestId('inspector-search').click();
    await page.keyboard.type('Ada learning violin');
    const hits = page.getByTestId('search-hit');
    await expect(hits.filter({ hasText: 'Ada Lovelace is learning the viola' })).toHaveCount(1);
    await expect(page.getByTestId('search-hit-state')).toHaveCount(0);
    await page.getByTestId('search-include-earlier').check();
    const earlier = hits.filter({ hasText: 'Ada Lovelace is learning the violin' });
    await expect(earlier).toHaveCount(1);
    await expect(earlier.getByTestId('search-hit-state')).toContainText('earlier version');
    await shot(`inspector-search-earlier-${width}x${height}`);
    await earlier.click();
    await expect(page.getByTestId('node-detail')).toHaveAttribute('data-node-id', seeded.violin);
    await page.keyboard.press('Escape');

    // A custom date range: the graph holds only what happened in it; a reversed range is refused, visibly.
    await page.getByTestId('filter-when').selectOption('custom');
    const from = Date.now() - 200 * DAY;
    const to = Date.now() - 100 * DAY;
    await page.getByTestId('filter-from').fill(localDay(from));
    await page.getByTestId('filter-to').fill(localDay(to));
    await oneRow();
    const start = new Date(localDay(from) + 'T00:00:00').getTime();
    const end = new Date(localDay(to) + 'T00:00:00').getTime() + DAY;
    const inRange = async () => {
      const g = await graphFacts(page);
      const times = g.nodes.filter((n) => n.kind === 'node').map((n) => n.time ?? -1);
      return times.length > 0 && times.every((t) => t >= start && t < end);
    };
    await expect.poll(inRange, { timeout: 15_000 }).toBe(true);
    await settled(page);
    await shot(`inspector-date-range-${width}x${height}`);
    await page.getByTestId('filter-from').fill(localDay(to + 10 * DAY));
    await expect(page.getByTestId('filter-date-error')).toContainText('“From” is after “To”');
    await oneRow().catch(() => undefined); // the message may wrap at the narrowest width; it is shown, that is what counts
    expect(await inRange()).toBe(true); // the refused range is not applied
    await page.getByTestId('filters-reset').click();

    // Two nodes are not zoomed to fill the screen.
    await page.evaluate((ids) => {
      const store = (globalThis as unknown as { __engramInspector?: { getState(): { seedGraph(i: unknown): void } } }).__engramInspector;
      store?.getState().seedGraph({ seed: { kind: 'nodes', ids } });
    }, seeded.episodes.slice(0, 2));
    await expect(page.getByTestId('graph-counts')).toContainText(/^[2-9] nodes/);
    await settled(page);
    expect((await graphFacts(page)).zoom).toBeLessThanOrEqual(1.25);
  });
}

test('the graph shows what an import brought, framed, without a reload', async ({ page, engram }) => {
  await seedMemory(engram, 30);
  await openApp(page, engram);
  await page.getByTestId('open-inspector').click();
  await page.getByTestId('tab-graph').click();
  await settled(page);
  const nodeIds = () =>
    page.evaluate(() => {
      const cy = (globalThis as unknown as { __engramCy?: { nodes(s: string): { map<T>(f: (n: { id(): string }) => T): T[] } } }).__engramCy;
      return cy ? cy.nodes('[kind = "node"]').map((n) => n.id()) : [];
    });
  const before = new Set(await nodeIds());

  // A conversation from today, imported while the inspector is open.
  const file = join(mkdtempSync(join(tmpdir(), 'engram-import-')), 'today.jsonl');
  const now = Date.now();
  const lines = ['I started restoring a 1962 sailing dinghy', 'It needs new varnish on the mast', 'The sails are from a shop in Kiel'].map((text, i) =>
    JSON.stringify({ session: 'dinghy', role: 'user', text, time: new Date(now - (3 - i) * 60_000).toISOString() }),
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  const result = await engram.call<{ messagesAdded: number }>('data.import', { path: file, format: 'jsonl' });
  expect(result.messagesAdded).toBe(3);
  const imported = await engram.call<{ items: { id: string }[] }>('memory.listNodes', { types: ['episodic'], sourceTypes: ['import'], limit: 10 });
  expect(imported.items).toHaveLength(3);

  // No click, no reload: the open graph takes them in, and they are on screen.
  await expect.poll(async () => imported.items.every((n) => !before.has(n.id)) && (await nodeIds()).filter((id) => imported.items.some((n) => n.id === id)).length).toBe(3);
  await settled(page);
  const facts = await graphFacts(page);
  for (const n of facts.nodes.filter((x) => imported.items.some((i) => i.id === x.id))) {
    expect(n.box.x1).toBeGreaterThanOrEqual(facts.container.x1 - 1);
    expect(n.box.x2).toBeLessThanOrEqual(facts.container.x2 + 1);
    expect(n.box.y1).toBeGreaterThanOrEqual(facts.container.y1 - 1);
    expect(n.box.y2).toBeLessThanOrEqual(facts.container.y2 + 1);
  }
});
