// The deploy dialog of the website list: deploys the chosen websites one after
// another (POST websiteDeploy/deploy per site), shows the running deploy's
// progress (GET websiteDeploy/progress, polled) and each site's result: status,
// message (what was sent, or why it failed and that the live site is unchanged).
import { useEffect, useRef, useState } from 'react';
import { Button, Modal, Progress, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import '../../i18n/areas/content';

const D = '/website-blade-deploy/websiteDeploy';

interface Result {
  websiteInfoId: string;
  /** in the console's language */
  statusName: string;
  /** whether it deployed: what the status is decided and coloured by */
  deployed: boolean;
  message: string;
  filesSent?: number;
  bytesSent?: number;
  durationMs?: number;
}
interface Running {
  websiteInfoId: string;
  phase: string;
  done: number;
  total: number;
}

export function DeployDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const rows = ctx.row ? [ctx.row] : ctx.selected;
  const [results, setResults] = useState<Record<string, Result>>({});
  const [running, setRunning] = useState<Running | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const start = async () => {
    setBusy(true);
    for (const row of rows) {
      const id = String(row.id);
      setRunning({ websiteInfoId: id, phase: 'connect', done: 0, total: 0 });
      const timer = setInterval(() => {
        void call('api:request', { method: 'get', url: `${D}/progress`, params: { ids: id } })
          .then((r) => {
            const p = (r.data as Running[])[0];
            if (alive.current && p) setRunning(p);
          })
          .catch(() => undefined);
      }, 400);
      let result: Result;
      try {
        const r = await call('api:request', { method: 'post', url: `${D}/deploy`, data: { ids: id } });
        result = (r.data as Result[])[0];
      } catch (e) {
        result = { websiteInfoId: id, statusName: t('content.website.deployFailed'), deployed: false, message: (e as Error).message };
      } finally {
        clearInterval(timer);
      }
      if (!alive.current) return;
      setResults((prev) => ({ ...prev, [id]: result }));
    }
    setRunning(null);
    setBusy(false);
  };

  const cancel = () => {
    if (running) void call('api:request', { method: 'post', url: `${D}/cancel`, data: { id: running.websiteInfoId } }).catch(() => undefined);
  };

  const percent = running && running.total > 0 ? Math.round((running.done / running.total) * 100) : 0;
  const finished = Object.keys(results).length === rows.length;
  return (
    <Modal
      open
      width={760}
      title={t('content.website.deployTitle')}
      onCancel={finished ? onDone : onClose}
      maskClosable={false}
      footer={[
        busy ? (
          <Button key="cancel" danger onClick={cancel} data-testid="deploy-cancel">
            {t('content.website.deployCancel')}
          </Button>
        ) : (
          <Button key="close" onClick={finished ? onDone : onClose}>
            {t('crud.close')}
          </Button>
        ),
        <Button key="start" type="primary" loading={busy} disabled={finished} onClick={() => void start()} data-testid="deploy-start">
          {t('content.website.deployStart')}
        </Button>,
      ]}
    >
      <p>{t('content.website.deployHint', { count: rows.length })}</p>
      {running && (
        <div data-testid="deploy-progress">
          <Progress percent={percent} status="active" />
          <p>{t(`content.website.phase.${running.phase}`, { done: running.done, total: running.total })}</p>
        </div>
      )}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('content.website.websiteName'), dataIndex: 'websiteName', width: 160 },
          {
            title: t('content.website.statusName'),
            width: 100,
            render: (_: unknown, row) => {
              const r = results[String(row.id)];
              if (!r) return running?.websiteInfoId === String(row.id) ? <Tag color="processing">{t('content.website.deploying')}</Tag> : <Tag>{t('content.website.deployWaiting')}</Tag>;
              return <Tag color={r.deployed ? 'green' : 'red'}>{r.statusName}</Tag>;
            },
          },
          { title: t('content.website.deployMessage'), render: (_: unknown, row) => results[String(row.id)]?.message ?? '' },
        ]}
      />
    </Modal>
  );
}
