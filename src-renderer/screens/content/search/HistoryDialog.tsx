// 提交记录: a website's announced URLs with each engine's outcome (state, the
// engine's reason, the hint, the HTTP status, attempts) and its announcements
// (deploy, rollback, 全站提交: state, URLs, message), two lists of the shared
// CrudPage in one dialog, read from the announcer's endpoints
// (GET /seo-blade-search/url/page?websiteInfoId=&engine=&state=, /announce/page?websiteInfoId=).
import { useMemo } from 'react';
import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Row } from '../../../../src-shared/wire';
import {
  ANNOUNCE_ENGINES,
  SEARCH_API,
  URL_STATES,
  type AnnounceKind,
  type AnnounceState,
  type UrlHint,
  type UrlState,
} from '../../../../src-shared/search-engines';
import { CrudPage } from '../../../crud/CrudPage';
import type { ColumnDef, ExtraActionDialogProps, ScreenDef } from '../../../crud/types';
import { ANNOUNCE_TONE, hintText, Toned, URL_TONE } from './tones';
import '../../../i18n/areas/search';

const ANNOUNCE_STATES: readonly AnnounceState[] = ['queued', 'running', 'done', 'partial', 'failed', 'cancelled'];
const ANNOUNCE_KINDS: readonly AnnounceKind[] = ['deploy', 'rollback', 'full'];
/** a list of records only: no add, edit, delete or view of its own */
const READ_ONLY: ScreenDef['hide'] = ['add', 'edit', 'delete', 'view', 'batchDelete'];

function UrlStateCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const state = String(row.state) as UrlState;
  return <Toned tone={URL_TONE[state] ?? 'muted'}>{t(`search.state.${state}`, { defaultValue: state })}</Toned>;
}

function AnnounceStateCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  const state = String(row.state) as AnnounceState;
  return <Toned tone={ANNOUNCE_TONE[state] ?? 'muted'}>{t(`search.announceState.${state}`, { defaultValue: state })}</Toned>;
}

function HintCell({ row }: { row: Row }) {
  const { t } = useTranslation();
  return <span>{hintText(t, row.hint as UrlHint | string | null)}</span>;
}

const stateColumn = (name: string, label: string, options: readonly string[], prefix: string, cell: ColumnDef['cell']): ColumnDef => ({
  name,
  label,
  valueType: 'select',
  search: true,
  // the announcer's lists take `state=` / `engine=` as they are
  searchOp: 'like',
  options: options.map((value) => ({ value, label: `${prefix}.${value}` })),
  cell,
  cellText: (row: Row, t: TFunction) => t(`${prefix}.${String(row[name])}`),
});

/** the website's URLs, per engine */
export function urlScreen(websiteId: string): ScreenDef {
  return {
    code: 'searchEngine',
    title: 'search.history.urls',
    api: { list: `${SEARCH_API.url}/page`, remove: '' },
    hide: READ_ONLY,
    timeRange: false,
    listParams: { websiteInfoId: websiteId },
    columns: [
      {
        name: 'engine', label: 'search.history.engine', valueType: 'select', search: true, searchOp: 'like',
        options: ANNOUNCE_ENGINES.map((e) => ({ value: e, label: `search.engine.${e}` })),
      },
      { name: 'url', label: 'search.history.url', width: 320 },
      stateColumn('state', 'search.history.state', URL_STATES, 'search.state', UrlStateCell),
      { name: 'changeKind', label: 'search.history.change', valueType: 'select', options: (['added', 'changed', 'removed'] as const).map((c) => ({ value: c, label: `search.change.${c}` })) },
      { name: 'reason', label: 'search.history.reason', width: 240 },
      { name: 'hint', label: 'search.history.hint', cell: HintCell, cellText: (row, t) => hintText(t, row.hint as UrlHint | string | null), width: 240 },
      { name: 'httpStatus', label: 'search.history.httpStatus' },
      { name: 'attempts', label: 'search.history.attempts' },
      { name: 'submitTime', label: 'search.history.submitTime', width: 170 },
      { name: 'updateTime', label: 'search.history.updateTime', width: 170 },
    ],
  };
}

/** the website's announcements */
export function announceScreen(websiteId: string): ScreenDef {
  return {
    code: 'searchEngine',
    title: 'search.history.announces',
    api: { list: `${SEARCH_API.announce}/page`, remove: '' },
    hide: READ_ONLY,
    timeRange: false,
    listParams: { websiteInfoId: websiteId },
    columns: [
      { name: 'kind', label: 'search.history.kind', valueType: 'select', options: ANNOUNCE_KINDS.map((k) => ({ value: k, label: `search.announceKind.${k}` })) },
      stateColumn('state', 'search.history.state', ANNOUNCE_STATES, 'search.announceState', AnnounceStateCell),
      { name: 'urlsTotal', label: 'search.history.urlsTotal' },
      { name: 'message', label: 'search.history.message', width: 320 },
      { name: 'createTime', label: 'search.history.createTime', width: 170 },
      { name: 'endTime', label: 'search.history.endTime', width: 170 },
    ],
  };
}

export function HistoryDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const id = String(ctx.row?.id ?? '');
  const urls = useMemo(() => urlScreen(id), [id]);
  const announces = useMemo(() => announceScreen(id), [id]);
  return (
    <Modal open title={`${t('search.history.title')} - ${String(ctx.row?.websiteName ?? '')}`} onCancel={onClose} footer={null} width={1200} destroyOnHidden>
      <Tabs
        items={[
          { key: 'urls', label: t('search.history.urls'), children: <CrudPage def={urls} /> },
          { key: 'announces', label: t('search.history.announces'), children: <CrudPage def={announces} /> },
        ]}
      />
    </Modal>
  );
}
