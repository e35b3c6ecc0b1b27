/**
 * The visible outcome of consolidation (issue 14): after a run the sidebar says what was learned, with a link
 * into the inspector, and the Overview says the same; a failure shows its reason where the person looks, with
 * Retry. Overview → "Run maintenance now" (issue 11) runs the nightly sweep with live progress and says what it did.
 */
import { chatChunk, chatCompletion, openAIError, type RecordedRequest, type ScriptStep } from '../tests/helpers/scripted-openai-server';
import { memoryAgent, taskOf } from '../tests/helpers/scripted-memory-agent';
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

test('Overview: "Run maintenance now" from the keyboard shows progress, then what the sweep did, and a failing step', async ({ page, engram, openai, shot }) => {
  await engram.call('settings.save', {
    provider: { kind: 'custom', baseURL: openai.baseURL, chatModel: 'scripted-model', agentModel: '', embeddingModel: '' },
    sessionTimeoutMinutes: 30,
    apiKey: 'e2e-key',
  });
  // The memory agent answers entity summaries only once the test lets it, so the sweep's progress can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let failing = false;
  const agent = memoryAgent();
  openai.setDefault('/v1/chat/completions', async (request: RecordedRequest): Promise<ScriptStep> => {
    if (failing) return openAIError(500, 'the GPU is on fire');
    if (taskOf(request) === 'entity_summaries') await held;
    return agent(request);
  });
  const ana = await engram.call<{ id: string }>('entity.create', { name: 'Ana', type: 'person' });
  for (const content of ['Ana lives in Warsaw', 'Ana is a nurse', 'Ana plays the cello']) {
    // Facts the write path learned (one typed in by hand counts as confirmed and does not decay).
    await engram.call('memory.rememberFact', { content, entityIds: [ana.id], sourceType: 'extraction' });
  }

  await openApp(page, engram);
  await page.getByTestId('open-inspector').click();
  await page.getByTestId('tab-overview').click();
  const section = page.getByTestId('overview-maintenance');
  await expect(section.getByTestId('last-maintenance')).toHaveText('never');
  const button = section.getByTestId('run-maintenance');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('maintenance-progress')).toContainText('Updating entity summaries');
  await expect(button).toHaveText('Running maintenance…');
  await expect(button).toBeFocused();
  await shot('maintenance-running');
  // Leaving the Overview and coming back mid-sweep: the status says where the sweep is.
  await page.getByTestId('tab-graph').click();
  await page.getByTestId('tab-overview').click();
  await expect(section.getByTestId('maintenance-progress')).toContainText('Updating entity summaries');
  await expect(button).toHaveText('Running maintenance…');

  release();
  const result = section.getByTestId('maintenance-result');
  await expect(result).toContainText('Maintenance finished.', { timeout: 20_000 });
  await expect(result.getByTestId('maintenance-sessions')).toHaveText('No conversation was waiting to be consolidated.');
  await expect(result.getByTestId('maintenance-decay')).toContainText('Re-scored 3 facts');
  await expect(result).toContainText('Updated 1 entity summary.');
  await expect(result).toContainText('Wrote the weekly reflection.');
  await expect(page.getByTestId('toast').last()).toContainText('Maintenance done: no conversation waiting, nothing pruned');
  await expect(section.getByTestId('last-maintenance')).not.toHaveText('never');
  await expect(button).toHaveText('Run maintenance now');
  await result.scrollIntoViewIfNeeded();
  await shot('maintenance-done');

  // A failing model: the sweep still decays, and the step that failed says why.
  failing = true;
  await engram.call('memory.rememberFact', { content: 'Ana moved to Gdańsk', entityIds: [ana.id], sourceType: 'extraction' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(result.getByTestId('maintenance-step-error')).toContainText('Updating entity summaries failed: the model server failed', { timeout: 20_000 });
  await expect(result).toContainText('Maintenance finished; 1 step failed.');
  await expect(result).not.toContainText('No entity summary needed updating');
  await expect(result.getByTestId('maintenance-decay')).toContainText('Re-scored 4 facts');
  await expect(page.getByTestId('toast').last()).toContainText('1 step failed');
  await result.scrollIntoViewIfNeeded();
  await shot('maintenance-step-failed');
});
