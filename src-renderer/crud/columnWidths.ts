// Column widths of the shared list table, decided from what the columns hold:
// - every data column is at least as wide as its header text (a header is never cut);
// - it would like to be as wide as its longest value on the page (capped), and
//   data columns share the table's width in proportion to that wish;
// - the action column is exactly as wide as its buttons;
// - a horizontal scroll appears only when the headers alone do not fit.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** antd's middle-size cell: 8 px padding either side, plus a border */
const CELL = 18;
/** longest a column may ask for from its values (longer values get an ellipsis and a tooltip) */
const MAX_WISH = 360;
/** a link button of size small: 7 px padding either side, plus its border */
const LINK_BUTTON = 16;

let context: CanvasRenderingContext2D | null | undefined;
/**
 * the page's font family, read as this module loads (during the idle prefetch, as a rule): read in a
 * render, after the console changed the page, it forces a style recalculation of the whole document
 */
let family: string | null = typeof document === 'undefined' || !document.body ? null : getComputedStyle(document.body).fontFamily;
let font = '';
/** measured widths by weight and text: a list measures the same labels and values on every render */
const measured = new Map<string, number>();
const MEASURED_MAX = 5000;

/**
 * width in px of `text` in the page's font (`weight` 600 for headers). The font family is read from the
 * page once, the canvas's font is set only when the weight changes, and every width is remembered.
 */
export function textWidth(text: string, weight: 400 | 600 = 400): number {
  const key = `${weight}\u0000${text}`;
  const known = measured.get(key);
  if (known !== undefined) return known;
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 14;
  family ??= getComputedStyle(document.body).fontFamily;
  const wanted = `${weight} 14px ${family}`;
  if (font !== wanted) {
    context.font = wanted;
    font = wanted;
  }
  const width = Math.ceil(context.measureText(text).width);
  if (measured.size >= MEASURED_MAX) measured.clear();
  measured.set(key, width);
  return width;
}

export interface ColumnNeed {
  key: string;
  /** a width the screen declared: kept as is */
  fixed?: number;
  /** the header text */
  header: string;
  /** the values shown on this page, as text */
  values: readonly string[];
}

/** min: the header fits; wish: the longest value fits (capped) */
export function columnNeeds(c: ColumnNeed): { min: number; wish: number; fixed: boolean } {
  const min = textWidth(c.header, 600) + CELL + 4;
  // a declared width is kept, but never below what the header needs
  if (c.fixed) return { min: Math.max(min, c.fixed), wish: Math.max(min, c.fixed), fixed: true };
  let longest = 0;
  for (const v of c.values) longest = Math.max(longest, v.length > 80 ? MAX_WISH : textWidth(v));
  return { min, wish: Math.max(min, Math.min(longest + CELL + 4, MAX_WISH)), fixed: false };
}

/**
 * Widths for the data columns given `available` px for all of them.
 * Everything fits: the wishes, the rest shared in proportion. Not all wishes fit:
 * each column gets its minimum plus a share of what is left. Not even the minimums
 * fit: the minimums (the table scrolls).
 */
export function shareWidths(needs: readonly { min: number; wish: number; fixed?: boolean }[], available: number): number[] {
  const flexible = needs.map((n) => !n.fixed);
  const fixedSum = needs.reduce((s, n) => s + (n.fixed ? n.wish : 0), 0);
  const room = available - fixedSum;
  const minSum = needs.reduce((s, n, i) => s + (flexible[i] ? n.min : 0), 0);
  const wishSum = needs.reduce((s, n, i) => s + (flexible[i] ? n.wish : 0), 0);
  return needs.map((n, i) => {
    if (!flexible[i]) return n.wish;
    if (room <= minSum) return n.min;
    if (room <= wishSum) return Math.floor(n.min + ((n.wish - n.min) * (room - minSum)) / Math.max(1, wishSum - minSum));
    return Math.floor((n.wish * room) / Math.max(1, wishSum));
  });
}

/** width of an action column holding these button labels (and its header) */
export function actionColumnWidth(labels: readonly string[], header: string): number {
  const buttons = labels.reduce((s, l) => s + textWidth(l) + LINK_BUTTON, 0);
  return Math.max(buttons, textWidth(header, 600)) + CELL + 4;
}

/** the last width measured per kind of box: a list opened later starts with it (one render, not two) */
const lastWidths = new Map<string, number>();

/**
 * The content width of an element, following resizes: measured before the first paint (layout effect), and
 * the width last measured for the same `kind` of box until then (0 the first time: the caller waits to
 * render what depends on it). A hidden element (a kept-alive screen behind another tab) keeps its width.
 */
export function useContentWidth(ref: RefObject<HTMLElement | null>, kind = ''): number {
  const [width, setWidth] = useState(() => lastWidths.get(kind) ?? 0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => {
      const w = el.clientWidth;
      if (w <= 0) return;
      lastWidths.set(kind, w);
      setWidth(w);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, kind]);
  return width;
}
