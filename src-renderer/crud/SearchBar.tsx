import { memo } from 'react';
import { Button, Form, type FormInstance } from 'antd';
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

/** Search form: the columns marked search, the creation-time range, search + clear. memo: paging does not re-render it. */
export const SearchBar = memo(function SearchBar({ def, form, options, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const range = timeRangeColumn(def);
  const pagePath = usePagePath();
  const yesNo: Option[] = [
    { value: 1, label: t('crud.yes') },
    { value: 0, label: t('crud.no') },
  ];
  return (
    // the form name prefixes its fields' ids: one per opened page, as every opened page stays mounted
    // (a shared name gave two pages the same ids, and a page's labels pointed at another's fields)
    <Form form={form} name={`search${(pagePath ?? def.code).replace(/[^A-Za-z0-9]+/g, '-')}`} data-testid="crud-search" layout="inline" onFinish={onSearch} style={{ rowGap: 12, marginBottom: 16 }}>
      {searchColumns(def).map((c) => (
        <Form.Item key={c.name} name={c.name} label={t(c.label)}>
          <FieldInput column={c} options={c.valueType === 'switch' && !c.options ? yesNo : options[c.name]} label={placeholderOf(t, c)} inSearch />
        </Form.Item>
      ))}
      {range && (
        <Form.Item name={rangeField(range)} label={t(def.columns.find((c) => c.name === range)?.label ?? 'crud.createTime')}>
          <DatePicker.RangePicker showTime format={DATE_TIME_FORMAT} placeholder={[t('crud.startTime'), t('crud.endTime')]} />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t('crud.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          onClick={() => {
            form.resetFields();
            onReset();
          }}
        >
          {t('crud.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
});
