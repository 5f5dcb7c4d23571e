// Column widths of the shared list table, decided from what the columns hold:
// - every data column is at least as wide as its header text (a header is never cut);
// - it would like to be as wide as its longest value on the page (capped), and
//   data columns share the table's width in proportion to that wish;
// - the action column is exactly as wide as its buttons;
// - a horizontal scroll appears only when the headers alone do not fit.
import { useEffect, useState, type RefObject } from 'react';

/** antd's middle-size cell: 8 px padding either side, plus a border */
const CELL = 18;
/** longest a column may ask for from its values (longer values get an ellipsis and a tooltip) */
const MAX_WISH = 360;
/** a link button of size small: 7 px padding either side, plus its border */
const LINK_BUTTON = 16;

let canvas: HTMLCanvasElement | null = null;
/** width in px of `text` in the page's font (`weight` 600 for headers) */
export function textWidth(text: string, weight: 400 | 600 = 400, el: Element = document.body): number {
  canvas ??= document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return text.length * 14;
  const style = getComputedStyle(el);
  ctx.font = `${weight} 14px ${style.fontFamily}`;
  return Math.ceil(ctx.measureText(text).width);
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

/** the content width of an element, following resizes */
export function useContentWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => setWidth(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}
