// Coercion of wire values to column values, and of DB rows to wire records.
import type { Column, Resource } from './resource';
import { ServiceError } from '../http/reply';
import { normalizeDateTime } from '../util/dates';
import type { ReplyLanguage } from '../../src-shared/messages';
import { reasonText } from '../../src-shared/messages/stored';

/** What a client sees instead of a stored secret (crud/resource.ts ColumnDef.secret). */
import { SECRET_MASK } from '../../src-shared/wire';

export { SECRET_MASK };

export const formatError = (name: string): ServiceError => new ServiceError({ key: 'common.badFormat', params: { name } });

/** Wire value -> DB value (null when empty). Throws the format error on a bad value. */
export function coerce(col: Column, value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.trim() === '' && col.type !== 'string') return null;
  switch (col.type) {
    case 'string':
      if (typeof value === 'object') throw formatError(col.name);
      return String(value);
    case 'int': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      if (!Number.isSafeInteger(n)) throw formatError(col.name);
      return n;
    }
    case 'decimal': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
      if (!Number.isFinite(n)) throw formatError(col.name);
      return n;
    }
    case 'datetime': {
      const d = typeof value === 'string' ? normalizeDateTime(value) : null;
      if (d === null) throw formatError(col.name);
      return d;
    }
  }
}

/** DB row -> wire record: camelCase, ids and strings as strings (null string -> ''), hidden columns dropped, secrets masked. */
export function toRecord(resource: Resource, row: Record<string, unknown>, language: ReplyLanguage = 'zh'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const col of resource.columns) {
    if (col.hidden) continue;
    const v = col.reasonColumn ? reasonText(row[col.column], row[col.reasonColumn], language) : row[col.column];
    if (col.secret) {
      out[col.name] = v === null || v === undefined || v === '' ? '' : SECRET_MASK;
      continue;
    }
    if (col.type === 'string' || col.type === 'datetime') out[col.name] = v === null || v === undefined ? '' : String(v);
    else out[col.name] = v === undefined ? null : v;
  }
  return out;
}
