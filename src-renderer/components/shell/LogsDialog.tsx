import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Button, Modal, Space, Table, Typography } from 'antd';
import { BugOutlined, CloudUploadOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ErrorLogEntry } from '../../../src-shared/wire';
import { call } from '../../platform/bridge';
import { onLogged } from '../../errors/report';

export const LOG_BADGE_MAX = 99;

/** The local error log screen: type, url, message, stack, time; upload to the server and clear. */
export function LogsTable({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [rows, setRows] = useState<ErrorLogEntry[]>([]);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await call('log:list'));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const upload = () =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('shell.uploadConfirm'),
      onOk: async () => {
        try {
          await call('log:upload');
          void message.success(t('shell.uploadDone'));
        } catch (e) {
          void message.error((e as Error).message);
        }
      },
    });
  const clear = () =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('shell.clearConfirm'),
      onOk: async () => {
        await call('log:clear');
        void message.success(t('shell.clearDone'));
        await load();
        onChanged?.();
      },
    });

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<CloudUploadOutlined />} onClick={upload} disabled={rows.length === 0}>
          {t('shell.upload')}
        </Button>
        <Button danger icon={<DeleteOutlined />} onClick={clear} disabled={rows.length === 0}>
          {t('shell.clear')}
        </Button>
      </Space>
      <Table<ErrorLogEntry>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 10 }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('shell.logType'), dataIndex: 'type', width: 80, render: (v: string) => <Typography.Text type="danger">{v === 'error' ? 'bug' : v}</Typography.Text> },
          { title: t('shell.logUrl'), dataIndex: 'url', width: 200, ellipsis: true },
          { title: t('shell.logMessage'), dataIndex: 'message', width: 220, ellipsis: true },
          { title: t('shell.logStack'), dataIndex: 'stack', ellipsis: true },
          { title: t('shell.logTime'), dataIndex: 'time', width: 170 },
        ]}
      />
    </>
  );
}

/** The top bar's logs icon: badge with the error count (at most 99 shown), opening the log screen. */
export function LogsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(0);
  const refresh = useCallback(() => {
    call('log:list')
      .then((l) => setCount(l.length))
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    refresh();
    return onLogged(refresh);
  }, [refresh]);
  return (
    <>
      <Badge count={count} overflowCount={LOG_BADGE_MAX} size="small" offset={[-6, 8]}>
        <Button type="text" className="desk-header-btn" icon={<BugOutlined />} aria-label={`${t('shell.logs')} ${count}`} onClick={() => setOpen(true)} />
      </Badge>
      <Modal open={open} title={t('shell.logsTitle')} onCancel={() => setOpen(false)} footer={null} width={1000} destroyOnHidden>
        <LogsTable onChanged={refresh} />
      </Modal>
    </>
  );
}
