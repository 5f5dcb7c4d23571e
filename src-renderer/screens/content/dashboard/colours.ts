// Colours of the site dashboard, from the console's theme (antd's tokens: the
// primary colour the operator picked, the theme's text and background), checked
// against WCAG: text at least 4.5:1 (AA), chart lines at least 3:1 (non-text
// contrast) on the background they are drawn on. Pure helpers, unit-tested.

/** #rgb / #rrggbb / rgb(a)() to [r, g, b, a] (0-255, alpha 0-1); null when not a colour this reads. */
export function parseColour(colour: string): [number, number, number, number] | null {
  const c = colour.trim();
  let m = /^#([0-9a-f]{3})$/i.exec(c);
  if (m) return [...m[1].split('').map((h) => parseInt(h + h, 16)), 1] as [number, number, number, number];
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(c);
  if (m) return [parseInt(m[1].slice(0, 2), 16), parseInt(m[1].slice(2, 4), 16), parseInt(m[1].slice(4, 6), 16), m[2] ? parseInt(m[2], 16) / 255 : 1];
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(c);
  if (m) {
    const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return [Number(m[1]), Number(m[2]), Number(m[3]), a];
  }
  return null;
}

/** A colour laid over an opaque background (alpha blended), as [r, g, b]. */
function over(colour: string, background: string): [number, number, number] {
  const bg = parseColour(background) ?? [255, 255, 255, 1];
  const fg = parseColour(colour) ?? [0, 0, 0, 1];
  const a = fg[3];
  return [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of a colour (alpha blended) on an opaque background: 1 to 21. */
export function contrast(colour: string, background: string): number {
  const bg = over(background, '#ffffff');
  const a = luminance(over(colour, `rgb(${bg.join(',')})`));
  const b = luminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The first candidate with at least `ratio` contrast on the background; else the one with the most. */
export function readable(candidates: readonly string[], background: string, ratio = 4.5): string {
  let best = candidates[0];
  for (const c of candidates) {
    if (contrast(c, background) >= ratio) return c;
    if (contrast(c, background) > contrast(best, background)) best = c;
  }
  return best;
}

function hue(colour: string): number | null {
  const p = parseColour(colour);
  if (!p) return null;
  const [r, g, b] = p.slice(0, 3).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 0.08) return null; // grey: no hue to keep apart from
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

/** Of the candidates, the one whose hue is farthest from `primary` (clicks in the primary colour, impressions in this). */
export function apartFrom(primary: string, candidates: readonly string[]): string {
  const h = hue(primary);
  if (h === null) return candidates[0];
  let best = candidates[0];
  let distance = -1;
  for (const c of candidates) {
    const ch = hue(c);
    const d = ch === null ? 0 : hueDistance(h, ch);
    if (d > distance) [best, distance] = [c, d];
  }
  return best;
}

/** Green for a change good for the site, red for a bad one: darker shades on light backgrounds, lighter on dark. */
export const GOOD = ['#389e0d', '#237804', '#135200', '#73d13d', '#95de64', '#b7eb8f'];
export const BAD = ['#cf1322', '#a8071a', '#820014', '#ff7875', '#ffa39e', '#ffccc7'];
/** impressions' colour: one of these, apart from the primary colour */
export const SECOND = ['#722ed1', '#1677ff', '#d4380d', '#08979c'];
