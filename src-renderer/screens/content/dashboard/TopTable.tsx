// Top pages or top queries of the chosen range: sorted and paged by the server
// (clicks, impressions, CTR or position; ascending or descending), CTR as a
// percentage, position to one decimal. A page opens in the system browser
// (main's app:open-external; browser mode: a new tab).
import { useEffect, useRef, useState } from 'react';
import { Alert, Table, Typography, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { TrafficFilter, TrafficSort, TrafficTopRow } from '../../../../src-shared/search-engines';
import { call } from '../../../platform/bridge';
import { readTop, type TopDim } from './api';
import { percent, positionText } from './range';
import '../../../i18n/areas/search-dashboard';

const PAGE_SIZE = 10;
const WIDTHS: Record<TrafficSort, number> = { clicks: 96, impressions: 128, ctr: 88, position: 156 };

export async function openExternal(url: string): Promise<void> {
  const { opened } = await call('app:open-external', { url }).catch(() => ({ opened: false }));
  if (!opened) window.open(url, '_blank', 'noopener,noreferrer');
}

interface Sorting {
  sort: TrafficSort;
  order: 'asc' | 'desc';
}

/** `version` changes when the dashboard reads again (a filter, an import, the tab shown again). */
export function TopTable({ dim, filter, version }: { dim: TopDim; filter: TrafficFilter; version: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'zh' ? 'zh-CN' : 'en';
  const [sorting, setSorting] = useState<Sorting>({ sort: 'clicks', order: 'desc' });
  const [current, setCurrent] = useState(1);
  const [rows, setRows] = useState<TrafficTopRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const asked = useRef(0);

  // a new filter starts at the first page
  const filterKey = `${filter.from}|${filter.to}|${filter.engine ?? ''}|${filter.websiteInfoId ?? ''}`;
  const [seenFilter, setSeenFilter] = useState(filterKey);
  if (seenFilter !== filterKey) {
    setSeenFilter(filterKey);
    setCurrent(1);
  }

  useEffect(() => {
    const ask = ++asked.current;
    setLoading(true);
    readTop({ ...filter, dim, ...sorting, current, size: PAGE_SIZE })
      .then((page) => {
        if (ask !== asked.current) return; // an answer to an older question
        setRows(page.records);
        setTotal(page.total);
        setError('');
      })
      .catch((e: unknown) => ask === asked.current && setError((e as Error).message))
      .finally(() => ask === asked.current && setLoading(false));
    // filterKey stands for the filter's fields (a new filter object with the same fields asks nothing new)
  }, [dim, filterKey, sorting, current, version]);

  const number = new Intl.NumberFormat(locale);
  const sortOrder = (key: TrafficSort): SortOrder => (sorting.sort === key ? (sorting.order === 'asc' ? 'ascend' : 'descend') : null);
  const measure = (key: TrafficSort, render: (v: number) => string): NonNullable<TableProps<TrafficTopRow>['columns']>[number] => ({
    key,
    dataIndex: key,
    title: t(`searchDashboard.measure.${key}`),
    align: 'right',
    // room for the English headers on one line (Impressions, Average position) beside the sort arrows
    width: WIDTHS[key],
    sorter: true,
    sortOrder: sortOrder(key),
    // the first click of a measure sorts it the way an operator reads it: most clicks first, best position first
    sortDirections: key === 'position' ? ['ascend', 'descend', 'ascend'] : ['descend', 'ascend', 'descend'],
    render: (v: number) => render(v),
  });
  const columns: TableProps<TrafficTopRow>['columns'] = [
    {
      key: 'key',
      dataIndex: 'key',
      title: t(dim === 'page' ? 'searchDashboard.page' : 'searchDashboard.query'),
      ellipsis: true,
      render: (key: string) =>
        dim === 'page' && /^https?:\/\//i.test(key) ? (
          <Typography.Link href={key} title={t('searchDashboard.openPage', { url: key })} onClick={(e) => { e.preventDefault(); void openExternal(key); }}>
            {key.replace(/^https?:\/\/[^/]+/i, '') || '/'}
          </Typography.Link>
        ) : (
          <span title={key}>{key}</span>
        ),
    },
    measure('clicks', (v) => number.format(v)),
    measure('impressions', (v) => number.format(v)),
    measure('ctr', (v) => percent(v, locale)),
    measure('position', (v) => positionText(v, locale)),
  ];

  return (
    <>
      {error && <Alert type="error" showIcon title={t('searchDashboard.loadFailed', { msg: error })} style={{ marginBottom: 8 }} />}
      <Table<TrafficTopRow>
        data-testid={`top-${dim}`}
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 620 }}
        pagination={{ current, pageSize: PAGE_SIZE, total, showSizeChanger: false, size: 'small', hideOnSinglePage: false }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = (s?.columnKey ?? s?.field) as TrafficSort | undefined;
          if (key && s?.order && (key !== sorting.sort || (s.order === 'ascend' ? 'asc' : 'desc') !== sorting.order)) {
            setSorting({ sort: key, order: s.order === 'ascend' ? 'asc' : 'desc' });
            setCurrent(1);
            return;
          }
          setCurrent(pagination.current ?? 1);
        }}
      />
    </>
  );
}
