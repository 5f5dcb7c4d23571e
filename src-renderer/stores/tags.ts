// The tag bar: pages opened in this session, /wel/index always first.
import { create } from 'zustand';
import { HOME_PATH } from '../router/guard';
import { closeAll, closeOthers, closeTag, openTag, tagsAfterNavigation } from '../router/tags';
import type { GuardInput } from '../router/guard';

interface TagsState {
  tags: string[];
  open(path: string): void;
  /** the console arrived at (or is going to) a location: opens its tab when the guard says it is one */
  arrive(input: GuardInput): void;
  /** closes a tag; returns the path to show next if the closed one was active */
  close(path: string, active: string): string | null;
  reset(): void;
  closeOthers(keep: string): void;
  closeAll(): void;
  /** replaces the list with saved tabs (the home tab stays first) */
  restore(saved: string[]): void;
}

export const useTags = create<TagsState>((set, get) => ({
  tags: [HOME_PATH],
  open: (path) => set({ tags: openTag(get().tags, path) }),
  arrive(input) {
    const tags = tagsAfterNavigation(get().tags, input);
    if (tags !== get().tags) set({ tags });
  },
  close(path, active) {
    const { tags, next } = closeTag(get().tags, path, active);
    set({ tags });
    return next;
  },
  reset: () => set({ tags: [HOME_PATH] }),
  closeOthers: (keep) => set({ tags: closeOthers(get().tags, keep) }),
  closeAll: () => set({ tags: closeAll() }),
  restore: (saved) => set({ tags: saved.reduce<string[]>((acc, p) => openTag(acc, p), [HOME_PATH]) }),
}));
