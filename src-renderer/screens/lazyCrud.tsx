// Screens loaded on first use, without React.lazy: a screen's code can be loaded
// ahead of its first open (`preload`, used by the idle prefetcher) and a loaded
// screen renders in the same frame that shows it. React 19 holds back the reveal
// of a suspended lazy component by ~300 ms (its Suspense fallback throttle), so
// a screen opened before its code is loaded shows the table frame (ScreenFrame)
// and renders itself once the code is there, with no Suspense in between.
// A CRUD screen (definition module + the one generic CrudPage) can also `warm`:
// fetch its first page and its columns' options before it is opened.
import { useEffect, useState, type ComponentType } from 'react';
import type { ScreenDef } from '../crud/types';
import { ScreenFrame } from '../components/ScreenFrame';

export interface Screen {
  (): React.ReactNode;
  /** loads the screen's code (once); resolves when it can render at once */
  preload(): Promise<void>;
  /**
   * its code is large (a chart library): the idle prefetcher loads it after every other screen, as evaluating it
   * holds the main thread long enough to delay a click on another screen soon after sign-in
   */
  heavy?: boolean;
  /** CRUD screens: fetches the first page and the columns' options ahead of the first open */
  warm?(): Promise<void>;
}

export function preloadable(load: () => Promise<ComponentType>, options: { heavy?: boolean } = {}): Screen {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (e: unknown) => {
        pending = null; // a later open tries again
        throw e;
      },
    ));
  function PreloadableScreen() {
    const [, setLoaded] = useState(Loaded !== null);
    const [error, setError] = useState<unknown>(null);
    useEffect(() => {
      if (Loaded) return;
      let alive = true;
      preload().then(
        () => alive && setLoaded(true),
        (e: unknown) => alive && setError(e),
      );
      return () => {
        alive = false;
      };
    }, []);
    if (error) throw error; // to the page's error boundary
    return Loaded ? <Loaded /> : <ScreenFrame />;
  }
  return Object.assign(PreloadableScreen, { preload, ...(options.heavy ? { heavy: true } : {}) });
}

/** A declarative CRUD screen: its definition module and the generic CrudPage. */
export function crud(load: () => Promise<{ default: ScreenDef }>): Screen {
  let def: ScreenDef | null = null;
  const screen = preloadable(async () => {
    const [{ CrudPage }, module] = await Promise.all([import('../crud/CrudPage'), load()]);
    const loaded = module.default;
    def = loaded;
    return function CrudScreen() {
      return <CrudPage def={loaded} />;
    };
  });
  const warm = async (): Promise<void> => {
    await screen.preload();
    const [{ warmFirstPage }, { warmColumnOptions }, { warmSideTree }] = await Promise.all([
      import('../crud/firstPage'),
      import('../crud/useOptions'),
      import('../crud/sideTreeData'),
    ]);
    // the first page and a side tree's nodes (用户管理's departments) at once, not one after the other
    await Promise.all([warmFirstPage(def!), warmColumnOptions(def!.columns), def!.sideTree ? warmSideTree(def!.sideTree.url) : undefined]);
  };
  return Object.assign(screen, { warm });
}
