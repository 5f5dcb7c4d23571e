// The ONLY module that touches ipcRenderer. It exposes one object, `desk`,
// built from the contract's channel list: nothing else of Electron or Node
// reaches the renderer.

import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  DESK_EVENT_CHANNEL,
  IPC_CHANNELS,
  IPC_EVENTS,
  type Desk,
  type DeskEventMessage,
  type EventContract,
  type EventName,
} from '../src-shared/ipc';

const channels = new Set<string>(IPC_CHANNELS);
const events = new Set<string>(IPC_EVENTS);

const desk: Desk = {
  invoke(channel, req) {
    if (!channels.has(channel)) {
      return Promise.resolve({ ok: false, error: { code: 404, message: `unknown channel ${String(channel)}` } });
    }
    return ipcRenderer.invoke(channel, req);
  },
  on<E extends EventName>(event: E, listener: (payload: EventContract[E]) => void) {
    if (!events.has(event)) return () => {};
    const handler = (_e: IpcRendererEvent, message: DeskEventMessage) => {
      if (message && message.event === event) listener(message.payload as EventContract[E]);
    };
    ipcRenderer.on(DESK_EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(DESK_EVENT_CHANNEL, handler);
    };
  },
  pathForFile(file) {
    try {
      return webUtils.getPathForFile(file) || null;
    } catch {
      return null;
    }
  },
};

contextBridge.exposeInMainWorld('desk', desk);
