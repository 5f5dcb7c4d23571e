import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { App as AntApp, Button, Col, Form, Modal, Row as GridRow, Spin, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Rule } from 'antd/es/form';
import { notify } from './notify';
import type { Row } from '../../src-shared/wire';
import type { ScreenDef } from './types';
import type { Option } from './useOptions';
import { optionsUnder } from './values';
import { FieldInput, formRules, placeholderOf } from './fields';
import { declaredDependencies, declaredRules } from './declared';
import { defaultValues, displayValue, formColumns, toFormValues, toSubmitData, viewColumns } from './values';
import { JobDetail } from './JobCell';
import type { ColumnDef, FieldContext } from './types';
import { useSession } from '../stores/session';
import { StoredImage } from '../components/upload/ImageUpload';
import { DATE_TIME_FORMAT } from './params';
import { fetchDetail, saveRow } from './api';
import { validateForm } from './validateForm';

export type DialogMode = 'add' | 'edit' | 'view';

interface Props {
  def: ScreenDef;
  mode: DialogMode;
  /** the table row being edited / viewed */
  row: Row | null;
  options: Record<string, Option[]>;
  /** add mode: values set over the defaults (e.g. parentId of a new child) */
  initial?: Record<string, unknown>;
  onClose(): void;
  onSaved(): void;
}

/** Add / edit / view dialog. A failed save keeps the dialog open with the input. */
export function FormDialog({ def, mode, row, options, initial, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm();
  const [loading, setLoading] = useState(mode !== 'add');
  const [saving, setSaving] = useState(false);
  // view mode: the record as read, for the names a column shows instead of its ids (`displayField`)
  const [record, setRecord] = useState<Row | null>(null);
  const key = def.rowKey ?? 'id';
  const id = row ? (row[key] as string | number) : undefined;
  const tenantId = useSession((st) => st.user?.tenant_id ?? '');
  const fieldCtx = useMemo<FieldContext>(() => ({ mode, tenantId, options }), [mode, tenantId, options]);

  useEffect(() => {
    let alive = true;
    if (mode === 'add') {
      form.setFieldsValue({ ...defaultValues(def), ...initial });
      return;
    }
    if (!row || id === undefined) return;
    const load = async () => {
      try {
        const detail = (await fetchDetail(def, id)) ?? row;
        if (alive) {
          setRecord(detail);
          form.setFieldsValue(toFormValues(def, detail));
        }
      } catch (e) {
        notify(message, 'error', (e as Error).message);
        if (alive) {
          setRecord(row);
          form.setFieldsValue(toFormValues(def, row));
        }
      } finally {
        if (alive) setLoading(false);
      }
    };
    void load();
    return () => {
      alive = false;
    };
  }, [def, mode, row, id, form, message, initial]);

  const onSave = async () => {
    let values: Record<string, unknown>;
    try {
      values = (await validateForm(form)) as Record<string, unknown>;
    } catch {
      return; // field messages are shown by the form
    }
    setSaving(true);
    try {
      await saveRow(def, toSubmitData(def, values, mode === 'edit' ? id : undefined), mode === 'edit');
      notify(message, 'success', t(mode === 'edit' ? 'crud.updateSuccess' : 'crud.addSuccess'));
      onSaved();
    } catch (e) {
      notify(message, 'error', (e as Error).message);
      setSaving(false);
    }
  };

  const title = t(mode === 'add' ? 'crud.addTitle' : mode === 'edit' ? 'crud.editTitle' : 'crud.viewTitle');
  const footer =
    mode === 'view'
      ? [
          <Button key="close" onClick={onClose}>
            {t('crud.close')}
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose} disabled={saving}>
            {t('crud.cancel')}
          </Button>,
          <Button key="save" type="primary" loading={saving} disabled={loading} onClick={() => void onSave()}>
            {t('crud.save')}
          </Button>,
        ];

  return (
    <Modal
      open
      title={`${t(def.title)} - ${title}`}
      width={def.dialogWidth ?? 880}
      onCancel={saving ? undefined : onClose}
      maskClosable={false}
      destroyOnHidden
      footer={footer}
    >
      <Spin spinning={loading}>
        <Form
          form={form}
          name="dialog"
          layout="horizontal"
          labelWrap
          labelCol={{ flex: `${def.labelWidth ?? 110}px` }}
          wrapperCol={{ flex: 1 }}
          onValuesChange={(changed) => {
            fillFromChoice(def, options, form, changed as Record<string, unknown>);
            clearStrayChildren(def, options, form, changed as Record<string, unknown>);
          }}
          // while the record loads, nothing can be typed: its values would overwrite the input when they come
          disabled={saving || loading}
          initialValues={mode === 'add' ? { ...defaultValues(def), ...initial } : undefined}
          onFinish={() => void onSave()}
        >
          <GridRow gutter={16}>
            {(mode === 'view' ? viewColumns(def) : formColumns(def)).filter((c) => !(c.addOnly && mode !== 'add')).map((c) => withVisibility(c, fieldCtx, (
              <Col key={c.name} span={c.span ?? (c.valueType === 'textarea' || c.valueType === 'job' ? 24 : 12)}>
                <Form.Item
                  name={c.name}
                  label={t(c.label)}
                  rules={mode === 'view' ? [] : [...declaredRules(t, c, def.declaration), ...formRules(t, c), ...conditionalRequired(t, c, fieldCtx)]}
                  validateTrigger={c.validateTrigger}
                  dependencies={declaredDependencies(c, def.declaration)}
                  extra={c.extra && mode !== 'view' ? t(c.extra) : undefined}
                  valuePropName={c.valueType === 'switch' && mode !== 'view' ? 'checked' : 'value'}
                >
                  {mode === 'view' && c.valueType === 'job' ? (
                    <JobDetail job={record?.[c.name]} />
                  ) : mode === 'view' ? (
                    <ViewValue column={c} options={options[c.name] ?? []} shown={c.displayField ? record?.[c.displayField] : undefined} yesNo={{ yes: t('crud.yes'), no: t('crud.no') }} />
                  ) : (
                    <FieldInput
                      column={c}
                      options={options[c.name]}
                      filterBy={c.filterBy}
                      label={placeholderOf(t, c)}
                      disabled={mode === 'edit' && (c.readonlyOnEdit || (row && c.readonlyWhen?.(row))) ? true : undefined}
                    />
                  )}
                </Form.Item>
              </Col>
            )))}
          </GridRow>
        </Form>
      </Spin>
    </Modal>
  );
}

/** A remote select whose records fill other fields (`remote.fills`): choosing one sets them from it. */
function fillFromChoice(def: ScreenDef, options: Record<string, Option[]>, form: FormInstance, changed: Record<string, unknown>): void {
  for (const c of def.columns) {
    if (!c.remote?.fills || !(c.name in changed)) continue;
    const chosen = (options[c.name] ?? []).find((o) => String(o.value) === String(changed[c.name]));
    if (chosen?.fills) form.setFieldsValue(chosen.fills);
  }
}

/**
 * A select narrowed by another field (`filterBy`) loses a value that does not belong to that field's new
 * value; in column order, so a chain (group -> website -> ...) clears down the line.
 */
function clearStrayChildren(def: ScreenDef, options: Record<string, Option[]>, form: FormInstance, changed: Record<string, unknown>): void {
  const touched = new Set(Object.keys(changed));
  for (const c of def.columns) {
    if (!c.filterBy || !touched.has(c.filterBy)) continue;
    const value = form.getFieldValue(c.name) as unknown;
    if (value === undefined || value === null || value === '') continue;
    const fits = optionsUnder(options[c.name] ?? [], form.getFieldValue(c.filterBy)).some((o) => String(o.value) === String(value));
    if (!fits) {
      form.setFieldValue(c.name, undefined);
      touched.add(c.name);
    }
  }
}

/** The `requiredWhen` rule of a column, judged on the current values. */
function conditionalRequired(t: TFunction, c: ColumnDef, ctx: FieldContext): Rule[] {
  const rw = c.requiredWhen;
  if (!rw) return [];
  return [
    (form) => {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      return { required: rw.when(values, ctx), message: t(rw.messageOf?.(values) ?? rw.message, { label: t(c.label) }) };
    },
  ];
}

/** A column with `visibleWhen` is rendered only while its condition holds for the current values. */
function withVisibility(c: ColumnDef, ctx: FieldContext, item: ReactElement): ReactElement {
  if (!c.visibleWhen) return item;
  const visible = c.visibleWhen;
  return (
    <Form.Item key={c.name} noStyle shouldUpdate>
      {(form) => (visible(form.getFieldsValue(true) as Record<string, unknown>, ctx) ? item : null)}
    </Form.Item>
  );
}

/**
 * View mode: the value as read-only text (Form.Item injects `value`); a column naming a `displayField` shows the
 * record's names there (roles, departments, posts), never the ids it stores.
 */
function ViewValue({ column, options, yesNo, value, shown }: { column: ColumnDef; options: Option[]; yesNo: { yes: string; no: string }; value?: unknown; shown?: unknown }) {
  if (shown !== undefined && shown !== null && shown !== '') return <div className="desk-view-value">{String(shown)}</div>;
  if (column.valueType === 'image') return <div className="desk-view-value">{typeof value === 'string' && value ? <StoredImage link={value} size={96} /> : ''}</div>;
  if (column.viewText) return <div className="desk-view-value">{column.viewText(value)}</div>;
  const text =
    value && typeof value === 'object' && 'format' in value
      ? (value as { format(f: string): string }).format(DATE_TIME_FORMAT)
      : displayValue(column, value, options, yesNo);
  return <div className="desk-view-value">{text}</div>;
}
