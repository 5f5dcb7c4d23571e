import { useCallback, useEffect, useMemo, useState } from 'react';
import { App as AntApp, Button, Card, Form, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from './notify';
import type { Row } from '../../src-shared/wire';
import { useCan } from '../stores/session';
import type { ScreenDef } from './types';
import { useColumnOptions } from './useOptions';
import { fetchPage, removeRows } from './api';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, listParams, pageAfterRemoval, rowIndex, type PageQuery } from './params';
import { displayValue } from './values';
import { SearchBar } from './SearchBar';
import { FormDialog, type DialogMode } from './FormDialog';

/** The one generic list-and-form screen, driven by a ScreenDef. */
export function CrudPage({ def }: { def: ScreenDef }) {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const can = useCan();
  const [searchForm] = Form.useForm();
  const options = useColumnOptions(def.columns);
  const rowKey = def.rowKey ?? 'id';

  const [page, setPage] = useState<PageQuery>({ current: 1, size: def.pageSize ?? DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [reloadTick, setReloadTick] = useState(0);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [dialog, setDialog] = useState<{ mode: DialogMode; row: Row | null } | null>(null);

  const reload = useCallback(() => setReloadTick((n) => n + 1), []);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    fetchPage(def, listParams(def, filters, page))
      .then((result) => {
        if (!alive) return;
        setRows(result.records);
        setTotal(result.total);
      })
      .catch((e: unknown) => {
        if (alive) notify(message, 'error', (e as Error).message);
      })
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [def, filters, page, reloadTick, message]);

  const onSearch = () => {
    setFilters(searchForm.getFieldsValue() as Record<string, unknown>);
    setPage((p) => ({ ...p, current: 1 }));
    reload();
  };
  const onReset = () => {
    setFilters({});
    setPage((p) => ({ ...p, current: 1 }));
    reload();
  };

  const confirmRemove = useCallback(
    (keys: (string | number)[]) => {
      modal.confirm({
        title: t('crud.confirmTitle'),
        content: t('crud.confirmDelete'),
        okText: t('crud.ok'),
        cancelText: t('crud.cancel'),
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await removeRows(def, keys);
          } catch (e) {
            notify(message, 'error', (e as Error).message);
            return;
          }
          notify(message, 'success', t('crud.deleteSuccess'));
          setSelected((s) => s.filter((k) => !keys.includes(k)));
          setPage((p) => ({ ...p, current: pageAfterRemoval(p, total, keys.length) }));
          reload();
        },
      });
    },
    [modal, message, t, def, total, reload],
  );

  const onBatchDelete = () => {
    if (selected.length === 0) {
      notify(message, 'warning', t('crud.selectAtLeastOne'));
      return;
    }
    confirmRemove(selected);
  };

  const canView = can(`${def.code}_view`);
  const canEdit = can(`${def.code}_edit`);
  const canDelete = can(`${def.code}_delete`);
  const yesNo = useMemo(() => ({ yes: t('crud.yes'), no: t('crud.no') }), [t]);

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const list: TableColumnsType<Row> = [
      { key: '__index', title: t('crud.index'), width: 70, align: 'center', render: (_v, _r, i) => rowIndex(page, i) },
      ...def.columns
        .filter((c) => !c.hideInTable)
        .map((c) => ({
          key: c.name,
          dataIndex: c.name,
          title: t(c.label),
          width: c.width,
          ellipsis: true,
          render: (v: unknown) => displayValue(c, v, options[c.name] ?? [], yesNo),
        })),
    ];
    if (canView || canEdit || canDelete)
      list.push({
        key: '__actions',
        title: t('crud.actions'),
        width: 200,
        fixed: 'right',
        render: (_v, row) => (
          <Space size={0}>
            {canView && (
              <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', row })}>
                {t('crud.view')}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })}>
                {t('crud.edit')}
              </Button>
            )}
            {canDelete && (
              <Button type="link" size="small" danger onClick={() => confirmRemove([row[rowKey] as string])}>
                {t('crud.delete')}
              </Button>
            )}
          </Space>
        ),
      });
    return list;
  }, [def, t, page, options, yesNo, canView, canEdit, canDelete, rowKey, confirmRemove]);

  return (
    <Card title={t(def.title)}>
      <SearchBar def={def} form={searchForm} options={options} onSearch={onSearch} onReset={onReset} />
      <Space style={{ marginBottom: 12 }}>
        {can(`${def.code}_add`) && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ mode: 'add', row: null })}>
            {t('crud.add')}
          </Button>
        )}
        {canDelete && (
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onBatchDelete}>
            {t('crud.batchDelete')}
          </Button>
        )}
      </Space>
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as (string | number)[]), preserveSelectedRowKeys: true }}
        locale={{ emptyText: t('crud.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n) => t('crud.total', { total: n }),
          onChange: (current, size) => setPage((p) => ({ current: size !== p.size ? 1 : current, size })),
        }}
      />
      {dialog && (
        <FormDialog
          def={def}
          mode={dialog.mode}
          row={dialog.row}
          options={options}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
    </Card>
  );
}
