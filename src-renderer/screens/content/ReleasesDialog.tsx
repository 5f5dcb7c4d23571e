// The releases kept on a website's server (GET websiteDeploy/releases) and a
// rollback to one of them (POST websiteDeploy/rollback): the live folder
// switches to it at once, nothing is uploaded.
import { useCallback, useEffect, useState } from 'react';
import { App as AntApp, Button, Modal, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import '../../i18n/areas/content';

const D = '/website-blade-deploy/websiteDeploy';

interface Release {
  name: string;
  live: boolean;
}

/** "20261124135901123-9a88fa" -> "2026-11-24 13:59:01" */
const when = (name: string) => name.replace(/^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)\d{3}-.*$/, '$1-$2-$3 $4:$5:$6');

export function ReleasesDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const id = String(ctx.row!.id);
  const [list, setList] = useState<Release[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState('');
  const load = useCallback(() => {
    call('api:request', { method: 'get', url: `${D}/releases`, params: { websiteInfoId: id } })
      .then((r) => setList(r.data as Release[]))
      .catch((e: unknown) => setError((e as Error).message));
  }, [id]);
  useEffect(load, [load]);
  const rollback = async (name: string) => {
    setBusy(name);
    try {
      await call('api:request', { method: 'post', url: `${D}/rollback`, data: { websiteInfoId: id, release: name } });
      void message.success(t('content.website.rollbackDone', { release: when(name) }));
      onDone();
    } catch (e) {
      void message.error((e as Error).message);
      setBusy('');
    }
  };
  return (
    <Modal open width={620} title={t('content.website.releasesTitle', { name: String(ctx.row!.websiteName ?? '') })} onCancel={onClose} footer={<Button onClick={onClose}>{t('crud.close')}</Button>}>
      {error ? (
        <div role="alert">{error}</div>
      ) : !list ? (
        <Spin />
      ) : (
        <Table
          size="small"
          rowKey="name"
          pagination={false}
          dataSource={list}
          locale={{ emptyText: t('content.website.noReleases') }}
          columns={[
            { title: t('content.website.release'), dataIndex: 'name', render: (v: string) => <span title={v}>{when(v)}</span> },
            { title: t('content.website.statusName'), dataIndex: 'live', width: 120, render: (live: boolean) => (live ? <Tag color="green">{t('content.website.liveRelease')}</Tag> : null) },
            {
              title: '',
              width: 120,
              render: (_: unknown, r: Release) =>
                r.live ? null : (
                  <Button size="small" loading={busy === r.name} disabled={Boolean(busy)} onClick={() => void rollback(r.name)}>
                    {t('content.website.rollbackTo')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
