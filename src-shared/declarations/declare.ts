// One declaration per resource: each field's type and rules (required, length, bounds, whole numbers, pattern,
// allowed values, unique), each rule with the key of its message (src-shared/messages). The server's
// validation (src-server/crud/validate.ts) and the screens' form rules (src-renderer/crud/declared.ts) both
// read it, and tests/contract/declared-rules.test.ts breaks every rule of every declaration.
//
// A plain typed object rather than a schema library (zod, valibot): both sides and the generated test must
// read the rules themselves (the form turns them into antd rules, the test makes a value breaking each one),
// and a schema library's parsed form is not meant to be read back; the checks are seven lines of code.
import type { MessageKey, TextParams } from '../messages';

export type FieldType = 'string' | 'int' | 'decimal' | 'datetime';

export type FieldRule =
  | { required: true; message: MessageKey }
  | { maxLength: number; message: MessageKey }
  | { min: number; message: MessageKey }
  | { max: number; message: MessageKey }
  /** a whole number (written without a fraction) */
  | { whole: true; message: MessageKey }
  /** a regular expression's source (and its flags, e.g. i), tested on the value as text */
  | { pattern: string; flags?: string; message: MessageKey }
  | { enum: readonly (string | number)[]; message: MessageKey }
  /** unique among the tenant's live rows: judged by the server only (it needs the table) */
  | { unique: true; message: MessageKey };

export interface FieldDecl {
  type: FieldType;
  rules: readonly FieldRule[];
  /** the value an insert takes when it sends none (the form starts with it too) */
  default?: string | number;
  /** written by an insert only; an update keeps the stored value (the form shows it read-only when editing) */
  writeOnce?: boolean;
  /** a value meeting every rule, where the generated tests' plain guesses (samples.ts) do not */
  example?: string | number;
  /** the declared resource (its name) whose row id the field holds: the generated contract test takes one of its rows */
  ref?: string;
}

/**
 * A rule over several fields, declared once beside the fields (e.g. a subdomain required unless the website
 * resolves its top-level domain). `check` judges the values present (a partial update holds only some):
 * the message key when refused, null when accepted. The form shows the message under `field`.
 */
export interface CrossRule {
  field: string;
  /** the fields it reads: the form checks it again when one changes */
  reads: readonly string[];
  message: MessageKey;
  refuses(values: Readonly<Record<string, unknown>>): boolean;
  /** the values of the message's `{{placeholders}}`, from the refused values (e.g. which types are not allowed) */
  params?(values: Readonly<Record<string, unknown>>): TextParams;
  /** values it refuses (the generated tests send them, and check the form refuses them too) */
  refused: Readonly<Record<string, unknown>>;
}

export interface ResourceDecl {
  /** the server resource's name */
  name: string;
  /** its path under /api (the generic endpoints: page, detail, save / submit, update, remove) */
  path: string;
  fields: Readonly<Record<string, FieldDecl>>;
  cross?: readonly CrossRule[];
  /** its rows are made elsewhere (no save endpoint): written by update only, and so by the generated tests */
  updateOnly?: boolean;
  /** written through submit only (no save and update endpoints: an insert without id, an update with it) */
  submitOnly?: boolean;
}

// ---- builders, as the declarations write them ----
export const required = (message: MessageKey): FieldRule => ({ required: true, message });
export const maxLength = (n: number, message: MessageKey): FieldRule => ({ maxLength: n, message });
/** a pattern: a regular expression's source, or a RegExp (its source and flags) */
export const pattern = (source: string | RegExp, message: MessageKey): FieldRule =>
  typeof source === 'string' ? { pattern: source, message } : { pattern: source.source, ...(source.flags && { flags: source.flags }), message };
export const oneOf = (values: readonly (string | number)[], message: MessageKey): FieldRule => ({ enum: values, message });
export const unique = (message: MessageKey): FieldRule => ({ unique: true, message });
/** a whole number from lo to hi (none: no upper bound), every part refused with the one message naming the range */
export const wholeIn = (lo: number, hi: number | undefined, message: MessageKey): FieldRule[] => [
  { whole: true, message },
  { min: lo, message },
  ...(hi === undefined ? [] : [{ max: hi, message }]),
];
export const text = (...rules: FieldRule[]): FieldDecl => ({ type: 'string', rules });
export const int = (...rules: FieldRule[]): FieldDecl => ({ type: 'int', rules });
/** a number declared decimal so that 2.5 meets the whole-number rule's message, not a format error */
export const number = (...rules: FieldRule[]): FieldDecl => ({ type: 'decimal', rules });
/** the field with a default value (and / or written once): `text(...)` etc. then `.with` */
export const withDefault = (field: FieldDecl, value: string | number): FieldDecl => ({ ...field, default: value });
export const writeOnce = (field: FieldDecl): FieldDecl => ({ ...field, writeOnce: true });

export const isEmpty = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Whether a value meets one rule (unique is the server's: always met here). Empty values meet all but required. */
export function meets(rule: FieldRule, value: unknown): boolean {
  if ('required' in rule) return !isEmpty(value);
  if (isEmpty(value)) return true;
  if ('maxLength' in rule) return String(value).length <= rule.maxLength;
  if ('min' in rule) return Number(value) >= rule.min;
  if ('max' in rule) return Number(value) <= rule.max;
  if ('whole' in rule) return /^-?\d+$/.test(String(value).trim());
  if ('pattern' in rule) return new RegExp(rule.pattern, rule.flags).test(String(value));
  if ('enum' in rule) return rule.enum.some((e) => String(e) === String(value));
  return true;
}

/** The first rule of a field the value breaks (unique left to the server), or null. */
export function firstBroken(field: FieldDecl, value: unknown): FieldRule | null {
  return field.rules.find((r) => !('unique' in r) && !meets(r, value)) ?? null;
}

/**
 * The fields of one input that is not a resource's row (a dialog's or a page's form: a leave request, a grant, a
 * password change), declared once like a resource's: the form's rules read it (src-renderer/crud/declared.ts
 * `inputRules`), and so does whoever else takes the input: the server route that receives it (`judgeDeclared`,
 * src-server/crud/declared-input.ts), or no one but the form where nothing leaves the machine (the lock screen's
 * password; a desktop profile, which main checks again).
 */
export interface InputDecl {
  name: string;
  fields: Readonly<Record<string, FieldDecl>>;
  cross?: readonly CrossRule[];
  /**
   * Who judges it besides the form: the route taking it (its path under /api; the fields sent as a JSON body or
   * as query parameters, and the values every request sends besides, e.g. the row it is about), or `renderer`
   * / `main` alone, with why.
   */
  judge: { route: string; send: 'json' | 'query'; with?: Readonly<Record<string, unknown>> } | { side: 'renderer' | 'main'; why: string };
}
