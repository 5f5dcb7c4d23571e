// Which profile windows to reopen at start and where, as pure decisions over a
// small saved state (electron-store 'windows'): the open profiles in the order
// they were opened, and each profile's last window bounds.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowsState {
  /** profiles with a window at the last quit, in opening order */
  open: string[];
  /** last normal (not maximised) bounds per profile, and whether it was maximised */
  bounds: Record<string, Rect & { maximized?: boolean }>;
}

export const EMPTY_WINDOWS_STATE: WindowsState = { open: [], bounds: {} };

const isRect = (v: unknown): v is Rect =>
  !!v &&
  typeof v === 'object' &&
  ['x', 'y', 'width', 'height'].every((k) => Number.isFinite((v as Record<string, unknown>)[k]));

/** Reads a stored state, dropping anything malformed (a hand-edited file never breaks the start). */
export function readWindowsState(value: unknown): WindowsState {
  if (!value || typeof value !== 'object') return { open: [], bounds: {} };
  const v = value as Record<string, unknown>;
  const open = Array.isArray(v.open) ? [...new Set(v.open.filter((x): x is string => typeof x === 'string' && x !== ''))] : [];
  const bounds: WindowsState['bounds'] = {};
  if (v.bounds && typeof v.bounds === 'object') {
    for (const [id, b] of Object.entries(v.bounds as Record<string, unknown>)) {
      if (!isRect(b)) continue;
      const { x, y, width, height } = b;
      bounds[id] = { x, y, width, height, ...((b as { maximized?: unknown }).maximized === true ? { maximized: true } : {}) };
    }
  }
  return { open, bounds };
}

/** The profiles to open at start: the saved open ones that still exist, else the fallback (the Local workspace). */
export function profilesToReopen(state: WindowsState, existing: readonly string[], fallback: string): string[] {
  const known = new Set(existing);
  const reopen = state.open.filter((id) => known.has(id));
  return reopen.length > 0 ? reopen : [fallback];
}

/** A window was opened: it joins the open list (once). */
export function afterWindowOpened(state: WindowsState, id: string): WindowsState {
  return state.open.includes(id) ? state : { ...state, open: [...state.open, id] };
}

/**
 * A window was closed. While the app quits (or when it was the last window,
 * which quits the app on Windows and Linux) it stays in the open list, so the
 * next start shows it again; a window closed while others stay leaves the list.
 */
export function afterWindowClosed(state: WindowsState, id: string, o: { quitting: boolean; remaining: number }): WindowsState {
  if (o.quitting || o.remaining === 0) return state;
  return { ...state, open: state.open.filter((x) => x !== id) };
}

/** Records a window's bounds. */
export function withBounds(state: WindowsState, id: string, bounds: Rect, maximized: boolean): WindowsState {
  return { ...state, bounds: { ...state.bounds, [id]: { ...bounds, ...(maximized ? { maximized: true } : {}) } } };
}

/** A profile removed: forgotten in the state too. */
export function withoutProfile(state: WindowsState, id: string): WindowsState {
  const { [id]: _gone, ...bounds } = state.bounds;
  return { open: state.open.filter((x) => x !== id), bounds };
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

export interface Size {
  width: number;
  height: number;
}

/** How much of a window's top must be on a display to be reachable (grab the title bar). */
export const MIN_VISIBLE = { width: 120, height: 40 };

/**
 * Saved bounds made safe for the displays there are now: kept when the top strip
 * of the window lies on a display's work area (shrunk to fit that display, moved
 * inside it), else null (the caller centres a default window). Sizes never go
 * below the window's minimum.
 */
export function fitBounds(saved: Rect | undefined, workAreas: readonly Rect[], min: Size): Rect | null {
  if (!saved || !isRect(saved) || saved.width <= 0 || saved.height <= 0) return null;
  const titleStrip: Rect = { x: saved.x, y: saved.y, width: saved.width, height: Math.min(saved.height, MIN_VISIBLE.height) };
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const o = overlap(titleStrip, area);
    if (o.width >= Math.min(MIN_VISIBLE.width, saved.width) && o.height >= Math.min(MIN_VISIBLE.height, saved.height) && o.width * o.height > bestArea) {
      best = area;
      bestArea = o.width * o.height;
    }
  }
  if (!best) return null;
  const width = Math.max(min.width, Math.min(saved.width, best.width));
  const height = Math.max(min.height, Math.min(saved.height, best.height));
  const x = Math.min(Math.max(saved.x, best.x), best.x + Math.max(0, best.width - width));
  const y = Math.min(Math.max(saved.y, best.y), best.y + Math.max(0, best.height - height));
  return { x, y, width, height };
}

/** The window title of a profile: `SEO Matrix Console - <profile> (<tenant>)`. */
export function windowTitle(profileName: string, tenantId: string): string {
  return `SEO Matrix Console - ${profileName} (${tenantId})`;
}
