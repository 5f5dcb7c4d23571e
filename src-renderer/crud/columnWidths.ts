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
/** measured widths by weight and character (Latin and other proportional characters) */
const measured = new Map<string, number>();
const MEASURED_MAX = 5000;
const SIZE = 14;
/** the least room a column's values get (about six Chinese characters): narrower, the list scrolls sideways */
const VALUE_MIN = 6 * SIZE + CELL + 4;

/** East Asian wide characters (CJK ideographs, kana, Hangul, full-width forms): 1 em in every CJK font */
function isWide(c: number): boolean {
  return (
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0x303e) ||
    (c >= 0x3041 && c <= 0x33ff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xa000 && c <= 0xa4cf) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x20000 && c <= 0x3fffd)
  );
}

/** one character's advance, measured on the canvas once per weight */
function charWidth(ch: string, weight: 400 | 600): number {
  const key = weight === 600 ? `b${ch}` : ch;
  const known = measured.get(key);
  if (known !== undefined) return known;
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  if (!context) return SIZE;
  family ??= getComputedStyle(document.body).fontFamily;
  const wanted = `${weight} ${SIZE}px ${family}`;
  if (font !== wanted) {
    context.font = wanted;
    font = wanted;
  }
  const width = context.measureText(ch).width;
  if (measured.size >= MEASURED_MAX) measured.clear();
  measured.set(key, width);
  return width;
}

/**
 * width in px of `text` in the page's font at 14 px (`weight` 600 for headers), for sizing columns: wide
 * (CJK) characters count 1 em each, every other character its own advance, measured once per weight on a
 * canvas and remembered (kerning ignored: a few px at most, and it narrows text). Measuring every value on
 * the canvas cost about 0.2 ms each, some 17 ms of a list's first render (most texts being new to it).
 */
export function textWidth(text: string, weight: 400 | 600 = 400): number {
  let width = 0;
  for (const ch of text) width += isWide(ch.codePointAt(0) ?? 0) ? SIZE : charWidth(ch, weight);
  return Math.ceil(width);
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

/**
 * min: the header fits, and so do the values up to VALUE_MIN (a name cut to one character and an ellipsis says
 * nothing; when the minimums do not fit, the table scrolls sideways); wish: the longest value fits (capped)
 */
export function columnNeeds(c: ColumnNeed): { min: number; wish: number; fixed: boolean } {
  const header = textWidth(c.header, 600) + CELL + 4;
  // a declared width is kept, but never below what the header needs
  if (c.fixed) return { min: Math.max(header, c.fixed), wish: Math.max(header, c.fixed), fixed: true };
  let longest = 0;
  for (const v of c.values) longest = Math.max(longest, v.length > 80 ? MAX_WISH : textWidth(v));
  const wish = Math.max(header, Math.min(longest + CELL + 4, MAX_WISH));
  return { min: Math.max(header, Math.min(wish, VALUE_MIN)), wish, fixed: false };
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

/**
 * The width of a list's box with nothing beside it, as last measured (by a list, or by the idle warm-up,
 * crud/ListWarmup, before any list is opened): a list opened later starts from it less what stands beside
 * its table (`inset`), so its first render has its column widths without a forced layout, and one render,
 * not two. 0 while unknown.
 */
let listWidth = 0;

/** records the width of a list's box that has `inset` px beside it (a side tree and its gap) */
export function rememberListWidth(width: number, inset = 0): void {
  if (width > 0) listWidth = width + inset;
}

/** the width a list's box with `inset` px beside it starts with: from the last one measured, 0 if unknown */
export function startingListWidth(inset = 0): number {
  return listWidth > inset ? listWidth - inset : 0;
}

/**
 * The content width of a list's box with `inset` px beside it, following resizes: the width remembered from
 * the last list measured (startingListWidth), or, when none is, measured before the first paint (a layout
 * effect, 0 until then: the caller waits to render what depends on it). A hidden element (a kept-alive screen
 * behind another tab) keeps its width.
 */
export function useContentWidth(ref: RefObject<HTMLElement | null>, inset = 0): number {
  const [width, setWidth] = useState(() => startingListWidth(inset));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = (): void => {
      const w = el.clientWidth;
      if (w <= 0) return;
      rememberListWidth(w, inset);
      setWidth(w);
    };
    // with nothing remembered, measured now (a forced layout: what depends on the width waits for it); with
    // a width remembered, the observer's first report (after this frame's layout, before its paint) corrects it
    if (startingListWidth(inset) === 0) measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, inset]);
  return width;
}
