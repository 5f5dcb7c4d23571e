// What names a record in the command palette's recently opened list.
import type { Row } from '../../src-shared/wire';
import type { ScreenDef } from './types';

const named = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

/** def.recordLabel's value, else the first plain text column of the table with a value, else #id. */
export function recordLabel(def: ScreenDef, row: Row): string {
  const explicit = def.recordLabel ? named(row[def.recordLabel]) : null;
  if (explicit) return explicit.slice(0, 200);
  for (const c of def.columns) {
    if (c.hideInTable || (c.valueType && c.valueType !== 'text')) continue;
    const v = named(row[c.name]);
    if (v) return v.slice(0, 200);
  }
  return `#${String(row[def.rowKey ?? 'id'] ?? '')}`;
}
