// The work lists (/blade-flow/work/*): start, claim, todo, send, done. Lists
// only: tasks are claimed here and handled on the leave pages.
import type { ColumnDef, ScreenDef } from '../../crud/types';
import {
  apiPost, categoryColumn, diagramAction, finishedColumn, isLeave, leaveDetailPath, leaveHandlePath, openAction, WORK, WORK_LIST_HIDE,
} from './shared';

const nameColumn: ColumnDef = { name: 'processDefinitionName', label: 'flow.processDefinitionName', search: true };
const taskColumn: ColumnDef = { name: 'taskName', label: 'flow.taskName' };
const startUserColumn: ColumnDef = { name: 'startUser', label: 'flow.startUser', width: 120 };
const created: ColumnDef = { name: 'createTime', label: 'flow.createTime', width: 170 };

function workList(code: string, title: string, endpoint: string, columns: ColumnDef[], extra: ScreenDef['extraActions'], rowKey = 'taskId'): ScreenDef {
  return {
    code,
    title,
    api: { list: `${WORK}/${endpoint}`, remove: `${WORK}/${endpoint}` },
    rowKey,
    timeRange: false,
    hide: WORK_LIST_HIDE,
    columns,
    extraActions: extra,
  };
}

export const startScreen: ScreenDef = {
  ...workList(
    'workStart',
    'flow.startTitle',
    'start-list',
    [
      { name: 'name', label: 'flow.processName' },
      { name: 'key', label: 'flow.processKey' },
      categoryColumn,
      { name: 'version', label: 'flow.version', width: 80 },
      { name: 'deploymentTime', label: 'flow.deploymentTime', width: 170 },
    ],
    [
      openAction('start', 'flow.start', 'workStart_start', (row) => `/work/process/leave/form/${String(row.id)}`, (row) => row.category === 'flow_1'),
      diagramAction('workStart_view', (row) => ({ processDefinitionId: String(row.id) })),
    ],
    'id',
  ),
};

const diagram = (permission: string) => diagramAction(permission, (row) => ({ processInstanceId: String(row.processInstanceId) }));

export const claimScreen = workList('workClaim', 'flow.claimTitle', 'claim-list', [nameColumn, taskColumn, startUserColumn, categoryColumn, created], [
  {
    key: 'claim',
    label: 'flow.claim',
    permission: 'workClaim_claim',
    placement: 'row',
    confirm: 'flow.claimConfirm',
    successMessage: 'flow.claimed',
    run: async ({ row }) => {
      await apiPost(`${WORK}/claim-task`, { params: { taskId: String(row?.taskId ?? '') } });
    },
  },
  openAction('detail', 'flow.detail', 'workClaim_view', leaveDetailPath, isLeave),
  diagram('workClaim_view'),
]);

export const todoScreen = workList('workTodo', 'flow.todoTitle', 'todo-list', [nameColumn, taskColumn, startUserColumn, categoryColumn, created, { name: 'claimTime', label: 'flow.claimTime', width: 170 }], [
  openAction('handle', 'flow.handle', 'workTodo_handle', leaveHandlePath, isLeave),
  openAction('detail', 'flow.detail', 'workTodo_view', leaveDetailPath, isLeave),
  diagram('workTodo_view'),
]);

export const sendScreen = workList(
  'workSend',
  'flow.sendTitle',
  'send-list',
  [nameColumn, { name: 'taskName', label: 'flow.currentTask', width: 140 }, categoryColumn, { name: 'createTime', label: 'flow.startTime', width: 170 }, { name: 'endTime', label: 'flow.endTime', width: 170 }, finishedColumn],
  [openAction('detail', 'flow.detail', 'workSend_view', leaveDetailPath, isLeave), diagram('workSend_view')],
  'processInstanceId',
);

export const doneScreen = workList(
  'workDone',
  'flow.doneTitle',
  'done-list',
  [
    nameColumn,
    taskColumn,
    startUserColumn,
    { name: 'comment', label: 'flow.comment' },
    { name: 'isPass', label: 'flow.result', valueType: 'select', width: 90, options: [{ value: 'true', label: 'flow.pass' }, { value: 'false', label: 'flow.reject' }] },
    { name: 'endTime', label: 'flow.endTime', width: 170 },
    finishedColumn,
  ],
  [openAction('detail', 'flow.detail', 'workDone_view', leaveDetailPath, isLeave), diagram('workDone_view')],
);
