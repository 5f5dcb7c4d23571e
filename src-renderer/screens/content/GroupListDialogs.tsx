// The lists of a website group's websites (网站分组): their SSL certificates
// (GET websiteGroup/ssl-list?id=, from a row) and their links (POST
// websiteGroup/link-list?ids=, from a row or the ticked groups of the toolbar).
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../src-shared/wire';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { idsParam } from '../../crud/params';
import '../../i18n/areas/content-ops';

const G = '/website-blade-material/websiteGroup';

/** A read-only list of rows fetched once on open, in a dialog. */
function ListDialog({ title, load, columns, onClose }: { title: string; load: () => Promise<Row[]>; columns: TableColumnsType<Row>; onClose(): void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    load().then(setRows, (e: unknown) => setError((e as Error).message));
  }, [load]);
  return (
    <Modal open title={title} width={860} onCancel={onClose} footer={<Button onClick={onClose}>{t('crud.close')}</Button>}>
      {error ? (
        <div role="alert">{error}</div>
      ) : (
        <Table<Row> size="small" bordered rowKey="id" loading={!rows} dataSource={rows ?? []} columns={columns} pagination={{ pageSize: 10, hideOnSinglePage: true }} locale={{ emptyText: t('content.ops.group.empty') }} />
      )}
    </Modal>
  );
}

const groupNames = (rows: Row[]): string => rows.map((r) => String(r.name ?? '')).join(', ');

export function GroupSslDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const group = ctx.row!;
  const [load] = useState(() => () => call('api:request', { method: 'get', url: `${G}/ssl-list`, params: { id: String(group.id) } }).then((r) => r.data as Row[]));
  const tag = (v: unknown): ReactNode => <Tag color={v === 1 ? 'green' : 'default'}>{t(v === 1 ? 'content.website.sslIssued' : 'content.website.sslNone')}</Tag>;
  return (
    <ListDialog
      title={`${t('content.ops.group.sslTitle')} - ${groupNames([group])}`}
      load={load}
      onClose={onClose}
      columns={[
        { key: 'websiteName', title: t('content.ops.group.websiteName'), dataIndex: 'websiteName' },
        { key: 'domainName', title: t('content.ops.group.domainName'), dataIndex: 'domainName' },
        { key: 'isSsl', title: t('content.ops.group.ssl'), dataIndex: 'isSsl', width: 120, render: tag },
      ]}
    />
  );
}

export function GroupLinksDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const groups = ctx.row ? [ctx.row] : ctx.selected;
  const [load] = useState(() => () => call('api:request', { method: 'post', url: `${G}/link-list`, params: { ids: idsParam(groups.map((g) => g.id as string)) } }).then((r) => r.data as Row[]));
  const yesNo = (v: unknown) => t(v === 1 ? 'content.common.yes' : 'content.common.no');
  return (
    <ListDialog
      title={`${t('content.ops.group.linkTitle')} - ${groupNames(groups)}`}
      load={load}
      onClose={onClose}
      columns={[
        { key: 'websiteName', title: t('content.ops.group.websiteName'), dataIndex: 'websiteName', width: 160 },
        { key: 'name', title: t('content.ops.group.name'), dataIndex: 'name', width: 160 },
        { key: 'link', title: t('content.ops.group.link'), dataIndex: 'link', ellipsis: true },
        { key: 'openPage', title: t('content.ops.group.openPage'), dataIndex: 'openPage', width: 100, render: yesNo },
        { key: 'status', title: t('content.ops.group.status'), dataIndex: 'status', width: 80, render: (v: unknown) => t(v === 1 ? 'content.common.on' : 'content.common.off') },
      ]}
    />
  );
}
