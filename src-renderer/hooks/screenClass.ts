/** Screen size class of the spec: 3 at >= 1200 px, 2 at >= 992, 1 at >= 768, else 0. */
export type ScreenClass = 0 | 1 | 2 | 3;

export function screenClass(width: number): ScreenClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}
