/**
 * The one place IPC handlers are registered: one `ipcMain.handle` per operation, each behind the same
 * sender check (the calling frame must be the explorer's own page), then the dispatcher (schema
 * check, handler, serialized errors). Registering twice is refused, so no operation ever has a
 * second, unchecked handler.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { OPERATION_NAMES } from '../shared/contract.ts';
import { ipcChannel, type Envelope } from '../shared/bridge.ts';
import { bridgeError } from '../shared/wire-error.ts';
import type { Dispatch } from './handlers.ts';

/** The explorer's own page: the app:// origin it is served from (or the dev server in development). */
export function trustedSender(origins: readonly string[]): (frameUrl: string | undefined) => boolean {
  return (frameUrl) => {
    if (frameUrl === undefined || frameUrl === '') return false;
    let origin: string;
    try {
      const url = new URL(frameUrl);
      origin = url.protocol === 'app:' ? `app://${url.host}` : url.origin;
    } catch {
      return false; // not a URL at all: certainly not our page
    }
    return origins.includes(origin);
  };
}

let registered = false;

/**
 * Registers every operation's handler on `ipcMain`; returns the function that removes them.
 *
 * @example registerIpc(ipcMain, services.dispatch, trustedSender(['app://explorer']))
 */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatch: Dispatch,
  isTrusted: (frameUrl: string | undefined) => boolean,
): () => void {
  if (registered) throw new Error('IPC handlers are already registered: register them once, at startup.');
  registered = true;
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(ipcChannel(name), async (event: IpcMainInvokeEvent, request: unknown): Promise<Envelope<unknown>> => {
      const frameUrl = event.senderFrame?.url;
      if (!isTrusted(frameUrl)) {
        console.warn(`IPC ${name} refused: sender ${frameUrl ?? '(no frame)'} is not the explorer's page.`);
        return { ok: false, error: bridgeError('forbidden_sender', 'Only the explorer\'s own page may call it.') };
      }
      return dispatch(name, request);
    });
  }
  return () => {
    for (const name of OPERATION_NAMES) ipcMain.removeHandler(ipcChannel(name));
    registered = false;
  };
}
