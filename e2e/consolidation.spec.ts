/**
 * The visible outcome of consolidation (issue 14): after a run the sidebar says what was learned, with a link
 * into the inspector, and the Overview says the same; a failure shows its reason where the person looks, with
 * Retry.
 */
import { chatChunk, chatCompletion, type RecordedRequest } from '../tests/helpers/scripted-openai-server';
import { memoryAgent } from '../tests/helpers/scripted-memory-agent';
import { expect, openApp, send, test } from './fixtures';

test('offline: the sidebar and Overview say what was learned, and View opens it in the inspector', async ({ page, engram, shot }) => {
  await openApp(page, engram);
  await send(page, 'I moved to Kraków last month. My sister Ana lives in Warsaw.');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'offline');
  await page.getByTestId('consolidate-now').click();
  const outcome = page.getByTestId('consolidation-outcome');
  await expect(outcome).toBeVisible({ timeout: 20_000 });
  await expect(outcome).toContainText(/Learned 3 facts, 1 person, 2 new entities/);
  await shot('consolidation-learned-sidebar');

  await page.getByTestId('consolidation-view').click();
  await expect(page.getByTestId('node-panel')).toBeVisible();
  await expect(page.getByTestId('node-panel')).toContainText(/User lives in Kraków|Ana/);
  await shot('consolidation-learned-in-inspector');

  await page.getByTestId('tab-overview').click();
  await expect(page.getByTestId('overview-consolidation-outcome')).toContainText('learned 3 facts, 1 person, 2 new entities');
  await shot('consolidation-overview');
});

test('a failing model: the reason in the sidebar and Overview, and Retry consolidates once it answers', async ({ page, engram, openai, shot }) => {
  await engram.call('settings.save', {
    provider: { kind: 'custom', baseURL: openai.baseURL, chatModel: 'scripted-model', agentModel: '', embeddingModel: '' },
    sessionTimeoutMinutes: 30,
    apiKey: 'e2e-key',
  });
  let modelWorks = false;
  const agent = memoryAgent();
  openai.setDefault('/v1/chat/completions', (request: RecordedRequest) => {
    const body = request.body as { stream?: boolean };
    if (body.stream) return { sse: [chatChunk('Noted, congratulations on the move!')] };
    return modelWorks ? agent(request) : { json: chatCompletion('Sorry, I can only answer in prose today.') };
  });
  await openApp(page, engram);
  await send(page, 'I moved to Lisbon last month.');
  await expect(page.getByTestId('message-assistant').last()).toHaveAttribute('data-status', 'complete');
  await page.getByTestId('consolidate-now').click();
  const failed = page.getByTestId('consolidation-failed');
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(failed).toContainText("Consolidation failed: the model's answer was unusable");
  await shot('consolidation-failed-sidebar');

  await page.getByTestId('open-inspector').click();
  await page.getByTestId('tab-overview').click();
  await expect(page.getByTestId('overview-consolidation-failed')).toContainText("the model's answer was unusable");
  await shot('consolidation-failed-overview');
  await page.getByTestId('inspector-close').click();

  modelWorks = true;
  await page.getByTestId('consolidation-retry').click();
  await expect(failed).toBeHidden({ timeout: 20_000 });
  await expect(page.getByTestId('consolidation-outcome')).toContainText('Learned 1 fact');
  await shot('consolidation-retried');
});
