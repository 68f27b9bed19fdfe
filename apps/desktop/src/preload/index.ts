/**
 * The preload: exposes `window.econdata` through contextBridge with one named function per contract
 * operation and an event subscription. No ipcRenderer, no channel name and no Electron event object
 * reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { OPERATION_NAMES } from '../shared/contract.ts';
import { EVENT_CHANNEL, ipcChannel, type BridgeEvent, type PreloadApi } from '../shared/bridge.ts';

const operations = Object.fromEntries(
  OPERATION_NAMES.map((name) => [name, (request: unknown) => ipcRenderer.invoke(ipcChannel(name), request)]),
) as unknown as PreloadApi['operations'];

const api: PreloadApi = {
  operations: Object.freeze(operations),
  onEvent(fn) {
    const listener = (_event: IpcRendererEvent, payload: BridgeEvent): void => fn(payload);
    ipcRenderer.on(EVENT_CHANNEL, listener);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, listener);
    };
  },
};

contextBridge.exposeInMainWorld('econdata', api);
