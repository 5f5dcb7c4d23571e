// Validation rule builders shared by the content area's declared resources.
import type { ColumnDef, Endpoint } from '../../../crud/resource';

export const ALL: readonly Endpoint[] = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'];
export const req = (message: string) => ({ required: true as const, message });
export const max = (n: number, message: string) => ({ maxLength: n, message });
export const oneOf = (values: readonly (string | number)[], message: string) => ({ enum: values, message });
export const range = (lo: number, hi: number, message: string) => [{ min: lo, message }, { max: hi, message }];

/** status 0 / 1 with default `def` (tags, navbars, templates...) */
export const status01 = (def: 0 | 1): ColumnDef => ({ name: 'status', type: 'int', default: def, rules: [oneOf([0, 1], '状态只能是0或1')] });
