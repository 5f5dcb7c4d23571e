// The typed screen definition: one object per CRUD screen, in the spirit of
// ProTable columns / avue options. Every label and message is an i18n key.

export type ValueType = 'text' | 'textarea' | 'password' | 'number' | 'select' | 'switch' | 'date' | 'datetime' | 'dateRange';

/** A validation rule; `message` is an i18n key (interpolated with label, min, max). */
export interface FieldRule {
  required?: boolean;
  max?: number;
  min?: number;
  /** regular expression source */
  pattern?: string;
  message: string;
}

export interface OptionDef {
  value: string | number;
  /** i18n key */
  label: string;
}

export interface ColumnDef {
  /** field name on the wire (camelCase, as the entity) */
  name: string;
  /** i18n key */
  label: string;
  valueType?: ValueType;
  /** dictionary code: options come from dict:get (dictKey / dictValue) */
  dict?: string;
  /** fixed options when there is no dictionary */
  options?: OptionDef[];
  /** select: several values, sent comma-joined */
  multiple?: boolean;
  /** select / switch: the wire value is a number (dictKey strings are converted) */
  numeric?: boolean;
  /** shown in the search form */
  search?: boolean;
  /** list filter operator: like (BladeX default for text) or equal (`<name>_equal`) */
  searchOp?: 'like' | 'equal';
  hideInTable?: boolean;
  hideInForm?: boolean;
  /** disabled when editing an existing row */
  readonlyOnEdit?: boolean;
  /** form grid span out of 24 (default 12, textarea 24) */
  span?: number;
  /** table column width */
  width?: number;
  rules?: FieldRule[];
  /** initial value when adding */
  default?: unknown;
  /** number inputs */
  min?: number;
  max?: number;
  precision?: number;
  /** textarea rows */
  rows?: number;
}

/** Endpoint paths under the API base. Either submit (upsert) or save + update. */
export interface ScreenApi {
  list: string;
  /** GET ?id= ; when absent the table row is used as is */
  detail?: string;
  submit?: string;
  save?: string;
  update?: string;
  /** POST ?ids=a,b */
  remove: string;
}

export interface ScreenDef {
  /** permission prefix: <code>_add, <code>_edit, <code>_delete, <code>_view */
  code: string;
  /** i18n key */
  title: string;
  api: ScreenApi;
  rowKey?: string;
  dialogWidth?: number;
  /** form label width in px */
  labelWidth?: number;
  columns: ColumnDef[];
  /** creation-time range filter: the column it applies to (default createTime), or false */
  timeRange?: string | false;
  pageSize?: number;
}
