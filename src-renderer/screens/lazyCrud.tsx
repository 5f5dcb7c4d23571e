// A declarative CRUD screen, loaded lazily: the definition module and the one
// generic CrudPage load together when the screen is first opened.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenDef } from '../crud/types';

export type Screen = LazyExoticComponent<ComponentType>;

export function crud(load: () => Promise<{ default: ScreenDef }>): Screen {
  return lazy(async () => {
    const [{ CrudPage }, def] = await Promise.all([import('../crud/CrudPage'), load()]);
    const screen = def.default;
    return { default: () => <CrudPage def={screen} /> };
  });
}
