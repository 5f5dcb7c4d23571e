import { cloneElement, memo, type ReactElement } from 'react';
import { Button, Form, type FormInstance } from 'antd';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from './types';
import type { Option } from './useOptions';
import { FieldInput, placeholderOf } from './fields';
import { rangeField, searchColumns, timeRangeColumn } from './params';
import { DatePicker } from 'antd';
import { DATE_TIME_FORMAT } from './params';
import { usePagePath } from '../layout/pagePath';

interface Props {
  def: ScreenDef;
  form: FormInstance;
  options: Record<string, Option[]>;
  onSearch(): void;
  onReset(): void;
}

/**
 * One search field: its label and its input, bound to the form by a Form.Item without its own layout (noStyle).
 * A laid-out Form.Item is a grid row, two columns, a label with its tooltip and an error list, for a field that
 * shows no error; and each of its rows subscribes to the window's breakpoints as it mounts, which renders it again
 * at once, before the first paint. On 用户管理's first open the six of them cost 4-8 ms of the click's 60 at 1×
 * (interleaved builds, docs/benchmarks.md). The label is tied to the input by the id Form.Item would give it (form
 * name, field name).
 */
function SearchField({ form, name, label, children }: { form: string; name: string; label: string; children: ReactElement<{ id?: string }> }) {
  const id = `${form}_${name}`;
  return (
    <div className="desk-search-field">
      <label htmlFor={id}>{label}</label>
      <Form.Item name={name} noStyle>
        {cloneElement(children, { id })}
      </Form.Item>
    </div>
  );
}

/** Search form: the columns marked search, the creation-time range, search + clear. memo: paging does not re-render it. */
export const SearchBar = memo(function SearchBar({ def, form, options, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const range = timeRangeColumn(def);
  const pagePath = usePagePath();
  const name = `search${(pagePath ?? def.code).replace(/[^A-Za-z0-9]+/g, '-')}`;
  const yesNo: Option[] = [
    { value: 1, label: t('crud.yes') },
    { value: 0, label: t('crud.no') },
  ];
  return (
    // the form name prefixes its fields' ids: one per opened page, as every opened page stays mounted
    // (a shared name gave two pages the same ids, and a page's labels pointed at another's fields)
    <Form form={form} name={name} data-testid="crud-search" layout="inline" onFinish={onSearch} style={{ rowGap: 12, marginBottom: 16 }}>
      {searchColumns(def).map((c) => (
        <SearchField key={c.name} form={name} name={c.name} label={t(c.label)}>
          <FieldInput column={c} options={c.valueType === 'switch' && !c.options ? yesNo : options[c.name]} label={placeholderOf(t, c)} inSearch />
        </SearchField>
      ))}
      {range && (
        <SearchField form={name} name={rangeField(range)} label={t(def.columns.find((c) => c.name === range)?.label ?? 'crud.createTime')}>
          <DatePicker.RangePicker showTime format={DATE_TIME_FORMAT} placeholder={[t('crud.startTime'), t('crud.endTime')]} />
        </SearchField>
      )}
      <div className="desk-search-field">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('crud.search')}
        </Button>
      </div>
      <div className="desk-search-field">
        <Button
          icon={<DeleteOutlined aria-hidden />}
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          {t('crud.reset')}
        </Button>
      </div>
    </Form>
  );
});
