// Records opened lately (a screen's view / edit dialog): listed by the command
// palette, saved for the profile through recent:get / recent:save.
import { create } from 'zustand';
import type { RecentRecord } from '../../src-shared/ipc';
import { call } from '../platform/bridge';

/** How many records are kept (main refuses more). */
export const RECENT_LIMIT = 30;

/** Adds a record in front; the same screen and id only once. */
export function addRecent(list: readonly RecentRecord[], record: RecentRecord, limit = RECENT_LIMIT): RecentRecord[] {
  return [record, ...list.filter((r) => !(r.path === record.path && r.id === record.id))].slice(0, limit);
}

interface RecentState {
  records: RecentRecord[];
  /** a record the palette asked to show: its screen opens the view dialog, then takes it */
  pending: { path: string; id: string } | null;
  load(): Promise<void>;
  add(record: Omit<RecentRecord, 'time'>): void;
  request(path: string, id: string): void;
  /** the screen at `path` takes the pending request (null when none for it) */
  take(path: string): string | null;
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

export const useRecent = create<RecentState>((set, get) => ({
  records: [],
  pending: null,
  async load() {
    try {
      set({ records: await call('recent:get') });
    } catch {
      // no saved records: start empty
    }
  },
  add(record) {
    const records = addRecent(get().records, { ...record, time: Date.now() });
    set({ records });
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void call('recent:save', { records: get().records }).catch(() => undefined), 150);
  },
  request: (path, id) => set({ pending: { path, id } }),
  take(path) {
    const p = get().pending;
    if (!p || p.path !== path) return null;
    set({ pending: null });
    return p.id;
  },
}));
