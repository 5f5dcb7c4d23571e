// Pure conversions between wire rows and form values.
import dayjs, { type Dayjs } from 'dayjs';
import type { Option } from './useOptions';
import type { ColumnDef, ScreenDef } from './types';
import { DATE_TIME_FORMAT } from './params';

export const formColumns = (def: ScreenDef): ColumnDef[] => def.columns.filter((c) => !c.hideInForm);

const DATE_FORMAT = 'YYYY-MM-DD';
const isDateType = (c: ColumnDef) => c.valueType === 'datetime' || c.valueType === 'date';

/** Initial values of the add form. */
export function defaultValues(def: ScreenDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of formColumns(def)) if (c.default !== undefined) out[c.name] = toFormValue(c, c.default);
  return out;
}

function toFormValue(c: ColumnDef, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return c.valueType === 'switch' ? false : undefined;
  switch (c.valueType) {
    case 'switch':
      return v === true || v === 1 || v === '1';
    case 'treeSelect':
    case 'select':
      if (c.multiple) return (Array.isArray(v) ? v : String(v).split(',')).filter((x) => x !== '').map((x) => (c.numeric ? Number(x) : String(x)));
      return c.numeric ? Number(v) : String(v);
    case 'number':
      return typeof v === 'number' ? v : Number(v);
    case 'date':
    case 'datetime': {
      const d = dayjs(String(v));
      return d.isValid() ? d : undefined;
    }
    default:
      return v;
  }
}

/** A wire row as form values (switch -> boolean, multi-select -> array, dates -> dayjs). */
export function toFormValues(def: ScreenDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of formColumns(def)) out[c.name] = toFormValue(c, row[c.name]);
  return out;
}

function toWireValue(c: ColumnDef, v: unknown): unknown {
  if (v === undefined) return undefined;
  if (c.valueType === 'switch') return v ? 1 : 0;
  if (v === null) return null;
  if ((c.valueType === 'select' || c.valueType === 'treeSelect') && c.multiple && Array.isArray(v)) return v.map(String).join(',');
  if (c.valueType === 'select' && c.numeric) return Number(v);
  if (isDateType(c) && typeof v === 'object' && 'format' in (v as object))
    return (v as Dayjs).format(c.valueType === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT);
  return v;
}

/** Form values as the body of submit / save / update; `id` added when editing. */
export function toSubmitData(def: ScreenDef, values: Record<string, unknown>, id?: string | number): Record<string, unknown> {
  const key = def.rowKey ?? 'id';
  const out: Record<string, unknown> = {};
  if (id !== undefined && id !== null && id !== '') out[key] = id;
  for (const c of formColumns(def)) {
    const v = toWireValue(c, values[c.name]);
    if (v !== undefined) out[c.name] = v;
  }
  return out;
}

/** Display text of a cell for select / switch columns; other values as is. */
export function displayValue(
  c: ColumnDef,
  v: unknown,
  options: readonly { value: string | number; label: string }[],
  yesNo: { yes: string; no: string },
): string {
  if (v === undefined || v === null || v === '') return '';
  if (c.valueType === 'switch') return v === true || v === 1 || v === '1' ? yesNo.yes : yesNo.no;
  if (c.valueType === 'select') {
    const parts = c.multiple ? String(v).split(',') : [String(v)];
    return parts.map((p) => options.find((o) => String(o.value) === p)?.label ?? p).join(', ');
  }
  return String(v);
}


/** The options that belong to `parent` (all of them while no parent is chosen). */
export function optionsUnder(options: readonly Option[], parent: unknown): Option[] {
  if (parent === undefined || parent === null || parent === '') return [...options];
  return options.filter((o) => o.parent === String(parent));
}
