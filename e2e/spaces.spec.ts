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
