// Menu path -> lazily loaded screen. A CRUD screen is a definition module
// rendered by the one generic CrudPage; special screens register a component.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenDef } from '../crud/types';

type Screen = LazyExoticComponent<ComponentType>;

/** A declarative CRUD screen: the definition and the generic page load together. */
function crud(load: () => Promise<{ default: ScreenDef }>): Screen {
  return lazy(async () => {
    const [{ CrudPage }, def] = await Promise.all([import('../crud/CrudPage'), load()]);
    const screen = def.default;
    return { default: () => <CrudPage def={screen} /> };
  });
}

const SCREENS: Record<string, Screen> = {
  '/system/param': crud(() => import('./system/param')),
};

/** The screen for a menu path, or null when this version has none yet. */
export function screenFor(path: string): Screen | null {
  return SCREENS[path] ?? null;
}
