import { lazy, Suspense } from 'react';
import { Modal, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowHistory } from './bpmn';

interface Props {
  xml: string;
  flow?: FlowHistory[];
  height?: number;
}

// bpmn-js and its CSS load with the first diagram, in their own chunk
const BpmnCanvas = lazy(() => import('./BpmnCanvas'));
const NO_FLOW: FlowHistory[] = [];

/** Inline process diagram drawn by bpmn-js, coloured by the history: finished success, active primary, taken flows warning. */
export function FlowDiagram({ xml, flow = NO_FLOW, height = 360 }: Props) {
  const { t } = useTranslation();
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Tag color="success">{t('shell.flow.finished')}</Tag>
        <Tag color="processing">{t('shell.flow.active')}</Tag>
        <Tag color="warning">{t('shell.flow.flowLine')}</Tag>
      </Space>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
        <BpmnCanvas xml={xml} flow={flow} label={t('shell.flow.title')} height={height} />
      </Suspense>
    </div>
  );
}

/** The same diagram in a dialog. */
export function FlowDialog({ open, onClose, xml, flow }: Props & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={960} title={t('shell.flow.title')} destroyOnHidden>
      <FlowDiagram xml={xml} flow={flow} height={480} />
    </Modal>
  );
}
