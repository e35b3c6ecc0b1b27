/**
 * Issue 26 (profile) in the running app: the inspector opens on its "You" tab, which shows "What Engram knows about you" — the
 * name, home and work stated a month ago and confirmed under Lasting, this week's plans under Lately — each line
 * opening its fact; Pin and Hide work from the keyboard. Screenshots at 1280×800 and 1024×640.
 */
import { MemoryEngine } from '../src-main/memory/engine';
import { expect, openApp, test } from './fixtures';

test.setTimeout(120_000);
const DAY = 86_400_000;

/** Facts learned five weeks ago, written into the data folder with a clock set back (then the app restarts on it). */
async function seedMonthOld(dataDir: string): Promise<void> {
  const then = Date.now() - 35 * DAY;
  const engine = MemoryEngine.open({ dataDir, clock: { now: () => then }, startSlowPath: false });
  const said = engine.recordEpisode({ content: "I'm Sam Rivera, I live in Porto and I work as a nurse at São João hospital", sessionId: 'intro' });
  await engine.flush();
  const fact = (content: string, slot: string) => engine.rememberFact({ content, sourceType: 'extraction', derivedFrom: [said], attributes: { slot } });
  for (const id of [fact("User's name is Sam Rivera", 'user.name'), fact('User lives in Porto', 'user.residence'), fact('User works as a nurse at São João hospital', 'user.occupation')]) {
    engine.confirmFact(id);
  }
  fact('User is married to Inês', 'user.partner');
  fact('User prefers green tea to coffee', 'user.opinion.green_tea');
  fact('The hospital cafeteria closes at 8 pm', 'hospital.cafeteria');
  await engine.close();
}

test('the profile card: lasting and recent facts, each opening its fact; pin and hide from the keyboard', async ({ page, engram, shot }) => {
  await seedMonthOld(engram.dataDir);
  await engram.restart();
  await engram.call('memory.rememberFact', { content: 'User is training for the Porto half marathon in March', sourceType: 'extraction' });
  await engram.call('memory.rememberFact', { content: 'User is planning a trip to the Azores with Inês in December', sourceType: 'extraction' });

  await openApp(page, engram);
  // The inspector opens on the profile: no tab to choose.
  await page.getByTestId('open-inspector').click();
  await expect(page.getByTestId('tab-profile')).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('profile-card');
  await expect(card.getByRole('heading', { name: 'What Engram knows about you' })).toBeVisible();
  const lasting = card.getByTestId('profile-static');
  const lately = card.getByTestId('profile-dynamic');
  await expect(lasting.getByTestId('profile-line')).toHaveCount(5);
  await expect(lasting.getByTestId('profile-line').first()).toContainText("User's name is Sam Rivera");
  await expect(lasting).toContainText('User lives in Porto');
  await expect(lasting).toContainText('nurse');
  await expect(lately).toContainText('half marathon');
  await expect(card).not.toContainText('cafeteria');
  await shot('profile-card-1280x800');

  // A line opens its fact in the node panel.
  await lasting.getByRole('button', { name: 'User lives in Porto', exact: true }).click();
  await expect(page.getByTestId('node-content')).toHaveText('User lives in Porto');

  // Keyboard: focus Pin on this month's marathon and press Enter; it moves to the top of Lasting, pinned.
  await card.getByRole('button', { name: 'Pin: User is training for the Porto half marathon in March' }).focus();
  await page.keyboard.press('Enter');
  await expect(lasting.getByTestId('profile-line').first()).toContainText('half marathon');
  await expect(card.getByRole('button', { name: 'Unpin: User is training for the Porto half marathon in March' })).toHaveAttribute('aria-pressed', 'true');

  // Hide the partner: gone from the card, listed under "hidden", and shown again with one key.
  await card.getByRole('button', { name: 'Hide from profile: User is married to Inês' }).focus();
  await page.keyboard.press('Enter');
  await expect(lasting).not.toContainText('Inês');
  await expect(card.getByTestId('profile-hidden')).toContainText('1 hidden from the profile');

  await page.setViewportSize({ width: 1024, height: 640 });
  await shot('profile-card-1024x640');
  await card.getByTestId('profile-hidden').locator('summary').click();
  await card.getByRole('button', { name: 'Show in profile: User is married to Inês' }).focus();
  await page.keyboard.press('Enter');
  await expect(lasting).toContainText('User is married to Inês');
});
