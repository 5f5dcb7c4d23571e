// A deploy task's last run (deploy-scheduler.ts keeps it on the task): when, its
// outcome (成功 / 部分失败 / 失败), the articles published and, per site, the
// deploy's status and reason. Opened from the task's row (执行结果).
import { Descriptions, Modal, Table, Tag, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import type { ExtraActionDialogProps, OptionDef } from '../../crud/types';
import type { RunOutcome, RunSite } from '../../../src-shared/deploy-run';
import '../../i18n/areas/content-ops';

export type { RunOutcome } from '../../../src-shared/deploy-run';

export const RUN_STATES: OptionDef[] = [
  { value: 'success', label: 'content.ops.run.success' },
  { value: 'partial', label: 'content.ops.run.partial' },
  { value: 'failed', label: 'content.ops.run.failed' },
];

const STATE_COLOR: Record<string, string> = { success: 'green', partial: 'orange', failed: 'red' };

/** The message of a run that did not fully succeed, or null. */
export function runProblem(r: RunOutcome): string | null {
  if (r.state === 'success') return null;
  const t = i18n.t.bind(i18n);
  if (r.sites.length === 0) return t('content.ops.run.runFailed', { reason: r.message ?? t('content.ops.run.noSites') });
  if (r.state === 'partial') return t('content.ops.run.runPartial', { failed: r.failed, total: r.sites.length });
  return t('content.ops.run.allFailed', { failed: r.failed });
}

function parseSites(raw: unknown): { sites: RunSite[]; message?: string } {
  try {
    const v = JSON.parse(String(raw ?? '')) as { sites?: RunSite[]; message?: string };
    return { sites: Array.isArray(v.sites) ? v.sites : [], message: v.message };
  } catch {
    return { sites: [] };
  }
}

export function DeployRunDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const row = ctx.row!;
  const state = String(row.lastRunState ?? '');
  const { sites, message } = parseSites(row.lastRunSites);
  const label = RUN_STATES.find((s) => s.value === state)?.label;
  return (
    <Modal open title={`${t('content.ops.run.result')} - ${String(row.taskName ?? '')}`} width={860} onCancel={onClose} footer={<Button onClick={onClose}>{t('crud.close')}</Button>}>
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('content.ops.run.lastRunTime')}>{String(row.lastRunTime ?? '')}</Descriptions.Item>
        <Descriptions.Item label={t('content.ops.run.lastRun')}>
          <Tag color={STATE_COLOR[state]} data-testid="run-state">{label ? t(label) : ''}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('content.ops.run.published')}>{String(row.lastRunPublished ?? 0)}</Descriptions.Item>
      </Descriptions>
      {message && <div role="alert" style={{ marginBottom: 12 }}>{message}</div>}
      <Table<RunSite>
        size="small"
        bordered
        rowKey="websiteInfoId"
        tableLayout="fixed"
        pagination={false}
        dataSource={sites}
        locale={{ emptyText: t('content.ops.run.noSites') }}
        columns={[
          { key: 'site', title: t('content.ops.run.site'), dataIndex: 'websiteName', width: 160 },
          { key: 'domain', title: t('content.ops.run.domain'), dataIndex: 'domain', width: 180 },
          {
            key: 'status',
            title: t('content.ops.run.status'),
            dataIndex: 'statusName',
            width: 100,
            render: (v: string, site) => <Tag color={site.deployed ? 'green' : 'red'}>{v}</Tag>,
          },
          { key: 'message', title: t('content.ops.run.message'), dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}
