/**
 * The bridge: window.engram, one frozen object with exactly the contract's calls and events.
 * The renderer never sees ipcRenderer; unknown names are refused here before reaching main.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_EVENT_CHANNEL,
  isCallName,
  isEventName,
  ipcCallChannel,
  type EngramBridge,
  type Envelope,
  type EventMap,
  type EventName,
} from '../src-main/api/contract';

/** Main answers with the envelope as UTF-8 JSON bytes (see src-main/app/ipc.ts); a refusal comes as an object. */
function decode(answer: unknown): Envelope<unknown> {
  return answer instanceof Uint8Array ? (JSON.parse(new TextDecoder().decode(answer)) as Envelope<unknown>) : (answer as Envelope<unknown>);
}

const bridge: EngramBridge = {
  invoke(name, input) {
    if (!isCallName(name)) {
      const refused: Envelope<never> = { ok: false, error: { code: 'unknown_call', message: `There is no call named "${String(name)}"`, issues: [] } };
      return Promise.resolve(refused);
    }
    return ipcRenderer.invoke(ipcCallChannel(name), input).then(decode) as ReturnType<EngramBridge['invoke']>;
  },
  on<E extends EventName>(name: E, listener: (payload: EventMap[E]) => void) {
    if (!isEventName(name)) throw new Error(`There is no event named "${String(name)}"`);
    const wrapped = (_event: IpcRendererEvent, eventName: string, payload: EventMap[E]): void => {
      if (eventName === name) listener(payload);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('engram', Object.freeze(bridge));
