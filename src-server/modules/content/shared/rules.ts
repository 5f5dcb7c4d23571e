// Validation rule builders shared by the content area's declared resources.
import type { ColumnDef, Endpoint } from '../../../crud/resource';

export const ALL: readonly Endpoint[] = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'];
export const req = (message: string) => ({ required: true as const, message });
export const max = (n: number, message: string) => ({ maxLength: n, message });
export const oneOf = (values: readonly (string | number)[], message: string) => ({ enum: values, message });
export const range = (lo: number, hi: number, message: string) => [{ min: lo, message }, { max: hi, message }];
/**
 * A whole number from `lo` to `hi` (none: no upper bound), refused with `message`, which names the range (issue 38).
 * Declare its column `decimal`: 2.5 then gets this message instead of a format error naming no range.
 */
export const wholeIn = (lo: number, hi: number | undefined, message: string) => [
  { pattern: /^-?\d+$/, message },
  { min: lo, message },
  ...(hi === undefined ? [] : [{ max: hi, message }]),
];

/** status 0 / 1 with default `def` (tags, navbars, templates...) */
export const status01 = (def: 0 | 1): ColumnDef => ({ name: 'status', type: 'int', default: def, rules: [oneOf([0, 1], '状态只能是0或1')] });
