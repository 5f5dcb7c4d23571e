// WCAG 2 contrast of colours, and the shade of a colour that text can sit on (or be written in) at AA.

const channel = (v: number): number => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** #rrggbb -> [r, g, b] */
function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (c: readonly number[]): string => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/** WCAG 2 relative luminance of #rrggbb. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text */
export const AA_TEXT = 4.5;

/**
 * `colour` as it is when it reaches `ratio` against `against` (white by default), else mixed with black (on a light
 * `against`) or white (on a dark one) just enough to reach it: the shade for text written in the colour, or for a
 * background white text sits on. The same hue, only darker (or lighter).
 */
export function readableShade(colour: string, against = '#FFFFFF', ratio = AA_TEXT): string {
  if (contrast(colour, against) >= ratio) return colour.toUpperCase();
  const towards = luminance(against) > 0.18 ? 0 : 255;
  const from = rgb(colour);
  for (let step = 1; step <= 100; step++) {
    const mixed = toHex(from.map((v) => v + ((towards - v) * step) / 100));
    if (contrast(mixed, against) >= ratio) return mixed;
  }
  return towards === 0 ? '#000000' : '#FFFFFF';
}

/** the contrast aimed at for text: AA's 4.5:1 with a little margin */
export const TEXT_CONTRAST = AA_TEXT + 0.1;

/**
 * The shade of the primary colour where text sits on it (white on a primary button, a selected menu item) or is
 * written in it (a selected tab, a link-like control): the colour itself when it reaches AA against white, else
 * darker. The primary colour stays the theme's colour everywhere else (borders, focus, switches, indicators).
 */
export function primaryTextColour(colour: string): string {
  return readableShade(colour, '#FFFFFF', TEXT_CONTRAST);
}
