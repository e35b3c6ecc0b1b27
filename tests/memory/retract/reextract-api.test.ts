/** Re-extract through the API contract the UI uses: preview, apply exactly it, undo; typed errors for bad input. */
import { describe, expect, it } from 'vitest';
import { openTestHost, type TestHost } from '../../helpers/app-host';
import type { ReextractPreview, ReextractResult } from '../../../src-shared/reextract-types';

async function call<T>(t: TestHost, name: string, input: unknown): Promise<T> {
  const res = await t.host.dispatch(name, input);
  if (!res.ok) throw Object.assign(new Error(res.error.message), { code: res.error.code });
  return res.value as T;
}

describe('memory.reextract* calls', () => {
  it('previews a chat session read again, applies exactly that preview once, and memory.undoRetract reverts it', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    const { assistantMessage } = await t.host.chat.send(chat.id, 'I moved to Lisbon last year.');
    await t.host.chat.waitForReply(assistantMessage.id);
    await t.host.memory.flush();
    const episodeId = t.host.chat.messages(chat.id).find((m) => m.role === 'user')?.episodeId as string;
    const sessionId = t.host.memory.getNode(episodeId).node.sessionId as string;
    const dog = t.host.memory.rememberFact({ content: 'User owns a dog', derivedFrom: [episodeId] });

    const preview = await call<ReextractPreview>(t, 'memory.reextractPreview', { sessionId, offline: true });
    expect(preview).toMatchObject({ sessionId, mode: 'offline', empty: false });
    expect(preview.dropped).toEqual([{ id: dog, content: 'User owns a dog' }]);
    expect(t.host.memory.getNode(dog).node.validUntil).toBeNull();

    const done = await call<ReextractResult>(t, 'memory.reextractApply', { previewId: preview.previewId });
    expect(done).toMatchObject({ sessionId, dropped: 1 });
    expect(t.host.memory.getNode(dog).node.validUntil).not.toBeNull();
    await expect(call(t, 'memory.reextractApply', { previewId: preview.previewId })).rejects.toMatchObject({ code: 'not_found' });

    await call(t, 'memory.undoRetract', { retractionId: done.retractionId });
    expect(t.host.memory.getNode(dog).node.validUntil).toBeNull();
  });

  it('answers bad input and unknown sessions with typed errors', async () => {
    const t = openTestHost();
    await expect(call(t, 'memory.reextractPreview', { sessionId: '' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call(t, 'memory.reextractPreview', { sessionId: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(call(t, 'memory.reextractApply', { previewId: 'x' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call(t, 'memory.reextractApply', { previewId: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
