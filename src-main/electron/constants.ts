// Names shared by the Electron wiring and the preload (no electron import here).

/** The one IPC channel main pushes events on: payload { event, payload }. */
export const DESK_EVENT_CHANNEL = 'desk:event';

export interface DeskEventMessage {
  event: string;
  payload: unknown;
}
