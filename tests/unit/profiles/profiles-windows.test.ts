// One window per profile: which windows come back at start, which leave the
// list when closed, and saved bounds made safe for the displays there are now.

import { describe, expect, it } from 'vitest';
import {
  afterWindowClosed,
  afterWindowOpened,
  fitBounds,
  profilesToReopen,
  readWindowsState,
  windowTitle,
  withBounds,
  withoutProfile,
} from '../../../src-main/services/WindowState';

const MIN = { width: 1024, height: 640 };
const primary = { x: 0, y: 0, width: 1920, height: 1040 };
const right = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('open profiles across restarts', () => {
  it('reopens the profiles that were open at quit, in order, skipping removed ones; the Local workspace otherwise', () => {
    let state = readWindowsState(undefined);
    state = afterWindowOpened(state, 'local');
    state = afterWindowOpened(state, 'prod');
    state = afterWindowOpened(state, 'prod');
    state = afterWindowOpened(state, 'test');
    expect(state.open).toEqual(['local', 'prod', 'test']);
    // closing one window while others stay: it will not come back
    state = afterWindowClosed(state, 'local', { quitting: false, remaining: 2 });
    // quitting closes the others: they stay in the list
    state = afterWindowClosed(state, 'prod', { quitting: true, remaining: 1 });
    state = afterWindowClosed(state, 'test', { quitting: true, remaining: 0 });
    expect(profilesToReopen(state, ['local', 'prod', 'test'], 'local')).toEqual(['prod', 'test']);
    // the last window closed (Windows/Linux quit with it) stays too
    expect(afterWindowClosed({ open: ['prod'], bounds: {} }, 'prod', { quitting: false, remaining: 0 }).open).toEqual(['prod']);
    // a profile removed meanwhile is not reopened; nothing left: the fallback
    expect(profilesToReopen(state, ['local', 'test'], 'local')).toEqual(['test']);
    expect(profilesToReopen(state, ['local'], 'local')).toEqual(['local']);
    expect(profilesToReopen(withoutProfile(state, 'prod'), ['local', 'prod', 'test'], 'local')).toEqual(['test']);
  });

  it('reads a hand-edited or broken state without failing', () => {
    expect(readWindowsState('nonsense')).toEqual({ open: [], bounds: {} });
    expect(
      readWindowsState({ open: ['a', 3, '', 'a', 'b'], bounds: { a: { x: 1, y: 2, width: 1200, height: 800, maximized: true }, b: { x: 'no' }, c: null } }),
    ).toEqual({ open: ['a', 'b'], bounds: { a: { x: 1, y: 2, width: 1200, height: 800, maximized: true } } });
    const s = withBounds({ open: [], bounds: {} }, 'p', { x: 5, y: 6, width: 1300, height: 700 }, false);
    expect(s.bounds.p).toEqual({ x: 5, y: 6, width: 1300, height: 700 });
    expect(withoutProfile(s, 'p').bounds).toEqual({});
  });
});

describe('window bounds against the displays', () => {
  it('keeps bounds that are on a display, on any display', () => {
    expect(fitBounds({ x: 100, y: 80, width: 1400, height: 900 }, [primary, right], MIN)).toEqual({ x: 100, y: 80, width: 1400, height: 900 });
    expect(fitBounds({ x: 2100, y: 100, width: 1600, height: 1000 }, [primary, right], MIN)).toEqual({ x: 2100, y: 100, width: 1600, height: 1000 });
  });

  it('drops bounds on a display that is gone, or with the title bar out of reach', () => {
    // saved on the right-hand monitor, now unplugged
    expect(fitBounds({ x: 2100, y: 100, width: 1600, height: 1000 }, [primary], MIN)).toBeNull();
    // title bar above the top of every display
    expect(fitBounds({ x: 100, y: -600, width: 1400, height: 900 }, [primary], MIN)).toBeNull();
    // only a sliver on screen
    expect(fitBounds({ x: 1880, y: 100, width: 1400, height: 900 }, [primary], MIN)).toBeNull();
    expect(fitBounds(undefined, [primary], MIN)).toBeNull();
    expect(fitBounds({ x: 0, y: 0, width: 0, height: 500 }, [primary], MIN)).toBeNull();
  });

  it('shrinks a window larger than its display and moves it inside, never below the minimum size', () => {
    // saved on a big monitor, now on a laptop: shrunk and moved in
    expect(fitBounds({ x: 1000, y: 50, width: 2400, height: 1350 }, [primary], MIN)).toEqual({ x: 0, y: 50 - 50, width: 1920, height: 1040 });
    // partly off the right edge: moved left so all of it shows
    expect(fitBounds({ x: 1500, y: 100, width: 1200, height: 800 }, [primary], MIN)).toEqual({ x: 720, y: 100, width: 1200, height: 800 });
    // a tiny display: the minimum wins
    expect(fitBounds({ x: 0, y: 0, width: 1200, height: 800 }, [{ x: 0, y: 0, width: 800, height: 600 }], MIN)).toEqual({ x: 0, y: 0, width: 1024, height: 640 });
  });

  it('titles the window with the profile and tenant', () => {
    expect(windowTitle('生产环境', '100001')).toBe('SEO Matrix Console - 生产环境 (100001)');
  });
});
