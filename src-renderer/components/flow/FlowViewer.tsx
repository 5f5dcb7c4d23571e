import { lazy, Suspense } from 'react';
import type { CSSProperties } from 'react';
import { Modal, Space, Spin, theme } from 'antd';
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

/** One legend entry: a small sample of the marking, then its name. */
function Swatch({ label, style }: { label: string; style: CSSProperties }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span aria-hidden style={{ display: 'inline-block', width: 18, height: 12, borderRadius: 3, boxSizing: 'border-box', ...style }} />
      {label}
    </span>
  );
}

/** Inline process diagram drawn by bpmn-js, coloured by the history: finished success, active primary, taken flows warning. */
export function FlowDiagram({ xml, flow = NO_FLOW, height = 360 }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div>
      <Space size="large" style={{ marginBottom: 8 }} data-testid="flow-legend">
        <Swatch label={t('shell.flow.finished')} style={{ border: `2px solid ${token.colorSuccess}`, background: token.colorSuccessBg }} />
        <Swatch label={t('shell.flow.active')} style={{ border: `3px dashed ${token.colorPrimary}`, background: token.colorPrimaryBg }} />
        <Swatch label={t('shell.flow.flowLine')} style={{ height: 0, borderTop: `3px solid ${token.colorWarning}` }} />
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
