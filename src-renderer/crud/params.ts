// Pure list logic: search values -> BladeX list query parameters, paging constants.
import type { ColumnDef, ScreenDef } from './types';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 30, 50, 100, 200] as const;

/** A date as a string already formatted, or a dayjs-like object. */
export type DateLike = string | { format(template: string): string };

export interface PageQuery {
  current: number;
  size: number;
}

const formatDate = (v: DateLike): string => (typeof v === 'string' ? v : v.format(DATE_TIME_FORMAT));

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/** The search-form field holding the creation-time range (BladeX convention: <column>Range). */
export function rangeField(column: string): string {
  return `${column}Range`;
}

export function timeRangeColumn(def: ScreenDef): string | null {
  return def.timeRange === false ? null : (def.timeRange ?? 'createTime');
}

export function searchColumns(def: ScreenDef): ColumnDef[] {
  return def.columns.filter((c) => c.search);
}

/** Filter operator of a column: explicit searchOp, else equal for typed values and like for text. */
export function searchOperator(column: ColumnDef): 'like' | 'equal' {
  if (column.searchOp) return column.searchOp;
  return column.valueType === 'select' || column.valueType === 'radio' || column.valueType === 'number' || column.valueType === 'switch' ? 'equal' : 'like';
}

function rangeParams(column: string, value: unknown, out: Record<string, string | number>): void {
  if (!Array.isArray(value)) return;
  const [start, end] = value as (DateLike | null | undefined)[];
  if (start) out[`${column}_datege`] = formatDate(start);
  if (end) out[`${column}_datelt`] = formatDate(end);
}

/**
 * Query parameters of a list call: current, size, then one entry per non-empty
 * search value (`name` = LIKE, `name_equal`, date ranges as `_datege`/`_datelt`).
 */
export function listParams(def: ScreenDef, values: Record<string, unknown>, page: PageQuery): Record<string, string | number> {
  const out: Record<string, string | number> = { current: page.current, size: page.size };
  for (const column of searchColumns(def)) {
    const value = values[column.name];
    if (isEmpty(value)) continue;
    if (column.valueType === 'dateRange') {
      rangeParams(column.name, value, out);
      continue;
    }
    let wire: string | number;
    if (typeof value === 'boolean') wire = value ? 1 : 0;
    else if (typeof value === 'number') wire = value;
    else if (Array.isArray(value)) wire = value.join(',');
    else if (typeof value === 'object' && value && 'format' in value) wire = formatDate(value as DateLike);
    else wire = String(value).trim();
    out[searchOperator(column) === 'equal' ? `${column.name}_equal` : column.name] = wire;
  }
  const range = timeRangeColumn(def);
  if (range) rangeParams(range, values[rangeField(range)], out);
  return out;
}

/** The row keys as the `ids` parameter of remove: comma-joined. */
export function idsParam(keys: readonly (string | number)[]): string {
  return keys.map(String).join(',');
}

/** Index column value: position across pages, starting at 1. */
export function rowIndex(page: PageQuery, index: number): number {
  return (page.current - 1) * page.size + index + 1;
}

/** After a removal empties the last page, step back one page. */
export function pageAfterRemoval(page: PageQuery, total: number, removed: number): number {
  const remaining = Math.max(0, total - removed);
  const lastPage = Math.max(1, Math.ceil(remaining / page.size));
  return Math.min(page.current, lastPage);
}
