// Process tracking (/blade-flow/follow): running instances; delete one with a reason; its diagram.
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps, ScreenDef } from '../../crud/types';
import { inputRules } from '../../crud/declared';
import { FLOW_DELETE_INSTANCE } from '../../../src-shared/declarations/flow-inputs';
import { apiPost, categoryColumn, diagramAction, WORK_HIDE } from './shared';
import { validateForm } from '../../crud/validateForm';

const F = '/blade-flow/follow';

function DeleteInstanceDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ deleteReason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // invalid: the form shows why
    const values = await validateForm(form).catch(() => null);
    if (!values) return;
    const { deleteReason } = values;
    setBusy(true);
    try {
      await apiPost(`${F}/delete-process-instance`, { params: { processInstanceId: String(ctx.row?.processInstanceId ?? ''), deleteReason } });
      message.success(t('crud.operateSuccess'));
      onDone();
    } catch (err) {
      message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('flow.deleteInstance')} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" name="flow-delete-instance">
        <Form.Item name="deleteReason" label={t('flow.deleteReason')} rules={inputRules(t, FLOW_DELETE_INSTANCE, 'deleteReason')}>
          <Input.TextArea rows={3} maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const follow: ScreenDef = {
  code: 'flowFollow',
  title: 'flow.followTitle',
  api: { list: `${F}/list`, remove: `${F}/delete-process-instance` },
  rowKey: 'processInstanceId',
  timeRange: false,
  hide: WORK_HIDE,
  columns: [
    { name: 'name', label: 'flow.processName' },
    { name: 'processDefinitionKey', label: 'flow.processKey', search: true },
    { name: 'processInstanceId', label: 'flow.processInstanceId', search: true, searchOp: 'like', width: 190 },
    { ...categoryColumn, search: false },
    { name: 'startUser', label: 'flow.startUser', width: 110 },
    { name: 'startTime', label: 'flow.startTime', width: 170 },
    { name: 'taskName', label: 'flow.currentTask', width: 120 },
  ],
  extraActions: [
    { key: 'deleteInstance', label: 'flow.deleteInstance', permission: 'flowFollow_delete', placement: 'row', danger: true, render: DeleteInstanceDialog },
    diagramAction('flowFollow_view', (row) => ({ processInstanceId: String(row.processInstanceId) })),
  ],
};

export default follow;
