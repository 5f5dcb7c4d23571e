// Server-side validation of a write: coerces every writable column present in the
// body and applies the declared rules in order; the first failing rule's message
// is thrown as a ServiceError (HTTP 400).
import type { Column, Resource, Rule } from './resource';
import { ServiceError } from '../http/reply';
import { coerce, SECRET_MASK } from './values';
import { firstBroken } from '../../src-shared/declarations/declare';

export type Value = string | number | null;

/** Asks whether a value is already taken (unique rules). */
export type UniqueCheck = (col: Column, value: Value) => Promise<boolean>;

const isEmpty = (v: Value): boolean => v === null || (typeof v === 'string' && v.trim() === '');

async function check(rule: Rule, value: Value, col: Column, taken: UniqueCheck): Promise<boolean> {
  if ('required' in rule) return !isEmpty(value);
  if (isEmpty(value)) return true; // other rules only judge present values
  if ('maxLength' in rule) return String(value).length <= rule.maxLength;
  if ('min' in rule) return Number(value) >= rule.min;
  if ('max' in rule) return Number(value) <= rule.max;
  if ('pattern' in rule) return rule.pattern.test(String(value));
  if ('enum' in rule) return rule.enum.some((e) => String(e) === String(value));
  if ('unique' in rule) return !(await taken(col, value));
  return true;
}

/**
 * Returns the writable values (by column def) taken from `body`.
 * insert: every writable column is judged (missing = empty);
 * update: only columns present in the body are judged and written.
 */
export async function validate(
  resource: Resource,
  body: Record<string, unknown>,
  mode: 'insert' | 'update',
  taken: UniqueCheck,
): Promise<Map<Column, Value>> {
  const values = new Map<Column, Value>();
  for (const col of resource.columns) {
    if (col.readOnly) continue;
    if (mode === 'update' && col.writeOnce) continue;
    const present = Object.prototype.hasOwnProperty.call(body, col.name);
    if (mode === 'update' && !present) continue;
    let value = present ? coerce(col, body[col.name]) : null;
    // a secret sent back masked (or left empty on an edit) keeps the stored one
    if (col.secret && (value === SECRET_MASK || (mode === 'update' && isEmpty(value)))) {
      if (mode === 'update') continue;
      value = null;
    }
    if (mode === 'insert' && value === null && col.default !== undefined) value = col.default;
    if (col.field) {
      const broken = firstBroken(col.field, value);
      if (broken) throw new ServiceError(broken.message);
      for (const rule of col.field.rules) {
        if ('unique' in rule && !isEmpty(value) && (await taken(col, value))) throw new ServiceError(rule.message);
      }
    }
    for (const rule of col.rules ?? []) {
      if (!(await check(rule, value, col, taken))) throw new ServiceError(rule.message);
    }
    values.set(col, value);
  }
  // the declaration's cross-field rules, on the values the write holds
  if (resource.declaration?.cross) {
    const byName: Record<string, unknown> = {};
    for (const [col, value] of values) byName[col.name] = value;
    for (const rule of resource.declaration.cross) {
      if (rule.refuses(byName)) throw new ServiceError(rule.params ? { key: rule.message, params: rule.params(byName) } : rule.message);
    }
  }
  return values;
}
