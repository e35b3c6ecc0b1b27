/**
 * The contract over Electron IPC: one ipcMain.handle per call, events pushed on one channel. Only frames of
 * our own renderer may call; the input is validated by the shared dispatch, like in browser mode.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CALL_NAMES, IPC_EVENT_CHANNEL, ipcCallChannel, type EventMap, type EventName } from '../api/contract';
import type { HostTransport } from '../host/host-transport';

/**
 * Answers cross as UTF-8 JSON bytes (the preload decodes them): the engine's worker serialises them and
 * transfers the bytes, so the main process copies a buffer instead of cloning a big object graph twice.
 */
export function registerIpc(host: Pick<HostTransport, 'dispatchJson'>, isTrustedUrl: (url: string) => boolean): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(ipcCallChannel(name), (event: IpcMainInvokeEvent, input: unknown) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedUrl(url)) {
        return { ok: false, error: { code: 'forbidden', message: `Calls from ${url || 'an unknown frame'} are refused`, issues: [] } };
      }
      return host.dispatchJson(name, input);
    });
  }
  return () => {
    for (const name of CALL_NAMES) ipcMain.removeHandler(ipcCallChannel(name));
  };
}

export function pushEvent<E extends EventName>(win: BrowserWindow | null, name: E, payload: EventMap[E]): void {
  if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, name, payload);
}
