import { freePort } from '../tests/helpers/free-port';
import { chatChunk } from '../tests/helpers/scripted-openai-server';
import { expect, openApp, send, test } from './fixtures';

test('a chat in the Work space: its header names the space and its pack holds Work memories, not Personal ones', async ({ page, engram, openai, shot }) => {
  await engram.call('settings.save', {
    provider: { kind: 'custom', baseURL: openai.baseURL, chatModel: 'scripted-model', agentModel: '', embeddingModel: '' },
    sessionTimeoutMinutes: 30,
    apiKey: 'e2e-key',
  });
  const work = (await engram.call('spaces.create', { name: 'Work' })) as { id: string };
  await engram.call('memory.rememberFact', { content: 'The Falcon release review is on Thursday with Priya', spaceId: work.id });
  await engram.call('memory.rememberFact', { content: 'The Falcon kite needs a new string before the beach trip' });

  openai.script('/v1/chat/completions', { sse: ['Noted.'].map((t) => chatChunk(t)) }, { sse: ['The Falcon review is on Thursday.'].map((t) => chatChunk(t)) });
  await openApp(page, engram);
  await send(page, 'Hello');
  await expect(page.getByTestId('message-assistant').last()).toContainText('Noted.');

  // Move the chat to Work from its header.
  await page.getByLabel('Memory space of this chat').selectOption({ label: 'Work' });
  await expect(page.getByLabel('Memory space of this chat')).toHaveValue(work.id);

  await send(page, 'When is the Falcon review?');
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toContainText('Thursday');
  await reply.getByTestId('why').click();
  const pack = page.getByTestId('pack-dialog');
  await expect(pack).toContainText('release review is on Thursday');
  await expect(pack).not.toContainText('kite');
  await shot('spaces-work-chat-pack');
});

test('Settings → Memory spaces: create, rename and delete by keyboard, each delete saying where the memories go', async ({ page, engram, shot }) => {
  const work = (await engram.call('spaces.create', { name: 'Work' })) as { id: string };
  await engram.call('memory.rememberFact', { content: 'The Falcon release review is on Thursday', spaceId: work.id });
  await openApp(page, engram);
  await page.getByTestId('open-settings').click();
  const section = page.getByTestId('spaces-settings');
  const rows = section.getByTestId('space-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Work' })).toContainText('1 fact, 0 episodes, 0 chats');
  // Personal is never deleted.
  await expect(rows.filter({ hasText: 'Personal' }).getByTestId('space-delete')).toHaveCount(0);

  // Create by keyboard (Enter in the field creates; it never submits the settings form); a taken name is refused in place.
  await section.getByTestId('space-create-name').fill('Novel');
  await section.getByTestId('space-create-name').press('Enter');
  await expect(section.getByTestId('space-result')).toHaveText('Created “Novel”.');
  await expect(rows).toHaveCount(3);
  await section.getByTestId('space-create-name').fill('work');
  await section.getByTestId('space-create-name').press('Enter');
  await expect(section.getByTestId('space-error')).toContainText('A space named "Work" already exists');
  await expect(page.getByTestId('settings-dialog')).toBeVisible();

  // Rename Novel to Side project by keyboard.
  await section.getByRole('button', { name: 'Rename Novel' }).focus();
  await page.keyboard.press('Enter');
  await section.getByTestId('space-rename-input').fill('Side project');
  await page.keyboard.press('Enter');
  await expect(rows.filter({ hasText: 'Side project' })).toHaveCount(1);
  await expect(section.getByTestId('space-result')).toHaveText('Renamed “Novel” to “Side project”.');
  await expect(section.getByTestId('space-error')).toHaveCount(0);

  // Delete Work: the confirm says its fact moves (to Personal by default), or is erased for good when chosen.
  await section.getByRole('button', { name: 'Delete Work…' }).focus();
  await page.keyboard.press('Enter');
  const confirm = section.getByTestId('space-delete-confirm');
  await expect(confirm.getByTestId('space-delete-consequence')).toHaveText('Its 1 fact, 0 episodes, 0 chats move to “Personal”, with the earlier versions of its facts; nothing is lost.');
  await confirm.getByTestId('space-delete-choice').selectOption({ label: 'Erase them for good' });
  await expect(confirm.getByTestId('space-delete-consequence')).toContainText('erased for good');
  await expect(confirm.getByTestId('space-delete-run')).toHaveText('Delete and erase');
  await shot('spaces-settings-delete-confirm');
  await confirm.getByTestId('space-delete-choice').selectOption({ label: 'Move to Personal' });
  await confirm.getByTestId('space-delete-run').focus();
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('space-result')).toHaveText('Deleted “Work”: 1 memory moved to “Personal”.');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Personal' })).toContainText('1 fact');
  await shot('spaces-settings');
});

test('inspector: filter by space, move a fact to another space (undoable) and let every space see it', async ({ page, engram, shot }) => {
  const work = (await engram.call('spaces.create', { name: 'Work' })) as { id: string };
  const { id: release } = (await engram.call('memory.rememberFact', { content: 'The Falcon release review is on Thursday with Priya', spaceId: work.id })) as { id: string };
  const { id: kite } = (await engram.call('memory.rememberFact', { content: 'The Falcon kite needs a new string before the beach trip' })) as { id: string };
  const { id: language } = (await engram.call('memory.rememberFact', { content: 'User prefers answers in Portuguese' })) as { id: string };
  await openApp(page, engram);
  await page.getByTestId('open-inspector').click();
  await page.getByTestId('tab-graph').click();
  const shown = () =>
    page.evaluate(() => {
      const cy = (globalThis as unknown as { __engramCy?: { nodes(s: string): { map<T>(f: (n: { id(): string }) => T): T[] } } }).__engramCy;
      return cy ? cy.nodes('[kind = "node"]').map((n) => n.id()) : [];
    });
  await expect.poll(shown).toContain(kite);

  // One space: Work's facts only.
  await page.getByTestId('filter-space').selectOption({ label: 'Work' });
  await expect.poll(shown).toEqual([release]);
  await shot('spaces-inspector-filter');

  // Back to all spaces; open the language preference and let every space see it.
  await page.getByTestId('filter-space').selectOption({ label: 'All spaces' });
  await page.getByTestId('inspector-search').fill('Portuguese');
  await page.getByTestId('inspector-search').press('Enter');
  await page.getByTestId('search-hit').filter({ hasText: 'Portuguese' }).first().click();
  const space = page.getByTestId('node-space');
  await expect(space.getByTestId('node-space-name')).toHaveText('Personal');
  await space.getByTestId('action-everywhere').focus();
  await page.keyboard.press('Space');
  await expect(space).toContainText('seen from every space');
  await page.getByTestId('filter-space').selectOption({ label: 'Work' });
  await expect.poll(shown).toContain(language);

  // Move the kite (a Personal fact) to Work from the node panel, by keyboard; the toast's undo moves it back.
  await page.getByTestId('filter-space').selectOption({ label: 'All spaces' });
  await page.getByTestId('inspector-search').fill('kite');
  await page.getByTestId('inspector-search').press('Enter');
  await page.getByTestId('search-hit').filter({ hasText: 'kite' }).first().click();
  await expect(page.getByTestId('node-content')).toContainText('kite');
  await expect(space.getByTestId('move-space-target')).toHaveValue(work.id);
  await space.getByTestId('action-move-space').focus();
  await page.keyboard.press('Enter');
  await expect(space.getByTestId('node-space-name')).toHaveText('Work');
  await expect(page.getByTestId('toast').last()).toContainText('Moved to Work');
  await shot('spaces-inspector-moved');
  await page.getByTestId('toast-undo').last().click();
  await expect(space.getByTestId('node-space-name')).toHaveText('Personal');
});

test('Settings → Other apps: the running endpoint and a self-starting app are bound to the Work space', async ({ page, engram, shot }) => {
  const work = (await engram.call('spaces.create', { name: 'Work' })) as { id: string };
  await engram.call('mcp.configure', { port: await freePort() });
  await openApp(page, engram);
  await page.getByTestId('open-settings').click();
  const panel = page.getByTestId('settings-dialog').getByTestId('mcp-settings');
  await panel.getByTestId('mcp-enabled').check();
  await expect(panel.getByTestId('mcp-running')).toContainText('No app connected yet');
  await panel.getByTestId('mcp-space').selectOption({ label: 'Work' });
  await expect.poll(async () => ((await engram.call('mcp.status', {})) as { spaceId: string }).spaceId).toBe(work.id);

  // The command another app runs names the space too.
  await expect(panel.getByTestId('mcp-stdio-command')).not.toHaveValue(/--space/);
  await panel.getByTestId('mcp-stdio-space').selectOption({ label: 'Work' });
  await expect(panel.getByTestId('mcp-stdio-command')).toHaveValue(/--space Work$/);
  await panel.getByTestId('mcp-stdio-space').scrollIntoViewIfNeeded();
  await shot('spaces-settings-other-apps');
});
