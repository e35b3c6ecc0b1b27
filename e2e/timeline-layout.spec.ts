/**
 * The timeline on a laptop screen (1024×640 and 1280×800): session lanes are titled by their chat's title and
 * date, and every lane title and fact label lies inside the canvas — including the labels of facts learned
 * just now, at the right edge. The canvas reports where it put its text (timeline-probe.ts).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ARTIFACTS, expect, openApp, test, type EngramProcess } from './fixtures';

test.setTimeout(120_000);

const CHATS = ['Planning the Lisbon trip', 'Cello practice', 'Rust tooling questions'];
const DAY = 86_400_000;

interface Labels {
  w: number;
  lanes: { text: string; x: number; width: number }[];
  facts: { text: string; x: number; width: number }[];
}

async function seed(engram: EngramProcess): Promise<void> {
  for (const [i, title] of CHATS.entries()) {
    const chat = await engram.call<{ id: string }>('chat.create', {});
    for (const text of [`First thing about ${title.toLowerCase()}`, `And one more detail, number ${i}`]) {
      await engram.call('chat.send', { chatId: chat.id, text });
      // Offline, the reply comes from memory at once; wait for it before the next message.
      for (let k = 0; k < 100; k++) {
        const messages = await engram.call<{ status: string }[]>('chat.messages', { chatId: chat.id });
        if (!messages.some((m) => m.status === 'streaming')) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    await engram.call('chat.rename', { chatId: chat.id, title });
  }
  const now = Date.now();
  // Facts learned now (valid from now, at the right edge), with long labels, some about events weeks ago.
  for (let i = 0; i < 24; i++) {
    await engram.call('memory.rememberFact', {
      content: `Ada Lovelace keeps detailed notes about the Analytical Engine in notebook number ${i + 1}`,
      sourceType: 'manual',
      confidence: 0.5 + (i % 5) / 10,
      eventTime: now - (i % 6) * 7 * DAY,
    });
  }
}

const labels = (page: Page): Promise<Labels | null> =>
  page.evaluate(() => (globalThis as unknown as { __engramTimelineLabels?: Labels }).__engramTimelineLabels ?? null);

test('timeline lanes are titled by chat and no label leaves the canvas at 1024×640 and 1280×800', async ({ page, engram }) => {
  await seed(engram);
  await page.setViewportSize({ width: 1024, height: 640 });
  await openApp(page, engram);
  await page.getByTestId('open-inspector').click();
  await page.getByTestId('tab-timeline').click();
  await expect(page.getByTestId('timeline-counts')).toContainText(/[1-9][\d,]* items/);

  for (const [width, height] of [
    [1024, 640],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    const canvas = page.getByTestId('timeline-canvas');
    // Wait for a frame at this size whose lanes carry their chats' titles.
    await expect
      .poll(async () => {
        const box = await canvas.boundingBox();
        const l = await labels(page);
        return l !== null && box !== null && Math.abs(l.w - box.width) < 2 && CHATS.every((c) => l.lanes.some((t) => t.text.startsWith(`${c} · `)));
      })
      .toBe(true);
    const l = (await labels(page)) as Labels;
    expect(l.lanes.map((t) => t.text).join('\n')).not.toMatch(/chat-[\w-]+-\d/);
    expect(l.facts.length).toBeGreaterThan(0);
    for (const t of [...l.lanes, ...l.facts]) {
      expect(t.x, t.text).toBeGreaterThanOrEqual(0);
      expect(t.x + t.width, t.text).toBeLessThanOrEqual(l.w);
    }
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(ARTIFACTS, `timeline-${width}x${height}.png`) });
  }
});
