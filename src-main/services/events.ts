// A tiny typed event hub: services emit, the hosts (Electron windows, the
// browser-mode SSE stream) subscribe.

import type { EventContract, EventName } from '../../src-shared/ipc';

export type DeskEventListener = <E extends EventName>(event: E, payload: EventContract[E]) => void;

export interface EventHub {
  emit<E extends EventName>(event: E, payload: EventContract[E]): void;
  /** returns the unsubscribe function */
  subscribe(listener: DeskEventListener): () => void;
}

export function createEventHub(): EventHub {
  const listeners = new Set<DeskEventListener>();
  return {
    emit(event, payload) {
      for (const l of [...listeners]) {
        try {
          l(event, payload);
        } catch {
          // one broken subscriber must not stop the others
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
