/**
 * Issue 22 in the running app: a correction keeps the fact's date and counts as confirmed; an entity can be
 * renamed, retyped and deleted with undo; deleting the chat that changed a fact offers to erase it and says the
 * earlier version becomes current again.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, send, test } from './fixtures';

test.setTimeout(120_000);

async function openNode(page: Page, words: string, text: RegExp): Promise<void> {
  await page.getByTestId('open-inspector').click();
  await expect(page.getByTestId('inspector')).toBeVisible();
  await page.keyboard.press('/');
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
  await page.getByTestId('search-hit').filter({ hasText: text }).first().click();
}

test('a correction keeps its date; entities are renamed, retyped and deleted with undo; erase brings back the earlier version', async ({ page, engram, shot }) => {
  const happened = Date.parse('2023-05-08T18:00:00Z');
  await engram.call('memory.rememberFact', { content: 'User went to a support group', sourceType: 'extraction', eventTime: happened, validFrom: happened });
  const fri = await engram.call<{ id: string }>('entity.create', { name: 'Fri', type: 'person' });
  const feb = await engram.call<{ id: string }>('entity.create', { name: 'February', type: 'place' });
  await engram.call('memory.rememberFact', { content: 'User has a call every Fri', entityIds: [fri.id] });
  const boston = await engram.call<{ id: string }>('memory.rememberFact', { content: 'User lives in Boston' });

  await openApp(page, engram);
  // The chat that changes where the person lives.
  await send(page, 'I moved to Denver last week');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'offline');
  const chats = await engram.call<{ id: string }[]>('chat.list', {});
  const messages = await engram.call<{ role: string; episodeId: string | null }[]>('chat.messages', { chatId: chats[0]?.id });
  const episode = messages.find((m) => m.role === 'user')?.episodeId;
  expect(episode).toBeTruthy();
  await engram.call('memory.correctFact', { id: boston.id, content: 'User lives in Denver', evidence: [episode], sourceType: 'consolidation', reason: 'user.residence changed' });

  // 1. Correct by hand (e): the form starts from the fact's own dates; the new version keeps them and is confirmed.
  await openNode(page, 'support group', /support group/);
  await page.keyboard.press('e');
  await expect(page.getByTestId('correct-event-date')).toHaveValue('2023-05-08');
  await expect(page.getByTestId('correct-valid-date')).toHaveValue('2023-05-08');
  await shot('truth-correct-form-dates');
  await page.getByTestId('correct-input').fill('User went to a grief support group');
  await page.getByTestId('correct-input').press('Enter');
  await expect(page.getByTestId('node-content')).toHaveText('User went to a grief support group');
  const detail = page.getByTestId('node-detail');
  await expect(detail).toContainText('Happened / true fromMay 8, 2023');
  await expect(page.getByTestId('decay-forecast')).toContainText('protected from decay');
  await shot('truth-corrected-keeps-date');

  // 8. Entities: rename and retype "February" (place), delete "Fri" (person), undo the delete.
  await page.getByTestId('tab-entities').click();
  await page.getByTestId('entity-row').filter({ hasText: 'February' }).click();
  await page.getByTestId('entity-name-input').fill('Feb trip');
  await page.getByTestId('entity-type-select').selectOption('concept');
  await page.getByTestId('entity-save').click();
  await expect(page.getByTestId('entity-page').locator('h2')).toContainText('Feb trip');
  await expect(page.getByTestId('entity-row').filter({ hasText: 'Feb trip' })).toContainText('concept');
  await shot('truth-entity-renamed');
  await page.getByTestId('entity-row').filter({ hasText: 'Fri' }).click();
  await page.getByTestId('entity-delete').click();
  await expect(page.getByTestId('entity-row').filter({ hasText: /^Fri/ })).toHaveCount(0);
  await expect(page.getByTestId('toast').last()).toBeVisible();
  await shot('truth-entity-deleted');
  await page.getByTestId('toast-undo').last().click();
  await expect(page.getByTestId('entity-row').filter({ hasText: 'Fri' })).toHaveCount(1);
  const restored = await engram.call<{ facts: { content: string }[] }>('entity.profile', { idOrName: fri.id });
  expect(restored.facts.map((f) => f.content)).toEqual(['User has a call every Fri']);
  expect((await engram.call<{ id: string }[]>('entity.list', {})).map((e) => e.id)).toContain(feb.id);
  await page.keyboard.press('Escape');

  // 4. Delete the Denver chat: erase says Boston becomes current again, and does it.
  await page.goto(engram.url);
  const item = page.locator('.chat-item', { hasText: 'I moved to Denver' });
  await item.hover();
  await item.getByTestId('delete-chat').click();
  const dialog = page.getByTestId('delete-chat-dialog');
  await expect(dialog).toContainText('Erase everything it taught');
  await dialog.getByTestId('delete-chat-erase').check();
  await expect(dialog).toContainText('1 earlier fact this chat had changed is current again');
  await shot('truth-delete-dialog-erase');
  await dialog.getByTestId('delete-chat-confirm').click();
  await expect(dialog).toBeHidden();
  const facts = await engram.call<{ items: { content: string }[] }>('memory.listNodes', { types: ['semantic'] });
  expect(facts.items.map((n) => n.content)).toContain('User lives in Boston');
  expect(facts.items.map((n) => n.content)).not.toContain('User lives in Denver');
});
