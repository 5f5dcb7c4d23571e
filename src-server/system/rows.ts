// Generic row formatting: snake_case DB row -> camelCase wire object, ids as strings.
import { snakeToCamel } from '../util/case';

export function formatRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[snakeToCamel(k)] = v === null ? '' : v;
  return out;
}
