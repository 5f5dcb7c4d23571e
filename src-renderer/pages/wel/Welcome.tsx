// /wel/index: the workbench. Who is signed in; counts of the matrix; the latest
// generation, import and deploy tasks; shortcuts to the frequent screens. Every
// part shows only when the user's menus hold its screen (no call is made for a
// screen the user may not open). The platform administrator also sees the
// sample matrix card (SampleMatrixCard.tsx).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Descriptions, Empty, List, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '../../../src-shared/wire';
import { useSession } from '../../stores/session';
import { useStableNavigate } from '../../layout/navigation';
import { call } from '../../platform/bridge';
import { isPlatformAdministrator } from '../../session/permissions';
import { SampleMatrixCard } from './SampleMatrixCard';
import { useFreshness } from '../../crud/freshness';

interface TaskRow {
  id: string;
  taskName?: string;
  statusName?: string;
  createTime?: string;
}

/** screens of the workbench: its menu path and what it reads */
const SCREENS = {
  websites: '/site/websiteInfo',
  articles: '/article/article',
  keywords: '/article/keyword',
  generation: '/article/gptProduceArticle',
  imports: '/article/importTask',
  deploys: '/site/deployTasks',
  templates: '/material/websiteTemplate',
} as const;

const TASK_LISTS = [
  { key: 'generation', path: SCREENS.generation, url: '/seo-blade-article/gptProduceArticle/page' },
  { key: 'imports', path: SCREENS.imports, url: '/seo-blade-material/importTask/page' },
  { key: 'deploys', path: SCREENS.deploys, url: '/website-blade-deploy/deployTasks/page' },
] as const;

function menuPaths(nodes: readonly MenuNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.path) out.add(n.path);
    if (n.children) menuPaths(n.children, out);
  }
  return out;
}

async function page<T>(url: string, size: number): Promise<{ records: T[]; total: number } | null> {
  try {
    const r = await call('api:request', { method: 'get', url, params: { current: 1, size } });
    return r.data as { records: T[]; total: number };
  } catch {
    return null;
  }
}

export function Welcome() {
  const { t } = useTranslation();
  // stable: the home page stays mounted behind the other tabs, and useNavigate re-rendered it with every navigation
  const navigate = useStableNavigate();
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const paths = useMemo(() => menuPaths(menus), [menus]);
  const name = user?.nick_name || user?.user_name || user?.account || '';
  const [counts, setCounts] = useState<{ key: string; value: number }[]>([]);
  const [tasks, setTasks] = useState<Record<string, TaskRow[] | null>>({});
  // the counts and the latest tasks are read again each time the home tab is shown (writes elsewhere, tasks
  // progressing on the server) and for a write seen while it is shown (crud/freshness.ts)
  const box = useRef<HTMLDivElement>(null);
  const [version, setVersion] = useState(0);
  useFreshness(box, { everyShow: true, touches: () => true, refresh: () => setVersion((v) => v + 1) });

  useEffect(() => {
    let alive = true;
    void (async () => {
      const out: { key: string; value: number }[] = [];
      if (paths.has(SCREENS.websites)) {
        try {
          const r = await call('api:request', { method: 'get', url: '/website-blade-material/websiteInfo/getSiteInfo' });
          const s = r.data as Record<string, number>;
          out.push({ key: 'websites', value: s.websiteTotal ?? 0 }, { key: 'groups', value: s.groupTotal ?? 0 }, { key: 'domains', value: s.domainTotal ?? 0 }, { key: 'deployed', value: s.deployedTotal ?? 0 });
        } catch {
          /* the count stays hidden */
        }
      }
      if (paths.has(SCREENS.articles)) {
        const p = await page(`/website-blade-article/article/page`, 1);
        if (p) out.push({ key: 'articles', value: p.total });
      }
      if (paths.has(SCREENS.keywords)) {
        const p = await page(`/website-blade-article/keyword/page`, 1);
        if (p) out.push({ key: 'keywords', value: p.total });
      }
      const lists: Record<string, TaskRow[] | null> = {};
      for (const l of TASK_LISTS) if (paths.has(l.path)) lists[l.key] = (await page<TaskRow>(l.url, 5))?.records ?? null;
      if (!alive) return;
      setCounts(out);
      setTasks(lists);
    })();
    return () => {
      alive = false;
    };
  }, [paths, version]);

  const shortcuts = (Object.keys(SCREENS) as (keyof typeof SCREENS)[]).filter((k) => paths.has(SCREENS[k]));

  return (
    <Space ref={box} direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('wel.greeting', { name })}
        </Typography.Title>
        <Descriptions
          column={{ xs: 1, md: 3 }}
          items={[
            { key: 'account', label: t('wel.account'), children: user?.account },
            { key: 'tenant', label: t('wel.tenant'), children: user?.tenant_id },
            { key: 'role', label: t('wel.role'), children: user?.role_name },
          ]}
        />
        {shortcuts.length > 0 && (
          <Space wrap aria-label={t('wel.shortcuts')} role="group">
            {shortcuts.map((k) => (
              <Button key={k} onClick={() => navigate(SCREENS[k])}>
                {t(`wel.go.${k}`)}
              </Button>
            ))}
          </Space>
        )}
      </Card>
      {isPlatformAdministrator(user) && <SampleMatrixCard />}
      {counts.length > 0 && (
        <Card title={t('wel.counts')}>
          <Row gutter={[16, 16]}>
            {counts.map((c) => (
              <Col key={c.key} xs={12} md={8} xl={4}>
                <Statistic title={t(`wel.count.${c.key}`)} value={c.value} />
              </Col>
            ))}
          </Row>
        </Card>
      )}
      {Object.keys(tasks).length > 0 && (
        <Row gutter={[16, 16]}>
          {TASK_LISTS.filter((l) => l.key in tasks).map((l) => (
            <Col key={l.key} xs={24} lg={8}>
              <Card title={t(`wel.recent.${l.key}`)} extra={<Button type="link" size="small" onClick={() => navigate(l.path)}>{t('wel.all')}</Button>}>
                {tasks[l.key]?.length ? (
                  <List
                    size="small"
                    dataSource={tasks[l.key]!}
                    renderItem={(r) => (
                      <List.Item extra={r.statusName ? <Tag>{r.statusName}</Tag> : null}>
                        <List.Item.Meta title={r.taskName ?? r.id} description={r.createTime} />
                      </List.Item>
                    )}
                  />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wel.noTasks')} />
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
