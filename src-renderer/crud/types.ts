// The typed screen definition: one object per CRUD screen, in the spirit of
// ProTable columns / avue options. Every label and message is an i18n key.

import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { Row } from '../../src-shared/wire';
import type { ResourceDecl } from '../../src-shared/declarations/declare';

/**
 * `job`: a durable job's view (src-shared/jobs.ts JobView, e.g. a task row's `job`): the list cell shows its
 * state, progress, attempt, instance and reason (crud/JobCell.tsx), the view dialog all of it; never a form input
 * (shown in the view dialog only), and a list holding a queued or running one reads itself again while shown
 */
export type ValueType = 'text' | 'textarea' | 'password' | 'number' | 'select' | 'radio' | 'switch' | 'date' | 'datetime' | 'dateRange' | 'treeSelect' | 'image' | 'custom' | 'job';

/** A validation rule; `message` is an i18n key (interpolated with label, min, max). */
export interface FieldRule {
  required?: boolean;
  max?: number;
  min?: number;
  /** regular expression source */
  pattern?: string;
  /** the value must equal this other field's (e.g. password confirmation) */
  sameAs?: string;
  /**
   * custom check, given the value and the form's current values: accepted when this returns true (e.g. every
   * prompt row filled); false refuses with `message`, a string refuses with that i18n key instead
   */
  check?: (value: unknown, values: Record<string, unknown>) => boolean | string;
  message: string;
}

export interface OptionDef {
  value: string | number;
  /** i18n key */
  label: string;
  /** table cells holding this value are coloured: success green, warning orange, error red (e.g. a task's status) */
  tone?: 'success' | 'warning' | 'error';
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
  /** switch: the wire values of on and off (default [1, 0]; e.g. [1, 2] for AI settings) */
  switchValues?: [on: number, off: number];
  /**
   * switch: the list cell is a switch too (crud/StatusSwitch.tsx): turning it posts the row's update with the
   * new value, for an operator with the screen's edit button (the others see the value as text)
   */
  listSwitch?: boolean;
  /** shown in the search form */
  search?: boolean;
  /** list filter operator: like (BladeX default for text) or equal (`<name>_equal`) */
  searchOp?: 'like' | 'equal';
  hideInTable?: boolean;
  /** i18n key of the list's column header when the form's label is too long for one (default: label) */
  tableLabel?: string;
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
  /** treeSelect: GET endpoint returning a forest of TreeNodes ({id|value, title, children}); `multiple` sends ids comma-joined */
  treeUrl?: string;
  /** treeSelect: fixed query parameters of treeUrl */
  treeParams?: Record<string, string | number>;
  /** table cell shows this field of the row instead (e.g. deptName for deptId) */
  displayField?: string;
  /**
   * table cell shows this text made from the row (e.g. a menu's name in the console's language), and with `cell`
   * the text the column's width is measured from; the form edits the stored value
   */
  cellText?: (row: Row, t: TFunction) => string;
  /** select: options read from an endpoint (e.g. website groups from websiteGroup/listGroup) */
  remote?: RemoteOptions;
  /**
   * form only, with remote.parentKey: the options are narrowed to those whose parent is this form field's
   * current value (all of them while it is empty), and the value is cleared when that field changes to a
   * parent it does not belong to (e.g. a website select following the chosen website group)
   */
  filterBy?: string;
  /** form only: the field is shown (and validated, and sent) only when this returns true for the current form values */
  visibleWhen?: (values: Record<string, unknown>, ctx: FieldContext) => boolean;
  /** form only: shown when adding, hidden when editing / viewing (e.g. a domain's transfer switch) */
  addOnly?: boolean;
  /** form only: other fields whose change checks this one's rules again (a `check` that reads them) */
  dependencies?: string[];
  /** select, form only: a value not among the options may be typed too (e.g. a new table's name) */
  allowInput?: boolean;
  /** when the field's rules are checked (default blur for text, change for the others) */
  validateTrigger?: 'onChange' | 'onBlur';
  /** image: the upload's limits and messages */
  upload?: UploadDef;
  /** form only: i18n key of a hint shown under the input (e.g. the domain record-number hint) */
  extra?: string;
  /** custom: the form input (Form.Item injects value / onChange) */
  input?: ComponentType<CustomInputProps>;
  /** custom: the value as the view dialog shows it (lines kept); without it the value shows as text */
  viewText?: (value: unknown) => string;
  /** list only: the cell is drawn by this component (several facts of the row, coloured) instead of the value as text */
  cell?: ComponentType<{ row: Row }>;
  /** form only: disabled when editing a row for which this returns true (e.g. a published article's group) */
  readonlyWhen?: (row: Row) => boolean;
  /** form only: required only while `when` holds (e.g. a server password when adding); message is an i18n key */
  requiredWhen?: { when: (values: Record<string, unknown>, ctx: FieldContext) => boolean; message: string; messageOf?: (values: Record<string, unknown>) => string };
}

/** Props of a custom form input. */
export interface CustomInputProps {
  id?: string;
  value?: unknown;
  onChange?(value: unknown): void;
  disabled?: boolean;
  placeholder?: string;
}

/** Options read from an endpoint answering a list (or a page with records). */
export interface RemoteOptions {
  url: string;
  params?: Record<string, string | number>;
  /** field shown as the label */
  labelKey: string;
  /** field used as the value (default id) */
  valueKey?: string;
  /** field of each record naming its parent (e.g. a website's websiteGroupId), kept on the option for `filterBy` */
  parentKey?: string;
  /**
   * form only: choosing an option sets these form fields from the chosen record, form field -> record field (e.g. a
   * code entry's tableName from its data model's modelTable)
   */
  fills?: Record<string, string>;
}

/** What a conditional field knows besides the form values. */
export interface FieldContext {
  mode: 'add' | 'edit' | 'view';
  /** the signed-in user's tenant */
  tenantId: string;
  /** the form's select options by field (e.g. a chosen website group's type, kept as the option's parent) */
  options?: Record<string, readonly { value: string | number; label: string; parent?: string }[]>;
}

/** Limits of an image field (checked again by the server for the same scene). */
export interface UploadDef {
  /** extensions accepted, lower case, without dot: ['jpg', 'png'] */
  accept: string[];
  /** largest size in KB */
  maxKB: number;
  /** the server's upload scene (put-file ?scene=) */
  scene?: string;
  /** i18n keys of the refusal messages (default upload.typeError / upload.sizeError with {types} / {size}) */
  typeMessage?: string;
  sizeMessage?: string;
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

/** What an extra action's run / dialog receives. */
export interface ExtraActionContext {
  /** the row of a row action; null on the toolbar */
  row: Row | null;
  /** the rows ticked in the table (toolbar actions) */
  selected: Row[];
  /** their keys */
  selectedKeys: (string | number)[];
  /** reloads the list */
  reload(): void;
}

/** Props of an extra action's custom dialog. */
export interface ExtraActionDialogProps {
  ctx: ExtraActionContext;
  /** close without change */
  onClose(): void;
  /** close and reload the list */
  onDone(): void;
}

/** An extra toolbar / row button with its own permission code. */
export interface ExtraAction {
  key: string;
  /** i18n key */
  label: string;
  /** button permission code (from /menu/buttons); omitted = always shown */
  permission?: string;
  placement: 'toolbar' | 'row' | 'both';
  /**
   * the toolbar button's icon, as Saber's toolbar buttons have one. Every toolbar action declares one
   * (tests/unit/renderer/toolbar-icons.test.ts): antd gives a button without an icon a loading-icon motion
   * that renders it a second time right after it mounts, before the screen's first paint.
   */
  icon?: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** i18n key of a confirmation asked before run */
  confirm?: string;
  /** toolbar: warn 请选择至少一条数据 when nothing is ticked */
  needsSelection?: boolean;
  danger?: boolean;
  /** row placement: shown only for rows it returns true for */
  visible?(row: Row): boolean;
  /** row placement: always a button of its own in the row, never in the 更多/More menu (the first three actions are anyway) */
  inline?: boolean;
  /** called on click (after the confirmation); errors are shown, success shows `successMessage` (i18n key, default crud.operateSuccess) then reloads */
  run?(ctx: ExtraActionContext): Promise<void> | void;
  successMessage?: string;
  /** a custom dialog opened on click instead of run */
  render?: ComponentType<ExtraActionDialogProps>;
}

/** Tree lists: the list endpoint returns a forest (or lazy levels). */
export interface TreeDef {
  /** GET ?parentId= returning one level with hasChildren; when set, the list endpoint is used for searches only */
  lazy?: string;
  /** lazy parameter name (default parentId) */
  parentParam?: string;
  /** field of a new child pointing at its parent (default parentId) */
  parentField?: string;
  /** row action 新增下级 (permission <code>_add) */
  addChild?: boolean;
}

/** A left-hand tree filtering the list (e.g. users by department). */
export interface SideTreeDef {
  /** GET endpoint returning TreeNodes */
  url: string;
  /** list parameter set to the selected node's id */
  param: string;
  /** i18n key of the panel title */
  title?: string;
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
  /**
   * the resource's declaration (src-shared/declarations): the form's rules of its fields are derived from it
   * (crud/declared.ts), so the columns of a declared screen carry no `rules`
   */
  declaration?: ResourceDecl;
  columns: ColumnDef[];
  /** the column naming a record in the recently opened list (default: the first text column shown in the table with a value) */
  recordLabel?: string;
  /** creation-time range filter: the column it applies to (default createTime), or false */
  timeRange?: string | false;
  pageSize?: number;
  /** tree list instead of paged table */
  tree?: TreeDef;
  /** left filter tree */
  sideTree?: SideTreeDef;
  /** extra toolbar / row buttons */
  extraActions?: ExtraAction[];
  /** standard buttons shown without checking permissions (e.g. tenant packages: add, edit, delete) */
  alwaysAllow?: ('add' | 'edit' | 'delete' | 'view')[];
  /** standard buttons never shown */
  hide?: ('add' | 'edit' | 'delete' | 'view' | 'batchDelete')[];
  /** fixed parameters added to every list call */
  listParams?: Record<string, string | number>;
  /** fixed values added to every save (e.g. the record a sub-list's rows belong to: a model's fields) */
  submitParams?: Record<string, string | number>;
  /**
   * width of the table's action column the spec asks for (e.g. 380): the column is at least this wide, wider only
   * when its buttons need it (default: as wide as the buttons)
   */
  actionWidth?: number;
  /**
   * rows that change on the server by themselves while this holds (a task running): the list reads its page
   * again every few seconds while shown and a row of it does (a `job` column's queued or running job counts too)
   */
  refreshWhile?(row: Row): boolean;
  /** rows for which this returns true show no edit, delete or add-child button (e.g. dictionary children in the vertical layout) */
  rowLocked?(row: Row): boolean;
}
