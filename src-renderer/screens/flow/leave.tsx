// The three leave pages: /work/process/leave/form/{processDefinitionId},
// /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId} and
// /work/process/leave/detail/{processInstanceId}/{businessId}. Each is a tab of
// its own; the path carries the ids.
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, DatePicker, Descriptions, Empty, Form, Input, Result, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { FlowDiagram } from '../../components/flow/FlowViewer';
import { useStableNavigate } from '../../layout/navigation';
import { apiGet, apiPost, LEAVE, modelView, WORK, type ModelView } from './shared';
import { parseLeavePath } from './leave-path';
import { inputDependencies, inputRules } from '../../crud/declared';
import { LEAVE_HANDLE, LEAVE_START } from '../../../src-shared/declarations/flow-inputs';
import { validateForm } from '../../crud/validateForm';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** a date picker's day as the wire's text (what the declaration's rules read) */
const dayText = (v: unknown): unknown => (dayjs.isDayjs(v) ? v.format(FORMAT) : v);
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

interface Approver {
  id: string;
  account: string;
  realName: string;
}

export function LeaveForm({ path }: { path: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useStableNavigate();
  const processDefinitionId = parseLeavePath(path)?.ids[0] ?? '';
  const [form] = Form.useForm<{ taskUser: string; startTime: Dayjs; endTime: Dayjs; reason: string }>();
  const [approvers, setApprovers] = useState<Approver[]>([]);
  const [busy, setBusy] = useState(false);
  const [view, setView] = useState<ModelView | null>(null);
  useEffect(() => {
    apiGet<Approver[]>(`${LEAVE}/approver-list`).then(setApprovers, (err: unknown) => message.error(errorText(err)));
    modelView({ processDefinitionId }).then(setView, () => setView(null));
  }, [message, processDefinitionId]);
  const submit = async () => {
    // invalid: the form shows why
    const v = await validateForm(form).catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const r = await apiPost(`${LEAVE}/start-process`, {
        data: { processDefinitionId, taskUser: v.taskUser, startTime: v.startTime.format(FORMAT), endTime: v.endTime.format(FORMAT), reason: v.reason.trim() },
      });
      message.success(r.msg || t('leave.started'));
      form.resetFields();
      navigate('/work/send');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('leave.formTitle')}>
        <Form form={form} name="leave-form" layout="horizontal" labelCol={{ flex: '110px' }} style={{ maxWidth: 720 }}>
          <Form.Item name="taskUser" label={t('leave.taskUser')} rules={inputRules(t, LEAVE_START, 'taskUser', 'choice')}>
            <Select showSearch optionFilterProp="label" options={approvers.map((a) => ({ value: a.id, label: `${a.realName} (${a.account})` }))} />
          </Form.Item>
          <Form.Item name="startTime" label={t('leave.startTime')} rules={inputRules(t, LEAVE_START, 'startTime', 'choice', dayText)}>
            <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={t('leave.endTime')}
            dependencies={inputDependencies(LEAVE_START, 'endTime')}
            rules={inputRules(t, LEAVE_START, 'endTime', 'choice', dayText)}
          >
            <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label={t('leave.reason')} rules={inputRules(t, LEAVE_START, 'reason')}>
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Button type="primary" loading={busy} onClick={() => void submit()}>
              {t('leave.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {view && (
        <Card title={t('shell.flow.title')}>
          <FlowDiagram xml={view.xml} flow={view.flow} />
        </Card>
      )}
    </Space>
  );
}

interface Leave {
  id: string;
  startTime: string;
  endTime: string;
  reason: string;
  taskUserName: string;
  createUserName: string;
  applyTime: string;
  flow: { processDefinitionName: string; processIsFinished: string };
}

interface HistoryRow {
  historyActivityId: string;
  historyActivityName: string;
  assigneeName: string;
  createTime: string;
  endTime: string;
  historyActivityDurationTime: string;
  comment: string;
  isPass: boolean | '';
}

/** The leave, its history and its diagram; reloaded when `version` changes. */
function useLeave(processInstanceId: string, businessId: string, version: number) {
  const { message } = App.useApp();
  const [leave, setLeave] = useState<Leave | null | undefined>(undefined);
  const [history, setHistory] = useState<HistoryRow[]>([]);
  const [view, setView] = useState<ModelView | null>(null);
  useEffect(() => {
    let alive = true;
    Promise.all([
      apiGet<Leave | null>(`${LEAVE}/detail`, { businessId }),
      apiGet<HistoryRow[]>('/blade-flow/process/history-flow-list', { processInstanceId }),
      modelView({ processInstanceId }),
    ]).then(
      ([l, h, v]) => {
        if (!alive) return;
        setLeave(l);
        setHistory(h);
        setView(v);
      },
      (err: unknown) => {
        if (alive) setLeave(null);
        message.error(errorText(err));
      },
    );
    return () => {
      alive = false;
    };
  }, [processInstanceId, businessId, version, message]);
  return { leave, history, view };
}

function LeaveInfo({ leave, history, view }: ReturnType<typeof useLeave>) {
  const { t } = useTranslation();
  if (leave === undefined) return <Card loading />;
  if (leave === null) return <Empty />;
  return (
    <>
      <Card title={t('leave.info')}>
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={t('leave.applyUser')}>{leave.createUserName}</Descriptions.Item>
          <Descriptions.Item label={t('leave.applyTime')}>{leave.applyTime}</Descriptions.Item>
          <Descriptions.Item label={t('leave.startTime')}>{leave.startTime}</Descriptions.Item>
          <Descriptions.Item label={t('leave.endTime')}>{leave.endTime}</Descriptions.Item>
          <Descriptions.Item label={t('leave.taskUser')}>{leave.taskUserName}</Descriptions.Item>
          <Descriptions.Item label={t('flow.status')}>
            <Tag color={leave.flow.processIsFinished === 'finished' ? 'success' : 'processing'}>{t(`flow.${leave.flow.processIsFinished}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('leave.reason')} span={2}>
            {leave.reason}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('leave.history')}>
        <Table<HistoryRow>
          size="small"
          rowKey={(r) => `${r.historyActivityId}-${r.createTime}`}
          pagination={false}
          dataSource={history}
          columns={[
            { title: t('leave.node'), dataIndex: 'historyActivityName' },
            { title: t('leave.operator'), dataIndex: 'assigneeName' },
            { title: t('flow.createTime'), dataIndex: 'createTime' },
            { title: t('flow.endTime'), dataIndex: 'endTime' },
            { title: t('leave.duration'), dataIndex: 'historyActivityDurationTime' },
            {
              title: t('leave.comment'),
              dataIndex: 'comment',
              render: (c: string, r) => (r.isPass === '' ? c : <Space><Tag color={r.isPass ? 'success' : 'error'}>{t(r.isPass ? 'flow.pass' : 'flow.reject')}</Tag>{c}</Space>),
            },
          ]}
        />
      </Card>
      {view && (
        <Card title={t('shell.flow.title')}>
          <FlowDiagram xml={view.xml} flow={view.flow} />
        </Card>
      )}
    </>
  );
}

export function LeaveHandle({ path }: { path: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useStableNavigate();
  const [taskId = '', processInstanceId = '', businessId = ''] = parseLeavePath(path)?.ids ?? [];
  const [version, setVersion] = useState(0);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState<'ok' | 'reject' | null>(null);
  const [form] = Form.useForm<{ comment: string; flag: string }>();
  const data = useLeave(processInstanceId, businessId, version);
  const complete = useCallback(
    async (flag: 'ok' | 'reject') => {
      // the button decides the flag, which the declaration's rules read (a rejection needs a comment)
      form.setFieldValue('flag', flag);
      if (!(await validateForm(form).catch(() => null))) return;
      const comment = String(form.getFieldValue('comment') ?? '').trim();
      setBusy(flag);
      try {
        await apiPost(`${WORK}/complete-task`, { data: { taskId, processInstanceId, flag, comment: comment || (flag === 'ok' ? t('flow.pass') : ''), variables: {} } });
        message.success(t('leave.done'));
        setDone(true);
        setVersion((n) => n + 1);
      } catch (err) {
        message.error(errorText(err));
      } finally {
        setBusy(null);
      }
    },
    [form, message, processInstanceId, t, taskId],
  );
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card title={t('leave.handleTitle')}>
        {done ? (
          <Result status="success" title={t('leave.done')} extra={<Button onClick={() => navigate('/work/todo')}>{t('leave.back')}</Button>} />
        ) : (
          <Form form={form} name="leave-handle" layout="vertical" style={{ maxWidth: 720 }} initialValues={{ flag: 'ok' }}>
            <Form.Item name="comment" label={t('leave.comment')} rules={inputRules(t, LEAVE_HANDLE, 'comment')}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
            <Space>
              <Button type="primary" loading={busy === 'ok'} disabled={!!busy} onClick={() => void complete('ok')}>
                {t('leave.approve')}
              </Button>
              <Button danger loading={busy === 'reject'} disabled={!!busy} onClick={() => void complete('reject')}>
                {t('leave.reject')}
              </Button>
            </Space>
          </Form>
        )}
      </Card>
      <LeaveInfo {...data} />
    </Space>
  );
}

export function LeaveDetail({ path }: { path: string }) {
  const [processInstanceId = '', businessId = ''] = parseLeavePath(path)?.ids ?? [];
  const data = useLeave(processInstanceId, businessId, 0);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <LeaveInfo {...data} />
    </Space>
  );
}

