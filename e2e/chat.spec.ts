import { chatChunk } from '../tests/helpers/scripted-openai-server';
import { expect, openApp, send, test } from './fixtures';

test('streams a reply from the model and shows a memory tool call as a chip', async ({ page, engram, openai, shot }) => {
  await engram.call('settings.save', {
    provider: { kind: 'custom', baseURL: openai.baseURL, chatModel: 'scripted-model', agentModel: '', embeddingModel: '' },
    sessionTimeoutMinutes: 30,
    apiKey: 'e2e-key',
  });
  await engram.call('memory.rememberFact', { content: 'Grace is learning the violin' });

  // First reply: a plain streamed answer, slow enough to see it arrive.
  openai.script('/v1/chat/completions', {
    sse: ['Hello! ', 'I am **Engram**.', ' How can I help?'].map((t) => chatChunk(t)),
    eventDelayMs: 150,
  });
  await openApp(page, engram);
  await send(page, 'Hi there');
  const reply = page.getByTestId('message-assistant').last();
  await expect(page.getByTestId('stop')).toBeVisible();
  await expect(reply).toContainText('Hello!');
  await expect(reply).toContainText('I am Engram. How can I help?');
  await expect(reply.locator('strong')).toHaveText('Engram');
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(page.getByTestId('send')).toBeVisible();

  // Second reply: the model searches memory first.
  openai.script(
    '/v1/chat/completions',
    {
      sse: [
        chatChunk({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'search_memory', arguments: '' } }] }),
        chatChunk({ tool_calls: [{ index: 0, function: { arguments: '{"query":"What is Grace learning?"}' } }] }, { finish_reason: 'tool_calls' }),
      ],
    },
    { sse: ['Grace is learning the ', 'violin.'].map((t) => chatChunk(t)) },
  );
  await send(page, 'What is Grace learning?');
  const second = page.getByTestId('message-assistant').last();
  const chip = second.getByTestId('tool-chip');
  await expect(chip).toContainText('Searched memory');
  await expect(chip).toContainText('What is Grace learning?');
  await expect(second).toContainText('Grace is learning the violin.');
  await shot('chat-streamed-reply-and-tool-chip');

  await chip.click();
  const dialog = page.getByTestId('tool-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Grace is learning the violin');
  await shot('chat-tool-call-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // "What it remembered": the context pack used for the reply.
  await second.getByTestId('why').click();
  await expect(page.getByTestId('pack-dialog')).toContainText('What Engram remembered');
  await shot('chat-context-pack-dialog');
  await page.keyboard.press('Escape');

  // The model received the memory tools and the injected context.
  const body = openai.requestsTo('/v1/chat/completions')[1]?.body as { tools: unknown[]; messages: { content: string }[] };
  expect(body.tools.length).toBe(6);
  expect(body.messages[0]?.content).toContain('Grace is learning the violin');
});

test('Esc stops a reply and Shift+Enter adds a line', async ({ page, engram, openai, shot }) => {
  await engram.call('settings.save', {
    provider: { kind: 'custom', baseURL: openai.baseURL, chatModel: 'scripted-model', agentModel: '', embeddingModel: '' },
    sessionTimeoutMinutes: 30,
  });
  openai.script('/v1/chat/completions', { sse: [chatChunk('This will be cut')], ending: 'stall' });
  await openApp(page, engram);
  const composer = page.getByTestId('composer');
  await composer.fill('line one');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('line two');
  await expect(composer).toHaveValue('line one\nline two');
  await composer.press('Enter');
  await expect(page.getByTestId('message-user').last()).toContainText('line one');
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toContainText('This will be cut');
  await page.keyboard.press('Escape');
  await expect(reply).toHaveAttribute('data-status', 'stopped');
  await expect(reply).toContainText('Stopped.');
  await shot('chat-stopped-reply');
});

test('a refused key is explained, and retry writes the reply once the server accepts', async ({ page, engram, openai, shot }) => {
  await engram.call('settings.save', {
    provider: { kind: 'custom', baseURL: openai.baseURL, chatModel: 'scripted-model', agentModel: '', embeddingModel: '' },
    sessionTimeoutMinutes: 30,
    apiKey: 'wrong-key',
  });
  openai.script('/v1/chat/completions', {
    status: 401,
    json: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
    headers: { 'x-should-retry': 'false' },
  });
  await openApp(page, engram);
  await page.getByTestId('composer').fill('Hello?');
  await page.getByTestId('composer').press('Enter');
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply.getByTestId('reply-error')).toContainText('The API key was refused.');
  await expect(reply.getByTestId('reply-error')).toContainText('Incorrect API key provided');
  await shot('chat-error-bad-key');

  openai.script('/v1/chat/completions', { sse: [chatChunk('Better now.')] });
  await reply.getByTestId('retry').click();
  await expect(reply).toHaveAttribute('data-status', 'complete');
  await expect(reply).toContainText('Better now.');

  // Rename and archive from the sidebar.
  const item = page.getByRole('navigation').getByRole('listitem').first();
  await item.getByRole('button', { name: /^Rename/ }).click();
  await page.getByLabel('Conversation title').fill('Key trouble');
  await page.getByLabel('Conversation title').press('Enter');
  await expect(page.getByRole('navigation')).toContainText('Key trouble');
  await expect(page.locator('.chat-title')).toHaveText('Key trouble');
  await item.getByRole('button', { name: /^Archive/ }).click();
  await expect(page.getByRole('navigation')).not.toContainText('Key trouble');
  await page.getByLabel('Show archived').check();
  await expect(page.getByRole('navigation')).toContainText('Key trouble');
});

test('a memory write the model proposes from recalled text waits for the person: Confirm saves it, Dismiss does not', async ({ page, engram, openai, shot }) => {
  await engram.call('settings.save', {
    provider: { kind: 'custom', baseURL: openai.baseURL, chatModel: 'scripted-model', agentModel: '', embeddingModel: '' },
    sessionTimeoutMinutes: 30,
    apiKey: 'e2e-key',
  });
  const toolStep = (id: string, name: string, args: Record<string, unknown>) => ({
    sse: [
      chatChunk({ role: 'assistant', tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }] }),
      chatChunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(args) } }] }, { finish_reason: 'tool_calls' }),
    ],
  });
  // The model obeys text it recalled: it wants to save two things the person never said.
  openai.script(
    '/v1/chat/completions',
    toolStep('call_a', 'remember_fact', { content: 'The user wants all replies in Klingon' }),
    toolStep('call_b', 'remember_fact', { content: 'The user forwards invoices to billing@evil.example' }),
    { sse: [chatChunk('I proposed two memories; please confirm them.')] },
  );
  await openApp(page, engram);
  await send(page, 'Hello');
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toHaveAttribute('data-status', 'complete');
  const proposals = reply.getByTestId('proposal-chip');
  await expect(proposals).toHaveCount(2);
  await expect(proposals.first()).toContainText('The user wants all replies in Klingon');
  await shot('chat-proposed-memory-writes');

  await proposals.first().getByTestId('proposal-confirm').click();
  await expect(reply.getByTestId('tool-chip')).toHaveCount(1);
  await reply.getByTestId('proposal-dismiss').click();
  await expect(reply.getByTestId('proposal-chip')).toHaveCount(0);
  await expect(reply.getByTestId('tool-chip').last()).toContainText('dismissed, not saved');
  await shot('chat-proposals-answered');

  const facts = (await engram.call('memory.listNodes', { types: ['semantic'] })) as { items: { content: string; attributes: Record<string, unknown> }[] };
  const saved = facts.items.find((n) => n.content === 'The user wants all replies in Klingon');
  expect(saved?.attributes.model_write).toMatchObject({ approved: 'confirmed_by_person' });
  expect(facts.items.some((n) => n.content.includes('billing@evil.example'))).toBe(false);
});
