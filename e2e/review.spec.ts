/**
 * Issue 23 in the running app: an import (set to "ask me first" by default) is distilled into facts that wait
 * in the inspector's Review view; the sidebar and the tab show the count; approve, decline and edit by keyboard;
 * a declined fact can be restored. Screenshots at 1280×800 and 1024×640.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openApp, test } from './fixtures';

test.setTimeout(180_000);

const line = (session: string, text: string, time: string) => JSON.stringify({ session, role: 'user', text, time });

test('facts from an import wait for review; approve, decline, edit and restore by keyboard', async ({ page, engram, shot }) => {
  const file = join(engram.dataDir, 'chats.jsonl');
  writeFileSync(
    file,
    [
      line('trip', 'I moved to Porto yesterday.', '2026-03-02T09:00:00Z'),
      line('trip', 'I started working at Ridgeline Analytics on Monday.', '2026-03-02T09:01:00Z'),
      line('trip', 'These days I drink matcha.', '2026-03-02T09:02:00Z'),
    ].join('\n'),
  );
  await engram.call('data.import', { path: file, format: 'jsonl' });
  await engram.call('memory.consolidate', { offline: true });
  const { pending } = await engram.call<{ pending: number }>('review.count', {});
  expect(pending).toBe(3);
  // Nothing of it is memory yet.
  const search = await engram.call<{ hits: unknown[] }>('memory.search', { query: 'Porto', types: ['semantic', 'procedural', 'opinion'] });
  expect(search.hits).toHaveLength(0);

  await openApp(page, engram);
  await expect(page.getByTestId('open-review')).toContainText('3');
  await page.getByTestId('open-review').click();
  await expect(page.getByTestId('review-view')).toBeVisible();
  await expect(page.getByTestId('tab-review')).toContainText('3');
  const items = page.getByTestId('proposal');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('Imports');
  await expect(page.locator('.rv-quote').first()).toBeVisible();
  await shot('review-queue-1280');

  // a approves the selected (first) one: it leaves the queue and is in memory.
  const first = (await items.first().getByTestId('proposal-content').textContent()) ?? '';
  await page.keyboard.press('a');
  await expect(items).toHaveCount(2);
  await expect(page.getByTestId('tab-review')).toContainText('2');
  const found = await engram.call<{ hits: { node: { content: string } }[] }>('memory.search', { query: first });
  expect(found.hits.map((h) => h.node.content)).toContain(first);

  // ↓ then d declines the second.
  await page.keyboard.press('ArrowDown');
  const second = (await items.nth(1).getByTestId('proposal-content').textContent()) ?? '';
  await page.keyboard.press('d');
  await expect(items).toHaveCount(1);

  // e edits the last one; Enter approves the edited text.
  await page.keyboard.press('e');
  await expect(page.getByTestId('proposal-edit')).toBeFocused();
  await page.getByTestId('proposal-edit').fill('User lives in Porto, Portugal');
  await shot('review-edit-1280');
  await page.getByTestId('proposal-edit').press('Enter');
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await expect(page.getByTestId('open-review')).toHaveCount(0);

  // Declined: kept, and restorable.
  await page.getByTestId('review-declined').click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(second);
  await page.setViewportSize({ width: 1024, height: 640 });
  await shot('review-declined-1024');
  await page.keyboard.press('r');
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await page.getByTestId('review-pending').click();
  await expect(items).toHaveCount(1);
  await shot('review-restored-1024');
});

test('the same claim from two imported chats is approved once, as one fact citing both', async ({ page, engram, shot }) => {
  const file = join(engram.dataDir, 'twins.jsonl');
  writeFileSync(
    file,
    [line('monday', 'These days I drink matcha.', '2026-03-02T09:00:00Z'), line('friday', 'These days I drink matcha.', '2026-03-06T18:00:00Z')].join('\n'),
  );
  await engram.call('data.import', { path: file, format: 'jsonl' });
  await engram.call('memory.consolidate', { offline: true });
  expect((await engram.call<{ pending: number }>('review.count', {})).pending).toBe(2);

  await openApp(page, engram);
  await page.getByTestId('open-review').click();
  const items = page.getByTestId('proposal');
  await expect(items).toHaveCount(2);
  await page.keyboard.press('a');
  await expect(page.getByTestId('toast').last()).toContainText('with the same claim from 1 other chat');
  await expect(page.getByTestId('review-empty')).toBeVisible();
  await shot('review-same-claim-1280');
  const facts = await engram.call<{ hits: { node: { id: string; content: string } }[] }>('memory.search', { query: 'matcha', types: ['semantic', 'procedural', 'opinion'] });
  expect(facts.hits.map((h) => h.node.content)).toEqual(['User drinks matcha']);
  const detail = await engram.call<{ derivedFrom: unknown[] }>('memory.getNode', { id: facts.hits[0]?.node.id ?? '' });
  expect(detail.derivedFrom).toHaveLength(2);
});
