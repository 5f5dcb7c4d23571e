// A list screen's parts, rendered once out of sight while the console is idle
// (prefetch/usePrefetch.ts), so the first list the operator opens does not pay
// for what every first render pays once: antd injecting the style sheets of
// Table, Form, Select, DatePicker, Tree, Dropdown and the rest into the page
// (each one a style recalculation of the whole document), and V8 compiling
// their code. Measured on the user list: the first list opened took about
// 150 ms longer than the same list opened second. Nothing here asks the server.
// It also measures the ASCII characters on the canvas that sizes the columns, which loads its fonts, and
// the width a list's table has (it is laid out where the lists are, in the content area, with no height), so
// the first list opened sizes its columns without measuring its box first (columnWidths.ts, useContentWidth).
import { memo, useEffect, useMemo, useRef } from 'react';
import { Card, Form, Input, Table, Tree, type TableColumnsType } from 'antd';
import type { Row } from '../../src-shared/wire';
import { RowActions, type RowAction } from './RowActions';
import { SearchBar } from './SearchBar';
import { rememberListWidth, textWidth } from './columnWidths';
import type { ScreenDef } from './types';

const DEF: ScreenDef = {
  code: 'list-warmup',
  title: 'crud.search',
  api: { list: '', remove: '' },
  columns: [
    { name: 'name', label: 'crud.search', search: true },
    { name: 'kind', label: 'crud.search', valueType: 'select', search: true, options: [{ value: 1, label: 'crud.yes' }] },
    { name: 'on', label: 'crud.search', valueType: 'switch', search: true },
    { name: 'createTime', label: 'crud.createTime', valueType: 'datetime' },
  ],
  timeRange: 'createTime',
};

const ROWS: Row[] = [
  { id: '1', name: '一', kind: 1 },
  { id: '2', name: '二', kind: 1 },
];

const noop = (): void => undefined;
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const ACTIONS: RowAction[] = ['view', 'edit', 'delete', 'more'].map((key) => ({ key, label: key, run: noop }));

/**
 * calls `onDone` once it has been rendered and laid out; it stays mounted after that, and memo keeps the
 * console's renders (a tab switch, a menu change) from rendering its antd parts again
 */
export const ListWarmup = memo(function ListWarmup({ onDone }: { onDone(): void }) {
  const [form] = Form.useForm();
  const box = useRef<HTMLDivElement>(null);
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      { key: 'name', dataIndex: 'name', title: 'name', width: 120, ellipsis: true },
      { key: 'kind', dataIndex: 'kind', title: 'kind', width: 120, ellipsis: true },
      { key: '__actions', title: 'actions', width: 200, fixed: 'right', render: (_v, row) => <RowActions actions={ACTIONS} row={row} /> },
    ],
    [],
  );
  useEffect(() => {
    // the canvas that sizes the columns (columnWidths.ts): the printable ASCII characters measured in both
    // weights (loading the fonts), so a list's first render measures only characters it has not seen
    textWidth(PRINTABLE, 400);
    textWidth(PRINTABLE, 600);
    const id = requestAnimationFrame(() => onDone());
    return () => cancelAnimationFrame(id);
  }, [onDone]);
  useEffect(() => {
    // the list table's width, reported after each layout (no forced layout), kept while the content area resizes
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => rememberListWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return (
    // in the content area, as wide as a list and with no height; strict containment: it stays mounted
    // (prefetch/usePrefetch.ts), and its own layouts never leave it
    <div data-list-warmup aria-hidden="true" inert style={{ height: 0, overflow: 'hidden', contain: 'strict', visibility: 'hidden', pointerEvents: 'none' }}>
      <Card size="small" title="tree">
        <Input.Search size="small" />
        <Tree treeData={[{ key: 'a', title: 'a', children: [{ key: 'b', title: 'b' }] }]} defaultExpandAll />
      </Card>
      <Card title="list">
        <SearchBar def={DEF} form={form} options={{}} onSearch={noop} onReset={noop} />
        {/* as CrudPage's table box */}
        <div ref={box}>
        <Table<Row>
          rowKey="id"
          size="middle"
          bordered
          dataSource={ROWS}
          columns={columns}
          scroll={{ x: 440 }}
          rowSelection={{ selectedRowKeys: [], onChange: noop }}
          pagination={{ current: 1, pageSize: 10, total: 20, showSizeChanger: true, showTotal: (n) => String(n) }}
        />
        </div>
      </Card>
    </div>
  );
});
