// /wel/dashboard: the 控制台. What the back end is doing (generation, import and
// deploy work running or queued, with progress), what failed in the last 24 hours
// with the reason each kept, sign-ins, storage (platform administrator), version
// and uptime: one call (src-shared/dashboard.ts). Every item opens its screen's
// tab. Read again each time the tab is shown, after every write, and every few
// seconds while work is running and the tab is shown. Against a stock back end
// main refuses the call (an embedded-only path) and the page says so.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, List, Progress, Row, Space, Tag, Typography, type DescriptionsProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MenuNode } from '../../../src-shared/wire';
import { DASHBOARD_OVERVIEW_URL, type DashboardActivity, type DashboardFailure, type DashboardKind, type DashboardOverview, type DashboardStorage } from '../../../src-shared/dashboard';
import { ENGINE_LABELS } from '../../../src-shared/engines';
import { call, DeskError } from '../../platform/bridge';
import { useSession } from '../../stores/session';
import { useStableNavigate } from '../../layout/navigation';
import { useFreshness } from '../../crud/freshness';
import '../../i18n/areas/dashboard';

/** the screen each kind of work opens */
const SCREEN_OF: Record<DashboardKind, string> = {
  generation: '/article/gptProduceArticle',
  import: '/article/importTask',
  deploy: '/site/websiteInfo',
  deployTask: '/site/deployTasks',
};
const SIGN_IN_LOG = '/monitor/log/usual';
/** read again this often while work runs and the page is shown */
const RUNNING_POLL_MS = 3000;

/** the back end's status names (zh) → the page's keys */
/** a row's colour by its status code (the server's statusName is in the console's language already) */
const STATUS_COLOR: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  failed: 'error',
  partlyFailed: 'warning',
  deploying: 'processing',
  deployFailed: 'error',
};

function menuPaths(nodes: readonly MenuNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.path) out.add(n.path);
    if (n.children) menuPaths(n.children, out);
  }
  return out;
}

/**
 * The storage card's lines. SQLite's database file is in the data folder: its line comes first and the folder's
 * total counts it. A team server's PostgreSQL database is not in the folder: its own line after the folder's,
 * saying it is not in the total.
 */
function storageItems(storage: DashboardStorage, t: TFunction): DescriptionsProps['items'] {
  const database = {
    key: 'db',
    label: t('dashboard.storageDatabase', { engine: ENGINE_LABELS[storage.engine] }),
    children: storage.databaseInDataDir ? (
      bytes(storage.database)
    ) : (
      <Space size={8} wrap>
        {bytes(storage.database)}
        <Typography.Text type="secondary">{t('dashboard.storageDatabaseApart')}</Typography.Text>
      </Space>
    ),
  };
  const folder = [
    { key: 'uploads', label: t('dashboard.storageUploads'), children: bytes(storage.uploads) },
    { key: 'imports', label: t('dashboard.storageImports'), children: bytes(storage.imports) },
    { key: 'sites', label: t('dashboard.storageSites'), children: bytes(storage.sites) },
    { key: 'total', label: t(storage.databaseInDataDir ? 'dashboard.storageTotalWithDatabase' : 'dashboard.storageTotal'), children: bytes(storage.total) },
    { key: 'dir', label: t('dashboard.storageDir'), children: <Typography.Text copyable>{storage.dataDir}</Typography.Text> },
  ];
  return storage.databaseInDataDir ? [database, ...folder] : [...folder, database];
}

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

function uptime(t: TFunction, seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? t('dashboard.uptimeValue', { d, h, m }) : t('dashboard.uptimeShort', { h, m });
}

function StatusTag({ status, name, scheduled }: { status: string; name: string; scheduled?: boolean }) {
  const { t } = useTranslation();
  if (scheduled) return <Tag color="blue">{t('dashboard.status.scheduled')}</Tag>;
  const color = STATUS_COLOR[status];
  return <Tag color={color}>{color ? t(`dashboard.status.${status}`) : name}</Tag>;
}

export function Dashboard() {
  const { t, i18n } = useTranslation();
  const navigate = useStableNavigate();
  const menus = useSession((s) => s.menus);
  const paths = useMemo(() => menuPaths(menus), [menus]);
  const [overview, setOverview] = useState<DashboardOverview | null>(null);
  const [error, setError] = useState<{ unavailable: boolean; message: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  useFreshness(box, { everyShow: true, touches: () => true, refresh });

  useEffect(() => {
    let alive = true;
    setLoading(true);
    call('api:request', { method: 'get', url: DASHBOARD_OVERVIEW_URL }).then(
      (r) => {
        if (!alive) return;
        setOverview(r.data as DashboardOverview);
        setError(null);
        setLoading(false);
      },
      (e: unknown) => {
        if (!alive) return;
        // 404: main refuses the embedded-only path on a stock back end (or the back end has no such endpoint)
        setError({ unavailable: e instanceof DeskError && e.code === 404, message: e instanceof Error ? e.message : String(e) });
        setLoading(false);
      },
    );
    return () => {
      alive = false;
    };
    // read again in the new language: the server answers the status names and reasons in the console's language
  }, [version, i18n.language]);

  // work running: read again while the page is shown (tasks progress on the server, which main never hears of)
  const running = overview?.activity?.some((a) => a.running) ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      const page = box.current?.closest('section.desk-page');
      if (!page?.hasAttribute('hidden')) refresh();
    }, RUNNING_POLL_MS);
    return () => clearTimeout(timer);
  }, [running, overview, refresh]);

  const open = (path: string) => navigate(path);
  const link = (kind: DashboardKind, name: string) =>
    paths.has(SCREEN_OF[kind]) ? (
      <Typography.Link onClick={() => open(SCREEN_OF[kind])} data-screen={SCREEN_OF[kind]}>
        {name}
      </Typography.Link>
    ) : (
      <Typography.Text>{name}</Typography.Text>
    );

  const header = (
    <Card
      title={t('dashboard.title')}
      extra={
        <Space>
          {overview && <Typography.Text type="secondary">{t('dashboard.refreshedAt', { time: overview.now })}</Typography.Text>}
          <Button icon={<ReloadOutlined />} loading={loading} onClick={refresh}>
            {t('dashboard.refresh')}
          </Button>
        </Space>
      }
    >
      {error ? (
        <Alert type={error.unavailable ? 'warning' : 'error'} showIcon message={t(error.unavailable ? 'dashboard.unavailable' : 'dashboard.loadFailed')} description={error.message} />
      ) : overview ? (
        <Descriptions
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'version', label: t('dashboard.version'), children: <span data-testid="dashboard-version">{overview.version}</span> },
            { key: 'started', label: t('dashboard.startedAt'), children: overview.startedAt },
            { key: 'uptime', label: t('dashboard.uptime'), children: uptime(t, overview.uptimeSeconds) },
          ]}
        />
      ) : null}
    </Card>
  );

  if (!overview || error) {
    return (
      <Space ref={box} direction="vertical" size={16} style={{ width: '100%' }}>
        {header}
      </Space>
    );
  }

  const activityItem = (a: DashboardActivity) => (
    <List.Item key={`${a.kind}-${a.id}`} data-kind={a.kind} extra={<StatusTag status={a.status} name={a.statusName} scheduled={a.kind === 'deployTask'} />}>
      <List.Item.Meta
        title={
          <Space size={8} wrap>
            <Tag>{t(`dashboard.kind.${a.kind}`)}</Tag>
            {link(a.kind, a.name)}
          </Space>
        }
        description={
          a.total > 0 ? (
            <Progress percent={Math.floor((a.done * 100) / a.total)} status={a.failed > 0 ? 'exception' : 'active'} format={() => t('dashboard.progress', { done: a.done, total: a.total })} size="small" />
          ) : a.kind === 'deployTask' ? (
            t('dashboard.nextRun', { time: a.time })
          ) : (
            t('dashboard.createdAt', { time: a.time })
          )
        }
      />
    </List.Item>
  );

  const failureItem = (f: DashboardFailure) => (
    <List.Item key={`${f.kind}-${f.id}-${f.time}`} data-kind={f.kind} extra={<StatusTag status={f.status} name={f.statusName} />}>
      <List.Item.Meta
        title={
          <Space size={8} wrap>
            <Tag>{t(`dashboard.kind.${f.kind}`)}</Tag>
            {link(f.kind, f.name)}
            <Typography.Text type="secondary">{f.time}</Typography.Text>
            {f.total > 0 && <Typography.Text type="secondary">{t('dashboard.failedOf', { failed: f.failed, total: f.total })}</Typography.Text>}
          </Space>
        }
        description={
          <Typography.Text type="danger" className="dashboard-reason">
            {f.reason || t('dashboard.noReason')}
          </Typography.Text>
        }
      />
    </List.Item>
  );

  const { signIns, storage } = overview;
  return (
    <Space ref={box} direction="vertical" size={16} style={{ width: '100%' }}>
      {header}
      {overview.activity === null ? (
        <Alert type="info" showIcon message={t('dashboard.noParts')} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card title={t('dashboard.activity')} data-testid="dashboard-activity">
              {overview.activity.length ? <List size="small" dataSource={overview.activity} renderItem={activityItem} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.activityEmpty')} />}
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card title={t('dashboard.failures')} data-testid="dashboard-failures">
              {overview.failures?.length ? <List size="small" dataSource={overview.failures} renderItem={failureItem} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.failuresEmpty')} />}
            </Card>
          </Col>
        </Row>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={storage ? 12 : 24}>
          <Card
            title={t('dashboard.signIns')}
            data-testid="dashboard-sign-ins"
            extra={paths.has(SIGN_IN_LOG) ? <Typography.Link onClick={() => open(SIGN_IN_LOG)}>{t('dashboard.signInsLog')}</Typography.Link> : null}
          >
            <Row gutter={[16, 8]}>
              <Col xs={24} md={12}>
                <Typography.Title level={5}>{t('dashboard.signInsRecent')}</Typography.Title>
                {signIns.recent.length ? (
                  <List size="small" dataSource={signIns.recent} renderItem={(s) => <List.Item key={`${s.account}-${s.time}`}>{`${s.account}  ${s.time}${s.ip ? `  ${s.ip}` : ''}`}</List.Item>} />
                ) : (
                  <Typography.Text type="secondary">{t('dashboard.signInsRecentEmpty')}</Typography.Text>
                )}
              </Col>
              <Col xs={24} md={12}>
                <Typography.Title level={5}>{t('dashboard.signInsFailed')}</Typography.Title>
                {signIns.failed.length ? (
                  <List
                    size="small"
                    dataSource={signIns.failed}
                    renderItem={(s) => (
                      <List.Item key={s.account} extra={s.lockedUntil ? <Tag color="error">{t('dashboard.lockedUntil', { time: s.lockedUntil })}</Tag> : null}>
                        <List.Item.Meta title={s.account} description={t('dashboard.failCount', { count: s.failCount, since: s.since })} />
                      </List.Item>
                    )}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('dashboard.signInsFailedEmpty')}</Typography.Text>
                )}
              </Col>
            </Row>
          </Card>
        </Col>
        {storage && (
          <Col xs={24} xl={12}>
            <Card title={t('dashboard.storage')} data-testid="dashboard-storage">
              <Descriptions
                column={1}
                size="small"
                items={storageItems(storage, t)}
              />
            </Card>
          </Col>
        )}
      </Row>
    </Space>
  );
}

export default Dashboard;
