/**
 * The contract over Electron IPC: one ipcMain.handle per call, events pushed on one channel. Only frames of
 * our own renderer may call; the input is validated by the shared dispatch, like in browser mode. A few calls
 * need the window itself (a native file dialog) and are answered here in the main process instead of the host.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { CALL_NAMES, IPC_EVENT_CHANNEL, calls, ipcCallChannel, type CallName, type CallOutput, type Envelope, type EventMap, type EventName, type ParsedInput } from '../api/contract';
import { invalidInput, toApiError } from '../api/errors';
import type { HostTransport } from '../host/host-transport';

/** Calls the main process answers itself, given the validated input and the asking renderer. */
export type MainProcessCalls = { [K in CallName]?: (input: ParsedInput<K>, sender: WebContents) => Promise<CallOutput<K>> };

/** Validates like the host's dispatch, then answers with the envelope as a plain object (the preload takes both). */
async function answerHere(name: CallName, answer: (input: unknown, sender: WebContents) => Promise<unknown>, input: unknown, sender: WebContents): Promise<Envelope<unknown>> {
  const parsed = calls[name].input.safeParse(input ?? {});
  if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
  try {
    return { ok: true, value: await answer(parsed.data, sender) };
  } catch (err) {
    return { ok: false, error: toApiError(err) };
  }
}

/**
 * Answers cross as UTF-8 JSON bytes (the preload decodes them): the engine's worker serialises them and
 * transfers the bytes, so the main process copies a buffer instead of cloning a big object graph twice.
 */
export function registerIpc(host: Pick<HostTransport, 'dispatchJson'>, isTrustedUrl: (url: string) => boolean, answeredHere: MainProcessCalls = {}): () => void {
  for (const name of CALL_NAMES) {
    const local = answeredHere[name] as ((input: unknown, sender: WebContents) => Promise<unknown>) | undefined;
    ipcMain.handle(ipcCallChannel(name), (event: IpcMainInvokeEvent, input: unknown) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedUrl(url)) {
        return { ok: false, error: { code: 'forbidden', message: `Calls from ${url || 'an unknown frame'} are refused`, issues: [] } };
      }
      return local ? answerHere(name, local, input, event.sender) : host.dispatchJson(name, input);
    });
  }
  return () => {
    for (const name of CALL_NAMES) ipcMain.removeHandler(ipcCallChannel(name));
  };
}

export function pushEvent<E extends EventName>(win: BrowserWindow | null, name: E, payload: EventMap[E]): void {
  if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, name, payload);
}
