/** Retract by source through the API contract the UI uses: zod at the boundary, typed errors, chat and message sources. */
import { describe, expect, it } from 'vitest';
import { openTestHost, type TestHost } from '../../helpers/app-host';
import type { RetractPreview, RetractResult } from '../../../src-shared/retract-types';

async function call<T>(t: TestHost, name: string, input: unknown): Promise<T> {
  const res = await t.host.dispatch(name, input);
  if (!res.ok) throw Object.assign(new Error(res.error.message), { code: res.error.code });
  return res.value as T;
}

describe('memory.retract* calls', () => {
  it('previews, retracts and undoes what a chat taught; a message of it alone can be retracted too', async () => {
    const t = openTestHost();
    const chat = t.host.chat.create();
    const { assistantMessage } = await t.host.chat.send(chat.id, 'My bike is a green Brompton');
    await t.host.chat.waitForReply(assistantMessage.id);
    await t.host.memory.flush();
    const userMessage = t.host.chat.messages(chat.id).find((m) => m.role === 'user');
    const fact = t.host.memory.rememberFact({ content: 'User rides a green Brompton', derivedFrom: [userMessage?.episodeId as string] });

    const byMessage = await call<RetractPreview>(t, 'memory.retractPreview', { kind: 'message', ref: userMessage?.id });
    expect(byMessage.forgotten.map((f) => f.id)).toEqual([fact]);
    const preview = await call<RetractPreview>(t, 'memory.retractPreview', { kind: 'chat', ref: chat.id });
    expect(preview.forgotten.map((f) => f.content)).toEqual(['User rides a green Brompton']);
    expect(preview.episodes.length).toBeGreaterThanOrEqual(1);

    const done = await call<RetractResult>(t, 'memory.retract', { kind: 'chat', ref: chat.id });
    expect(done.counts.forgotten).toBe(1);
    expect(t.host.memory.getNode(fact).node.validUntil).not.toBeNull();
    expect((await call<unknown[]>(t, 'memory.retractions', {})).length).toBe(1);
    await call(t, 'memory.undoRetract', { retractionId: done.retractionId });
    expect(t.host.memory.getNode(fact).node.validUntil).toBeNull();
    expect(await call<unknown[]>(t, 'memory.retractions', {})).toEqual([]);
  });

  it('answers bad input and unknown sources with typed errors', async () => {
    const t = openTestHost();
    await expect(call(t, 'memory.retractPreview', { kind: 'everything', ref: 'x' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call(t, 'memory.retractPreview', { kind: 'chat', ref: '' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(call(t, 'memory.retract', { kind: 'origin', ref: 'Nobody' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(call(t, 'memory.undoRetract', { retractionId: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });
});
