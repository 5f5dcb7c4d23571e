// Pieces shared by the workflow screens: API calls, the diagram dialog of a
// row, row actions that open a leave page, the category options.
import { useEffect, useState } from 'react';
import { App, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../src-shared/wire';
import type { ColumnDef, ExtraAction, ExtraActionDialogProps, OptionDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import { FlowDialog } from '../../components/flow/FlowViewer';
import type { FlowHistory } from '../../components/flow/bpmn';
import { useStableNavigate } from '../../layout/navigation';
import '../../i18n/areas/flow';

export const WORK = '/blade-flow/work';
export const LEAVE = '/blade-desk/process/leave';

export async function apiGet<T>(url: string, params?: Record<string, unknown>): Promise<T> {
  return (await call('api:request', { method: 'get', url, params })).data as T;
}

export async function apiPost<T = unknown>(url: string, opts: { params?: Record<string, unknown>; data?: unknown } = {}): Promise<{ data: T; msg: string }> {
  const r = await call('api:request', { method: 'post', url, ...opts });
  return { data: r.data as T, msg: r.msg };
}

export interface ModelView {
  xml: string;
  flow: FlowHistory[];
}

export function modelView(params: { processInstanceId?: string; processDefinitionId?: string }): Promise<ModelView> {
  return apiGet<ModelView>('/blade-flow/process/model-view', params);
}

export const CATEGORY_OPTIONS: OptionDef[] = [
  { value: 'flow_1', label: 'flow.cat1' },
  { value: 'flow_2', label: 'flow.cat2' },
];

export const categoryColumn: ColumnDef = {
  name: 'category', label: 'flow.category', valueType: 'select', options: CATEGORY_OPTIONS, search: true, searchOp: 'like', width: 110,
};

/** A diagram dialog for a row: of its process instance when it has one, else of its definition (or given XML). */
export function diagramDialog(source: (row: Row) => { processInstanceId?: string; processDefinitionId?: string; xml?: string }) {
  return function RowDiagram({ ctx, onClose }: ExtraActionDialogProps) {
    const { message } = App.useApp();
    const [view, setView] = useState<ModelView | null>(null);
    useEffect(() => {
      const s = source(ctx.row ?? ({} as Row));
      let alive = true;
      const load = s.xml !== undefined ? Promise.resolve({ xml: s.xml, flow: [] }) : modelView(s);
      load.then(
        (v) => alive && setView(v),
        (err: unknown) => {
          message.error(err instanceof Error ? err.message : String(err));
          onClose();
        },
      );
      return () => {
        alive = false;
      };
    }, [ctx.row, message, onClose]);
    if (!view) return <Spin fullscreen />;
    return <FlowDialog open onClose={onClose} xml={view.xml} flow={view.flow} />;
  };
}

export function diagramAction(permission: string, source: Parameters<typeof diagramDialog>[0]): ExtraAction {
  return { key: 'diagram', label: 'flow.diagram', permission, placement: 'row', render: diagramDialog(source) };
}

/** A row action that opens a page (the leave form, handle or detail route) in its own tab. */
export function openAction(key: string, label: string, permission: string, pathOf: (row: Row) => string, visible?: (row: Row) => boolean): ExtraAction {
  function Open({ ctx, onClose }: ExtraActionDialogProps) {
    const navigate = useStableNavigate();
    useEffect(() => {
      navigate(pathOf(ctx.row ?? ({} as Row)));
      onClose();
    }, [ctx.row, navigate, onClose]);
    return null;
  }
  return { key, label, permission, placement: 'row', render: Open, visible };
}

export const leaveDetailPath = (row: Row) => `/work/process/leave/detail/${String(row.processInstanceId)}/${String(row.businessId)}`;
export const leaveHandlePath = (row: Row) => `/work/process/leave/handle/${String(row.taskId)}/${String(row.processInstanceId)}/${String(row.businessId)}`;
export const isLeave = (row: Row) => row.businessTable === 'blade_process_leave';

/** The status of a process (finished / in progress). */
export const finishedColumn: ColumnDef = {
  name: 'processIsFinished', label: 'flow.status', valueType: 'select', width: 100, options: [
    { value: 'finished', label: 'flow.finished' },
    { value: 'unfinished', label: 'flow.unfinished' },
  ],
};

export const WORK_HIDE: ('add' | 'edit' | 'delete' | 'view' | 'batchDelete')[] = ['add', 'edit', 'delete', 'batchDelete'];
/** work lists: their rows are opened through 办理 / 详情 / 流程图, not the generic view dialog */
export const WORK_LIST_HIDE: typeof WORK_HIDE = [...WORK_HIDE, 'view'];

export function useFlowT() {
  return useTranslation().t;
}
