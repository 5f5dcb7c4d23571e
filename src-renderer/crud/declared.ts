// A screen's form rules derived from its resource's declaration (src-shared/declarations): the same rules the
// server judges, their messages the table's keys (i18next `msg.<key>`). Screens declare no rule lists of their
// own for a declared resource; they keep what is about showing (label, width, widget, placement).
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { firstBroken, type InputDecl, type ResourceDecl } from '../../src-shared/declarations/declare';
import { messageI18nKey } from '../../src-shared/messages';
import type { ColumnDef } from './types';
import { switchWire } from './values';
import { DATE_TIME_FORMAT } from './params';
import type { Dayjs } from 'dayjs';

/** a form value as the server receives it (a switch's boolean as its number, a multiple select's array joined) */
function wire(c: ColumnDef, value: unknown): unknown {
  // a date picker's day as its text (a declared date's pattern reads the text)
  if ((c.valueType === 'date' || c.valueType === 'datetime') && value && typeof value === 'object' && 'format' in value)
    return (value as Dayjs).format(c.valueType === 'date' ? 'YYYY-MM-DD' : DATE_TIME_FORMAT);
  if (c.valueType === 'switch') return switchWire(c, value === true || (value !== false && value !== undefined && value !== null && switchWire(c, true) === Number(value)));
  return Array.isArray(value) ? value.join(',') : value;
}

const isText = (c: ColumnDef): boolean => !c.valueType || c.valueType === 'text' || c.valueType === 'textarea' || c.valueType === 'password';

/**
 * The antd rules of a column of a declared screen: `required` (for the form's mark; blanks refused), one
 * validator judging the field's other rules in the declared order, and the cross-field rules shown under it
 * (marked required while one refuses the field left empty; their validator alone decides).
 */
export function declaredRules(t: TFunction, column: ColumnDef, decl: Pick<ResourceDecl, 'fields' | 'cross'> | undefined, toWire?: (value: unknown) => unknown): Rule[] {
  if (!decl) return [];
  const rules: Rule[] = [];
  const field = decl.fields[column.name];
  if (field) {
    const required = field.rules.find((r) => 'required' in r);
    if (required) {
      const message = t(messageI18nKey(required.message));
      rules.push(isText(column) ? { required: true, whitespace: true, message } : { required: true, message });
    }
    rules.push({
      validator: (_rule: unknown, value: unknown) => {
        const broken = firstBroken(field, wire(column, toWire ? toWire(value) : value));
        // required is the rule above's (its message once, not twice)
        return !broken || 'required' in broken ? Promise.resolve() : Promise.reject(new Error(t(messageI18nKey(broken.message))));
      },
    });
  }
  const wired = (all: Record<string, unknown>) => (toWire ? Object.fromEntries(Object.entries(all).map(([k, v]) => [k, toWire(v)])) : all);
  for (const cross of decl.cross ?? []) {
    if (cross.field !== column.name) continue;
    rules.push(({ getFieldsValue }) => ({
      // marked required (antd's asterisk) while the rule refuses the field left empty (a select's dictionary...)
      required: cross.refuses(wired({ ...(getFieldsValue(true) as Record<string, unknown>), [column.name]: undefined })),
      validator: (_rule: unknown, value: unknown) => {
        const values = wired({ ...(getFieldsValue(true) as Record<string, unknown>), [column.name]: value });
        if (!cross.refuses(values)) return Promise.resolve();
        const key = messageI18nKey(cross.message);
        return Promise.reject(new Error(cross.params ? t(key, cross.params(values)) : t(key)));
      },
    }));
  }
  return rules;
}

/** The fields a column's cross-field rules read: changing one checks the column again. */
export function declaredDependencies(column: ColumnDef, decl: Pick<ResourceDecl, 'cross'> | undefined): string[] | undefined {
  const reads = (decl?.cross ?? []).filter((c) => c.field === column.name).flatMap((c) => c.reads);
  const all = [...(column.dependencies ?? []), ...reads];
  return all.length ? all : undefined;
}

/** how an input's field is entered: typed text (blanks refused as empty), or chosen (a select, a date, a number) */
export type InputKind = 'text' | 'choice';

/**
 * The antd rules of one field of an input's declaration (a dialog's or a page's form outside CrudPage:
 * src-shared/declarations' InputDecl; or one field of a resource's, a dialog writing that field alone), the same as a declared screen's column gets. `toWire` turns a form value
 * into what is sent (a date picker's day into its text), for the field and the cross-field rules alike.
 */
export function inputRules(
  t: TFunction,
  decl: InputDecl | ResourceDecl,
  name: string,
  kind: InputKind = 'text',
  toWire?: (value: unknown) => unknown,
  /** the field's unique rule judged with what the form knows (the other rows it shows): whether the value is taken */
  taken?: (value: unknown) => boolean,
): Rule[] {
  const field = decl.fields[name];
  if (!field) throw new Error(`${decl.name}: no field ${name}`);
  const rules = declaredRules(t, { name, label: name, ...(kind === 'choice' && { valueType: 'select' as const }) }, decl, toWire);
  const unique = field.rules.find((r) => 'unique' in r);
  if (taken && unique) {
    rules.push({ validator: (_rule: unknown, value: unknown) => (taken(value) ? Promise.reject(new Error(t(messageI18nKey(unique.message)))) : Promise.resolve()) });
  }
  return rules;
}

/** The fields a field's cross-field rules read (antd's `dependencies`): changing one checks it again. */
export const inputDependencies = (decl: InputDecl, name: string): string[] | undefined => declaredDependencies({ name, label: name }, decl);
