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

/** resolveHandlers: the handlers of the window whose webContents sent the call, or null for an unknown sender. */
export function registerIpc(resolveHandlers: (webContentsId: number) => Handlers | null): () => void {
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, (event, req: unknown) => {
      const handlers = resolveHandlers(event.sender.id);
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
