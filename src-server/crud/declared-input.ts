// A declaration (src-shared/declarations) judged by a route written by hand (the system area's roles, menus,
// departments, regions, tenants, users): the same rules, in the same order, with the same message keys as the
// generic resources' validation (validate.ts), then the declaration's cross-field rules.
import { firstBroken, isEmpty, type InputDecl, type ResourceDecl } from '../../src-shared/declarations/declare';
import { ServiceError } from '../http/reply';

export interface DeclaredWrite {
  /** an update (the body names a row): write-once fields are not judged */
  update: boolean;
  /** an update writes only the fields it holds (absent ones keep their value): only those are judged */
  partial?: boolean;
}

/** a body's value as a rule reads it: an array (a multiple select) comma-joined */
const wireValue = (v: unknown): unknown => (Array.isArray(v) ? v.map(String).join(',') : v);

/**
 * Throws the first broken rule's message (a keyed ServiceError, HTTP 400). An absent field takes its declared
 * default (an insert's empty one too) and is judged like an empty one; the cross-field rules see the values the
 * write holds (present or defaulted).
 */
export function judgeDeclared(decl: Pick<ResourceDecl, 'fields' | 'cross'>, body: Record<string, unknown>, write: DeclaredWrite): void {
  const held: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(decl.fields)) {
    if (write.update && field.writeOnce) continue;
    const present = body[name] !== undefined;
    if (!present && write.update && write.partial) continue;
    let value = present ? wireValue(body[name]) : null;
    if (field.default !== undefined && (!present || (!write.update && isEmpty(value)))) value = field.default;
    const broken = firstBroken(field, value);
    if (broken) throw new ServiceError(broken.message);
    if (present || field.default !== undefined) held[name] = value;
  }
  for (const rule of decl.cross ?? []) {
    if (rule.refuses(held)) throw new ServiceError(rule.params ? { key: rule.message, params: rule.params(held) } : rule.message);
  }
}

/**
 * An input's declaration (a dialog's or a page's form, not a resource's row) judged on what its route received:
 * every field as sent (absent ones judged empty; `partial`: absent ones keep their value and are not judged),
 * then the cross-field rules.
 */
export function judgeInput(decl: InputDecl, received: Record<string, unknown>, options: { partial?: boolean } = {}): void {
  judgeDeclared(decl, received, { update: Boolean(options.partial), partial: options.partial });
}
