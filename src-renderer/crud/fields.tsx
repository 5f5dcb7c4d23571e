// One input per valueType, shared by the search form and the dialog form.
import { useMemo } from 'react';
import { AutoComplete, DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { ColumnDef } from './types';
import type { Option } from './useOptions';
import { optionsUnder } from './values';
import { DATE_TIME_FORMAT } from './params';
import { ImageUpload } from '../components/upload/ImageUpload';
import { TreeSelectField } from './TreeSelectField';

/** What Form.Item injects into its child: id, value / checked, onChange... */
type Injected = Record<string, unknown>;

export function FieldInput({ filterBy, ...props }: FieldProps & { filterBy?: string }) {
  return filterBy ? <NarrowedInput {...props} filterBy={filterBy} /> : <PlainInput {...props} />;
}

type FieldProps = {
  column: ColumnDef;
  options: Option[] | undefined;
  label: string;
  disabled?: boolean;
  inSearch?: boolean;
} & Injected;

/** A select whose options follow another field of the same form (ColumnDef.filterBy). */
function NarrowedInput({ filterBy, options, ...props }: FieldProps & { filterBy: string }) {
  const parent = Form.useWatch(filterBy, Form.useFormInstance()) as unknown;
  const narrowed = useMemo(() => optionsUnder(options ?? [], parent), [options, parent]);
  return <PlainInput {...props} options={narrowed} />;
}

function PlainInput({ column, options, label, disabled, inSearch, ...bound }: FieldProps) {
  switch (column.valueType ?? 'text') {
    case 'textarea':
      return inSearch ? <Input allowClear placeholder={label} {...bound} /> : <Input.TextArea {...bound} rows={column.rows ?? 3} placeholder={label} disabled={disabled} />;
    case 'password':
      return <Input.Password {...bound} placeholder={label} disabled={disabled} />;
    case 'number':
      return <InputNumber {...bound} style={{ width: '100%' }} min={column.min} max={column.max} precision={column.precision} placeholder={label} disabled={disabled} />;
    case 'treeSelect':
      return <TreeSelectField {...bound} column={column} placeholder={label} disabled={disabled} inSearch={inSearch} />;
    case 'select':
      if (column.allowInput && !inSearch)
        return (
          <AutoComplete
            {...bound}
            allowClear
            options={(options ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
            showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input) }}
            placeholder={label}
            disabled={disabled}
          />
        );
      return (
        <Select
          {...bound}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          mode={column.multiple && !inSearch ? 'multiple' : undefined}
          options={options ?? []}
          placeholder={label}
          disabled={disabled}
          style={inSearch ? { minWidth: 180 } : undefined}
        />
      );
    case 'radio':
      // a few options side by side in the form; in the search bar a select like any other choice
      return inSearch ? (
        <Select {...bound} allowClear options={options ?? []} placeholder={label} style={{ minWidth: 120 }} />
      ) : (
        <Radio.Group {...bound} options={options ?? []} disabled={disabled} />
      );
    case 'switch':
      return inSearch ? <Select {...bound} allowClear options={options ?? []} placeholder={label} style={{ minWidth: 120 }} /> : <Switch {...bound} disabled={disabled} />;
    case 'date':
      return <DatePicker {...bound} style={{ width: '100%' }} placeholder={label} disabled={disabled} />;
    case 'datetime':
      return <DatePicker {...bound} showTime style={{ width: '100%' }} format={DATE_TIME_FORMAT} placeholder={label} disabled={disabled} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...bound} showTime format={DATE_TIME_FORMAT} disabled={disabled} />;
    case 'image':
      return (
        <ImageUpload
          {...(bound as { value?: string; onChange?(v: string | undefined): void; id?: string })}
          accept={column.upload?.accept ?? ['jpg', 'jpeg', 'png', 'gif', 'ico', 'webp']}
          maxKB={column.upload?.maxKB}
          scene={column.upload?.scene}
          typeMessage={column.upload?.typeMessage}
          sizeMessage={column.upload?.sizeMessage}
          disabled={disabled}
        />
      );
    case 'custom': {
      const Custom = column.input;
      return Custom ? <Custom {...bound} placeholder={label} disabled={disabled} /> : null;
    }
    default:
      return <Input {...bound} allowClear placeholder={label} disabled={disabled} />;
  }
}

/** Placeholder text: 请输入X / 请选择X. */
export function placeholderOf(t: TFunction, column: ColumnDef): string {
  const label = t(column.label);
  const picks = column.valueType === 'select' || column.valueType === 'radio' || column.valueType === 'treeSelect' || column.valueType === 'switch' || column.valueType === 'date' || column.valueType === 'datetime';
  return picks ? t('crud.selectPlaceholder', { label }) : t('crud.inputPlaceholder', { label });
}

/** The column's rules as antd rules, messages translated. */
export function formRules(t: TFunction, column: ColumnDef): Rule[] {
  const label = t(column.label);
  const isText = !column.valueType || column.valueType === 'text' || column.valueType === 'textarea' || column.valueType === 'password';
  return (column.rules ?? []).map((r) => {
    const message = t(r.message, { label, min: r.min, max: r.max });
    // only text gets `whitespace`: any key besides required/message makes async-validator check the type as string, refusing numbers
    if (r.required) return isText ? { required: true, whitespace: true, message } : { required: true, message };
    if (r.pattern) return { pattern: new RegExp(r.pattern), message };
    if (r.check) {
      const check = r.check;
      return ({ getFieldsValue }) => ({
        validator: (_rule: unknown, value: unknown) => {
          const verdict = check(value, getFieldsValue(true) as Record<string, unknown>);
          return verdict === true ? Promise.resolve() : Promise.reject(new Error(typeof verdict === 'string' ? t(verdict, { label }) : message));
        },
      });
    }
    if (r.sameAs) {
      const other = r.sameAs;
      return ({ getFieldValue }) => ({
        validator: (_rule, value) => (!value || value === getFieldValue(other) ? Promise.resolve() : Promise.reject(new Error(message))),
      });
    }
    if (column.valueType === 'number') return { type: 'number', min: r.min, max: r.max, message };
    return { min: r.min, max: r.max, message };
  });
}
