// Pure conversions between wire rows and form values.
import dayjs, { type Dayjs } from 'dayjs';
import type { Option } from './useOptions';
import type { ColumnDef, ScreenDef } from './types';
import { DATE_TIME_FORMAT } from './params';

export const formColumns = (def: ScreenDef): ColumnDef[] => def.columns.filter((c) => !c.hideInForm && c.valueType !== 'job');
/** the view dialog's columns: the form's, and the jobs the record carries (ValueType 'job') */
export const viewColumns = (def: ScreenDef): ColumnDef[] => def.columns.filter((c) => !c.hideInForm || c.valueType === 'job');

const DATE_FORMAT = 'YYYY-MM-DD';
const isDateType = (c: ColumnDef) => c.valueType === 'datetime' || c.valueType === 'date';

/** Initial values of the add form. */
export function defaultValues(def: ScreenDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of formColumns(def)) if (c.default !== undefined) out[c.name] = toFormValue(c, c.default);
  return out;
}

/** Whether a switch column's wire (or form) value means on. */
export function isOn(c: ColumnDef, v: unknown): boolean {
  return v === true || String(v) === String(c.switchValues?.[0] ?? 1);
}

/** The wire value of a switch column turned on or off. */
export function switchWire(c: ColumnDef, on: boolean): number {
  const [yes, no] = c.switchValues ?? [1, 0];
  return on ? yes : no;
}

function toFormValue(c: ColumnDef, v: unknown): unknown {
  if (v === undefined || v === null || v === '') return c.valueType === 'switch' ? false : undefined;
  switch (c.valueType) {
    case 'switch':
      return isOn(c, v);
    case 'treeSelect':
    case 'select':
    case 'radio':
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
  if (c.valueType === 'switch') return switchWire(c, !!v);
  if (v === null) return null;
  if ((c.valueType === 'select' || c.valueType === 'treeSelect') && c.multiple && Array.isArray(v)) return v.map(String).join(',');
  if ((c.valueType === 'select' || c.valueType === 'radio') && c.numeric) return Number(v);
  if (isDateType(c) && typeof v === 'object' && 'format' in (v as object))
    return (v as Dayjs).format(c.valueType === 'date' ? DATE_FORMAT : DATE_TIME_FORMAT);
  return v;
}

/** Form values as the body of submit / save / update; `id` added when editing. */
export function toSubmitData(def: ScreenDef, values: Record<string, unknown>, id?: string | number): Record<string, unknown> {
  const key = def.rowKey ?? 'id';
  const out: Record<string, unknown> = { ...def.submitParams };
  if (id !== undefined && id !== null && id !== '') out[key] = id;
  for (const c of formColumns(def)) {
    const v = toWireValue(c, values[c.name]);
    if (v !== undefined) out[c.name] = v;
  }
  return out;
}

/** Display text of a cell for select / switch columns (a switch with options shows its option's label); other values as is. */
export function displayValue(
  c: ColumnDef,
  v: unknown,
  options: readonly { value: string | number; label: string }[],
  yesNo: { yes: string; no: string },
): string {
  if (v === undefined || v === null || v === '') return '';
  if (c.valueType === 'switch' && !c.options) return isOn(c, v) ? yesNo.yes : yesNo.no;
  if (c.valueType === 'select' || c.valueType === 'radio' || c.valueType === 'switch') {
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
