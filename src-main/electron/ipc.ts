// The ONLY module that touches ipcMain. Every channel of the contract is
// registered generically and answered through dispatch(); the handlers are
// those of the window (workspace) that sent the call.

import { ipcMain, type WebContents } from 'electron';
import {
  DESK_EVENT_CHANNEL,
  IPC_CHANNELS,
  type DeskEventMessage,
  type EventContract,
  type EventName,
} from '../../src-shared/ipc';
import { dispatch, type Handlers } from '../ipc/handlers';

/** resolveHandlers: the handlers of the window (profile) whose webContents sent the call, or null for an unknown sender. */
export function registerIpc(resolveHandlers: (webContentsId: number) => Handlers | null | Promise<Handlers | null>): () => void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, async (event, req: unknown) => {
      let handlers: Handlers | null;
      try {
        handlers = await resolveHandlers(event.sender.id);
      } catch (e) {
        // the profile's workspace could not start (e.g. its CA file is gone)
        return { ok: false, error: { code: 500, message: e instanceof Error ? e.message : String(e) } };
      }
      // only the app's own top-level frame may call main
      if (!handlers || (event.senderFrame && event.senderFrame.parent !== null)) {
        return { ok: false, error: { code: 403, message: 'caller not allowed' } };
      }
      return dispatch(handlers, channel, req);
    });
  }
  return () => {
    for (const channel of IPC_CHANNELS) ipcMain.removeHandler(channel);
  };
}

export function sendEvent<E extends EventName>(webContents: WebContents, event: E, payload: EventContract[E]): void {
  if (webContents.isDestroyed()) return;
  const message: DeskEventMessage = { event, payload };
  webContents.send(DESK_EVENT_CHANNEL, message);
}
