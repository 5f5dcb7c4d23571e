import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes, type Key } from 'react';
import { App as AntApp, Button, Card, Form, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from './notify';
import type { Row } from '../../src-shared/wire';
import { useCan } from '../stores/session';
import type { ScreenDef } from './types';
import { useColumnOptions } from './useOptions';
import { removeRows } from './api';
import { loadList, loadParams, takeWarmPage } from './firstPage';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageAfterRemoval, rowIndex, type PageQuery } from './params';
import { displayValue } from './values';
import { SearchBar } from './SearchBar';
import { FormDialog, type DialogMode } from './FormDialog';
import { fetchChildren, replaceChildren } from './tree';
import { useExtraActions, visibleActions } from './ExtraActions';
import { SIDE_TREE_WIDTH, SideTree } from './SideTree';
import { RowActions, rowActionsWidth, type RowAction } from './RowActions';
import { StatusSwitch } from './StatusSwitch';
import { JobCell } from './JobCell';
import { jobActive, jobSummary } from './jobText';
import { columnNeeds, shareWidths, textWidth, useContentWidth } from './columnWidths';
import { StoredImage } from '../components/upload/ImageUpload';
import { usePagePath } from '../layout/pagePath';
import { useRecent } from '../stores/recent';
import { recordLabel } from './recent';
import { useFreshness } from './freshness';
import { resourceOf, writeTouches } from '../../src-shared/writes';
import { afterNextPaint } from '../hooks/afterPaint';

/**
 * the row-selection column (checkbox), given to antd as its width: left to antd it is 48 px in a bordered
 * table (its control height and two small paddings), which the widths below must count, or every list is that
 * much wider than its box and scrolls sideways; and the least width of the row-number column
 */
const SELECTION_WIDTH = 48;
const INDEX_WIDTH = 56;
/** a tree row's expand icon with its margin, plus one level of indent */
const TREE_ICON_WIDTH = 40;
/** between a side tree and its list */
const LIST_GAP = 12;
/**
 * The table's loading overlay shows only for a list that takes longer than this: a page that comes sooner
 * replaces the rows without the overlay flashing in and out (and without the two renders it costs).
 */
const LOADING_DELAY_MS = 200;
/** a list with rows that change by themselves (ScreenDef.refreshWhile, a running job) reads its page again this often while shown */
const RUNNING_POLL_MS = 3000;

/** The one generic list-and-form screen, driven by a ScreenDef. */
export function CrudPage({ def }: { def: ScreenDef }) {
  const { t } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const can = useCan();
  const [searchForm] = Form.useForm();
  const shown = useRef<HTMLDivElement>(null);
  const options = useColumnOptions(def.columns, shown);
  const rowKey = def.rowKey ?? 'id';

  const [page, setPage] = useState<PageQuery>({ current: 1, size: def.pageSize ?? DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [reloadTick, setReloadTick] = useState(0);
  // the first page the idle prefetcher fetched (src-renderer/prefetch): shown in the first frame
  const [warm] = useState(() => takeWarmPage(def));
  // the next load keeps the rows shown, without the loading overlay (a prefetched first page, a page shown again)
  const quietLoad = useRef(warm !== null);
  // when the last load was asked for (ms since the epoch): a write main saw before it is in its rows
  const loadAskedAt = useRef(0);
  const [rows, setRows] = useState<Row[]>(warm?.records ?? []);
  // the page the shown rows belong to (their row numbers): it changes with them, not at the click
  const [rowsPage, setRowsPage] = useState<PageQuery>(page);
  const [total, setTotal] = useState(warm?.total ?? 0);
  const [loading, setLoading] = useState(false);
  // a first page has come (the prefetched one counts): the table's box says so (data-list-loaded), as it says it
  // holds a list (data-list), so a test tells an empty list from one still loading without waiting on time
  const [loaded, setLoaded] = useState(warm !== null);
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [dialog, setDialog] = useState<{ mode: DialogMode; row: Row | null; initial?: Record<string, unknown> } | null>(null);
  const [sideKey, setSideKey] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);

  const reload = useCallback(() => setReloadTick((n) => n + 1), []);
  // Current rows: a list is read again each time its tab is shown (its rows also change on the server by
  // themselves: import, generation and deploy tasks progress; one page is one cheap request), and at once for a
  // write of its area while shown (made in another window, or elsewhere on this page: its own saves reload it
  // anyway). A tree (menus, departments, dictionaries, regions) changes only by writes to it, and reading it
  // again closes its open branches: only after a write to its own resource.
  useFreshness(shown, {
    everyShow: !def.tree,
    touches: (change) => (def.tree ? resourceOf(change.url) === resourceOf(def.api.list) : writeTouches(change.url, def.api.list)),
    refresh: (changes) => {
      if (changes.length > 0 && changes.every((c) => c.at <= loadAskedAt.current)) return;
      quietLoad.current = true;
      reload();
    },
  });

  // rows that change by themselves (a task or job running): the page is read again every few seconds while shown;
  // hidden, it waits for its tab to be shown again (everyShow above), which reads it and so starts this again
  const running = useMemo(
    () => rows.some((row) => def.refreshWhile?.(row) === true || def.columns.some((c) => c.valueType === 'job' && jobActive(row[c.name]))),
    [rows, def],
  );
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      if (shown.current?.closest('section.desk-page')?.hasAttribute('hidden')) return;
      quietLoad.current = true;
      reload();
    }, RUNNING_POLL_MS);
    return () => clearTimeout(timer);
  }, [running, rows, reload]);

  // view / edit of a record: remembered as recently opened (the command palette lists them)
  const pagePath = usePagePath();
  const openRecord = useCallback(
    (mode: 'view' | 'edit', row: Row) => {
      setDialog({ mode, row });
      const id = row[rowKey];
      if (pagePath && (typeof id === 'string' || typeof id === 'number')) {
        useRecent.getState().add({ path: pagePath, id: String(id), label: recordLabel(def, row) });
      }
    },
    [def, rowKey, pagePath],
  );
  const pending = useRecent((s) => (pagePath && s.pending?.path === pagePath ? s.pending.id : null));

  useEffect(() => {
    // the prefetched first page or the rows of a page shown again: fetched again without the loading overlay
    const quiet = quietLoad.current;
    quietLoad.current = false;
    let alive = true;
    const overlay = quiet ? undefined : setTimeout(() => alive && setLoading(true), LOADING_DELAY_MS);
    const load = () => {
      loadAskedAt.current = Date.now();
      return loadList(def, loadParams(def, filters, page, sideKey))
        .then((result) => {
          if (!alive) return;
          setRows(result.records);
          setRowsPage(page);
          setTotal(result.total);
          setLoaded(true);
          if (def.tree) setExpanded([]);
        })
        .catch((e: unknown) => {
          if (alive) notify(message, 'error', (e as Error).message);
        })
        .finally(() => {
          clearTimeout(overlay);
          if (alive && !quiet) setLoading(false);
        });
    };
    // the prefetched page is asked for again once the frame showing it is painted: the request (and its
    // bridge call) is not part of the click's task; any other load starts at once
    let cancel: (() => void) | undefined;
    if (quiet) cancel = afterNextPaint(() => void load());
    else void load();
    return () => {
      alive = false;
      cancel?.();
      clearTimeout(overlay);
    };
  }, [def, filters, page, reloadTick, message, sideKey]);

  const onExpand = (open: boolean, row: Row) => {
    const key = row[rowKey] as string;
    setExpanded((keys) => (open ? [...keys, key] : keys.filter((k) => k !== key)));
    if (!open || !def.tree?.lazy || !Array.isArray(row.children) || row.children.length > 0) return;
    fetchChildren(def, key, def.listParams ?? {})
      .then((children) => setRows((list) => replaceChildren(list, rowKey, key, children)))
      .catch((e: unknown) => notify(message, 'error', (e as Error).message));
  };

  // stable, like the search bar's other props: paging re-renders the list, not the search form (SearchBar is memo)
  const onSearch = useCallback(() => {
    setFilters(searchForm.getFieldsValue() as Record<string, unknown>);
    setPage((p) => ({ ...p, current: 1 }));
    reload();
  }, [searchForm, reload]);
  const onReset = useCallback(() => {
    setFilters({});
    setPage((p) => ({ ...p, current: 1 }));
    reload();
  }, [reload]);
  const onSideSelect = useCallback((id: string | null) => {
    setSideKey(id);
    setPage((p) => ({ ...p, current: 1 }));
  }, []);

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

  const allowed = (action: 'add' | 'edit' | 'delete' | 'view'): boolean =>
    !def.hide?.includes(action) && (def.alwaysAllow?.includes(action) === true || can(`${def.code}_${action}`));
  const canView = allowed('view');
  const canEdit = allowed('edit');
  const canDelete = allowed('delete');
  const canAdd = allowed('add');
  // the palette chose a record of this screen: show it in the view dialog (the dialog loads its detail),
  // if the operator may still view records here (buttons can change after the record was remembered)
  useEffect(() => {
    if (!pending || !pagePath) return;
    const id = useRecent.getState().take(pagePath);
    if (!id) return;
    if (canView) setDialog({ mode: 'view', row: { id, [rowKey]: id } });
    else notify(message, 'warning', t('crud.noViewPermission'));
  }, [pending, pagePath, rowKey, canView, message, t]);
  const selectedRows = useMemo(() => {
    const keys = new Set(selected.map(String));
    const out: Row[] = [];
    const walk = (list: Row[]): void => {
      for (const r of list) {
        if (keys.has(String(r[rowKey]))) out.push(r);
        if (Array.isArray(r.children)) walk(r.children as Row[]);
      }
    };
    walk(rows);
    return out;
  }, [rows, selected, rowKey]);
  const extras = useExtraActions({ selected: selectedRows, selectedKeys: selected, reload });
  const rowExtras = visibleActions(def.extraActions, 'row', can);
  const toolbarExtras = visibleActions(def.extraActions, 'toolbar', can);
  const addChild = def.tree?.addChild === true && canAdd;
  const yesNo = useMemo(() => ({ yes: t('crud.yes'), no: t('crud.no') }), [t]);

  // the row actions, in the order shown (view, edit, delete, add child, the screen's extras)
  const rowActions = useMemo<RowAction[]>(() => {
    const unlocked = (row: Row): boolean => !def.rowLocked?.(row);
    const list: RowAction[] = [];
    if (canView) list.push({ key: 'view', label: t('crud.view'), run: (row) => openRecord('view', row) });
    if (canEdit) list.push({ key: 'edit', label: t('crud.edit'), visible: unlocked, run: (row) => openRecord('edit', row) });
    if (canDelete) list.push({ key: 'delete', label: t('crud.delete'), danger: true, visible: unlocked, run: (row) => confirmRemove([row[rowKey] as string]) });
    if (addChild)
      list.push({
        key: 'addChild',
        label: t('crud.addChild'),
        visible: unlocked,
        run: (row) => setDialog({ mode: 'add', row: null, initial: { [def.tree?.parentField ?? 'parentId']: row[rowKey] } }),
      });
    for (const a of rowExtras) list.push({ key: `extra-${a.key}`, label: t(a.label), danger: a.danger, inline: a.inline, visible: a.visible, run: (row) => extras.run(a, row) });
    return list;
  }, [def, t, canView, canEdit, canDelete, addChild, rowExtras, extras, openRecord, confirmRemove, rowKey]);

  // column widths from the headers and this page's values (columnWidths.ts)
  const tableBox = useRef<HTMLDivElement>(null);
  const boxWidth = useContentWidth(tableBox, def.sideTree ? SIDE_TREE_WIDTH + LIST_GAP : 0);
  const dataColumns = useMemo(() => def.columns.filter((c) => !c.hideInTable), [def.columns]);
  const widths = useMemo(() => {
    // as wide as the widest row's buttons on this page (all actions while there is no row), at least the declared width
    const actionsOf = (list: RowAction[]): number => rowActionsWidth(list, t('crud.actions'), t('crud.more'));
    const buttons = rows.length ? Math.max(...rows.map((row) => actionsOf(rowActions.filter((a) => !a.visible || a.visible(row))))) : actionsOf(rowActions);
    const actions = !rowActions.length ? 0 : Math.max(def.actionWidth ?? 0, buttons);
    // a tree list's expand icon (and a child's indent) sits in the index cell, beside the number
    const index = Math.max(INDEX_WIDTH, textWidth(t('crud.index'), 600) + 24) + (def.tree ? TREE_ICON_WIDTH : 0);
    const cellText = (c: (typeof dataColumns)[number], row: Row): string => {
      if (c.cellText) return c.cellText(row, t);
      if (c.displayField) return String(row[c.displayField] ?? '');
      return c.valueType === 'job' ? jobSummary(t, row[c.name]) : displayValue(c, row[c.name], options[c.name] ?? [], yesNo);
    };
    const needs = dataColumns.map((c) =>
      columnNeeds({
        key: c.name,
        fixed: c.width,
        header: t(c.tableLabel ?? c.label),
        values: c.valueType === 'image' ? [] : rows.map((row) => cellText(c, row)),
      }),
    );
    const data = shareWidths(needs, boxWidth - SELECTION_WIDTH - index - actions - 2);
    const total = SELECTION_WIDTH + index + actions + data.reduce((s, w) => s + w, 0);
    // wider than its box (the columns' least widths do not fit): the table scrolls sideways, actions fixed right.
    // Otherwise no scroll box: with one, antd measures the table's scroll width (a forced layout) after every
    // change of its rows, for the fixed column's shadows (about 25 ms per page turn)
    return { actions, index, data, total, scrolls: total > boxWidth };
  }, [dataColumns, rowActions, def.actionWidth, def.tree, t, rows, options, yesNo, boxWidth]);

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const list: TableColumnsType<Row> = [
      { key: '__index', title: t('crud.index'), width: widths.index, align: 'center', className: 'desk-index-cell', render: (_v, _r, i) => rowIndex(rowsPage, i) },
      ...dataColumns.map((c, i) => ({
        key: c.name,
        dataIndex: c.name,
        title: t(c.tableLabel ?? c.label),
        width: widths.data[i],
        ellipsis: true,
        render: (v: unknown, row: Row) => {
          if (c.cell) return <c.cell row={row} />;
          if (c.listSwitch) return <StatusSwitch def={def} column={c} row={row} canEdit={canEdit} onChanged={reload} />;
          if (c.valueType === 'image') return typeof v === 'string' && v ? <StoredImage link={v} /> : '';
          if (c.valueType === 'job') return <JobCell value={v} />;
          if (c.cellText) return c.cellText(row, t);
          if (c.displayField) return String(row[c.displayField] ?? '');
          const text = displayValue(c, v, options[c.name] ?? [], yesNo);
          const tone = c.options?.find((o) => String(o.value) === String(v))?.tone;
          return tone ? <span className={`desk-tone-${tone}`} data-tone={tone}>{text}</span> : text;
        },
      })),
    ];
    if (rowActions.length > 0)
      list.push({
        key: '__actions',
        title: t('crud.actions'),
        width: widths.actions,
        fixed: widths.scrolls ? 'right' : undefined,
        // a width the spec declares (list-columns.spec checks the column keeps it instead of fitting its buttons)
        onHeaderCell: () => (def.actionWidth ? ({ 'data-declared-width': def.actionWidth } as HTMLAttributes<HTMLElement>) : {}),
        render: (_v, row) => <RowActions actions={rowActions} row={row} />,
      });
    return list;
  }, [t, rowsPage, options, yesNo, dataColumns, rowActions, widths, def, canEdit, reload]);

  // antd's scrolling table, for keyboard and screen-reader users: the scroll box is a named region reachable by
  // Tab (an empty table has nothing else to reach it with), and its hidden measure row, which copies the header's
  // select-all box, holds nothing focusable. DOM writes only, after each render (no layout read)
  useEffect(() => {
    const box = tableBox.current;
    if (!box) return;
    for (const el of box.querySelectorAll<HTMLElement>('.ant-table-content')) {
      if (widths.scrolls) {
        el.tabIndex = 0;
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', t(def.title));
      } else {
        el.removeAttribute('tabindex');
        el.removeAttribute('role');
        el.removeAttribute('aria-label');
      }
    }
    for (const el of box.querySelectorAll<HTMLElement>('.ant-table-measure-row input, .ant-table-measure-row button')) el.tabIndex = -1;
  });

  const body = (
    <Card ref={shown} title={t(def.title)} style={def.sideTree ? { flex: 1, minWidth: 0 } : undefined}>
      <SearchBar def={def} form={searchForm} options={options} onSearch={onSearch} onReset={onReset} />
      <Space style={{ marginBottom: 12 }}>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ mode: 'add', row: null })}>
            {t('crud.add')}
          </Button>
        )}
        {canDelete && !def.hide?.includes('batchDelete') && (
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={onBatchDelete}>
            {t('crud.batchDelete')}
          </Button>
        )}
        {toolbarExtras.map((a) => extras.button(a, null))}
      </Space>
      <div ref={tableBox} data-list="" data-list-loaded={loaded || undefined}>
      {/* the table's widths come from the box's: until it is measured (before the first paint), its place only */}
      {boxWidth === 0 ? <div className="desk-frame-table" aria-hidden="true" data-width-pending><div className="desk-frame-head" /></div> : <Table<Row>
        rowKey={rowKey}
        size="middle"
        bordered
        loading={loading}
        dataSource={rows}
        columns={columns}
        scroll={widths.scrolls ? { x: widths.total } : undefined}
        rowSelection={{ columnWidth: SELECTION_WIDTH, selectedRowKeys: selected, onChange: (keys) => setSelected(keys as (string | number)[]), preserveSelectedRowKeys: true }}
        locale={{ emptyText: t('crud.empty') }}
        expandable={def.tree ? { expandedRowKeys: expanded, onExpand } : undefined}
        pagination={def.tree ? false : {
          current: page.current,
          pageSize: page.size,
          total,
          showSizeChanger: true,
          responsive: false,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n) => t('crud.total', { total: n }),
          onChange: (current, size) => setPage((p) => ({ current: size !== p.size ? 1 : current, size })),
        }}
      />}
      </div>
      {dialog && (
        <FormDialog
          def={def}
          mode={dialog.mode}
          row={dialog.row}
          initial={dialog.initial}
          options={options}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {extras.dialog}
    </Card>
  );
  if (!def.sideTree) return body;
  return (
    <div style={{ display: 'flex', gap: LIST_GAP, alignItems: 'flex-start' }}>
      <SideTree def={def.sideTree} selected={sideKey} onSelect={onSideSelect} />
      {body}
    </div>
  );
}
