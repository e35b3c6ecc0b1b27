/**
 * Issue 23 part 3 in the running app: the inspector's As-of date shows what memory believed then (the version
 * of a supersedes chain valid that day, nothing learned later), Today resets it, and Compare lists what was
 * learned, superseded, corrected and forgotten between two days. Screenshots at 1280×800 and 1024×640.
 *
 * The history is written beforehand by an engine on a clock set weeks back, into the data folder the app
 * serves (SQLite shares it between processes, as the CLI does); an old chat imported since is left out of a past
 * day, and the notice says so.
 */
import type { Page } from '@playwright/test';
import { MemoryEngine } from '../src-main/memory';
import { expect, openApp, test, type EngramProcess } from './fixtures';

test.setTimeout(180_000);

const DAY = 86_400_000;
const localDay = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Boston 40 days ago, Chicago (consolidation) 20 days ago, Denver (by hand) 5 days ago; jazz forgotten 3 days ago. */
async function writeHistory(engram: EngramProcess, now: number): Promise<void> {
  let t = now - 40 * DAY;
  const engine = MemoryEngine.open({ dataDir: engram.dataDir, clock: { now: () => t }, startSlowPath: false });
  const home = engine.createEntity({ name: 'Home', type: 'place' });
  const boston = engine.rememberFact({ content: 'User lives in Boston', sourceType: 'extraction', entityIds: [home.id] });
  const jazz = engine.rememberFact({ content: 'User collects jazz records', sourceType: 'extraction' });
  t = now - 20 * DAY;
  const chicago = engine.correctFact({ id: boston, content: 'User lives in Chicago', sourceType: 'extraction', reason: 'moved for work' });
  t = now - 12 * DAY;
  engine.rememberFact({ content: 'User has a cat named Miso', sourceType: 'extraction', validFrom: now - 60 * DAY });
  t = now - 5 * DAY;
  engine.correctFact({ id: chicago, content: 'User lives in Denver', sourceType: 'manual' });
  t = now - 3 * DAY;
  engine.forget(jazz);
  // An old chat imported two days ago: said 35 days back, learned since.
  t = now - 2 * DAY;
  engine.recordEpisode({ content: 'we spent a week in Lisbon', sessionId: 'imported-old', role: 'user', eventTime: now - 35 * DAY, sourceType: 'import' });
  await engine.flush();
  await engine.close();
}

async function setAsOf(page: Page, day: string): Promise<void> {
  await page.getByTestId('as-of-date').fill(day);
  await expect(page.getByTestId('as-of-notice')).toBeVisible();
}

async function graphLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cy = (globalThis as unknown as { __engramCy?: { nodes(): { map<T>(f: (n: { data(k: string): unknown }) => T): T[] } } }).__engramCy;
    return cy ? cy.nodes().map((n) => String(n.data('short') ?? '')) : [];
  });
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
]) {
  test(`as of a date and compare at ${size.width}×${size.height}`, async ({ page, engram, shot }) => {
    const now = Date.now();
    await writeHistory(engram, now);
    await page.setViewportSize(size);
    await openApp(page, engram);
    await page.getByTestId('open-inspector').click();
    await expect(page.getByTestId('inspector')).toBeVisible();
    await page.getByTestId('tab-graph').click();
    await expect.poll(async () => (await graphLabels(page)).join('|')).toContain('Denver');

    // 30 days ago: Boston, no cat yet (learned 12 days ago, though true since 60), jazz still held.
    await setAsOf(page, localDay(now - 30 * DAY));
    await expect.poll(async () => (await graphLabels(page)).join('|')).toContain('Boston');
    const then = (await graphLabels(page)).join('|');
    expect(then).not.toMatch(/Chicago|Denver|Miso/);
    expect(then).toContain('jazz');
    // The chat imported since, though said before that day, is left out, and the notice says so.
    await expect(page.getByTestId('as-of-learned-later')).toContainText('1 message said by then was learned only later');
    await shot(`as-of-graph-${size.width}`);

    // The profile of that day: Boston, then recent; today's Denver is not in it.
    await page.getByTestId('tab-profile').click();
    await expect(page.getByTestId('profile-card')).toContainText('What Engram knew about you on');
    await expect(page.getByTestId('profile-card')).toContainText('User lives in Boston');
    await expect(page.getByTestId('profile-card')).not.toContainText('Denver');
    // Pin and Hide act on today's profile: not offered on a past day's.
    await expect(page.getByTestId('profile-card').getByRole('button', { name: /^Pin:/ })).toHaveCount(0);
    await shot(`as-of-profile-${size.width}`);

    // The entity page as of that day.
    await page.getByTestId('tab-entities').click();
    await page.getByTestId('entity-row').filter({ hasText: 'Home' }).click();
    await expect(page.getByTestId('entity-page')).toContainText('Boston');
    await expect(page.getByTestId('entity-page')).not.toContainText('Denver');

    // 10 days ago: Chicago and the cat.
    await page.getByTestId('tab-graph').click();
    await setAsOf(page, localDay(now - 10 * DAY));
    await expect.poll(async () => (await graphLabels(page)).join('|')).toContain('Chicago');
    expect((await graphLabels(page)).join('|')).not.toMatch(/Boston|Denver/);
    await expect.poll(async () => (await graphLabels(page)).join('|')).toContain('Miso');

    // Today resets, by keyboard.
    await page.getByTestId('as-of-today').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('as-of-notice')).toHaveCount(0);
    await expect.poll(async () => (await graphLabels(page)).join('|')).toContain('Denver');
    expect((await graphLabels(page)).join('|')).not.toContain('jazz');

    // Compare: from 30 days ago to today.
    await page.getByTestId('tab-compare').click();
    await page.getByTestId('compare-from').fill(localDay(now - 30 * DAY));
    await page.getByTestId('compare-to').fill(localDay(now));
    await expect(page.getByTestId('compare-learned')).toContainText('User has a cat named Miso');
    await expect(page.getByTestId('compare-superseded')).toContainText('User lives in Boston');
    await expect(page.getByTestId('compare-superseded')).toContainText('User lives in Chicago');
    await expect(page.getByTestId('compare-superseded')).toContainText('moved for work');
    await expect(page.getByTestId('compare-corrected')).toContainText('User lives in Denver');
    await expect(page.getByTestId('compare-forgotten')).toContainText('User collects jazz records');
    await shot(`as-of-compare-${size.width}`);
    // Each memory is a link to its panel.
    await page.getByTestId('compare-corrected').getByRole('button', { name: 'User lives in Denver' }).click();
    await expect(page.getByTestId('node-content')).toHaveText('User lives in Denver');

    // A reversed pair of dates is refused with a message, not an empty list.
    await page.getByTestId('compare-from').fill(localDay(now));
    await page.getByTestId('compare-to').fill(localDay(now - 30 * DAY));
    await expect(page.getByRole('alert')).toContainText('must be a day before');
  });
}
