// Deployments (/blade-flow/manager): deployed process definitions; upload BPMN
// files, suspend / activate, delete a deployment, view the diagram.
import { UploadOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { UploadDeployDialog } from './dialogs';
import { apiPost, categoryColumn, diagramAction, WORK_HIDE } from './shared';

const D = '/blade-flow/manager';

const deploy: ScreenDef = {
  code: 'flowDeploy',
  title: 'flow.deployTitle',
  api: { list: `${D}/list`, remove: `${D}/delete-deployment` },
  timeRange: false,
  hide: WORK_HIDE,
  columns: [
    { name: 'key', label: 'flow.processKey', search: true },
    { name: 'name', label: 'flow.processName', search: true },
    categoryColumn,
    { name: 'version', label: 'flow.version', width: 70 },
    {
      name: 'suspensionState', label: 'flow.suspensionState', valueType: 'select', numeric: true, width: 90,
      options: [{ value: 1, label: 'flow.active' }, { value: 2, label: 'flow.suspended' }],
    },
    { name: 'resourceName', label: 'flow.resourceName' },
    { name: 'deploymentTime', label: 'flow.deploymentTime', width: 170 },
  ],
  extraActions: [
    { key: 'upload', label: 'flow.upload', permission: 'flowDeploy_upload', placement: 'toolbar', icon: UploadOutlined, render: UploadDeployDialog },
    {
      key: 'suspend', label: 'flow.suspend', permission: 'flowDeploy_state', placement: 'row', confirm: 'flow.suspendConfirm',
      visible: (row) => Number(row.suspensionState) === 1,
      run: async ({ row }) => {
        await apiPost(`${D}/change-state`, { params: { processId: String(row?.id ?? ''), state: 'suspend' } });
      },
    },
    {
      key: 'activate', label: 'flow.activate', permission: 'flowDeploy_state', placement: 'row', confirm: 'flow.activateConfirm',
      visible: (row) => Number(row.suspensionState) === 2,
      run: async ({ row }) => {
        await apiPost(`${D}/change-state`, { params: { processId: String(row?.id ?? ''), state: 'active' } });
      },
    },
    diagramAction('flowDeploy_view', (row) => ({ processDefinitionId: String(row.id) })),
    {
      key: 'deleteDeployment', label: 'flow.deleteDeployment', permission: 'flowDeploy_delete', placement: 'row', danger: true, confirm: 'flow.deleteDeploymentConfirm',
      run: async ({ row }) => {
        await apiPost(`${D}/delete-deployment`, { params: { deploymentIds: String(row?.deploymentId ?? '') } });
      },
    },
  ],
};

export default deploy;
