import { useMemo } from 'react';
import { Empty, Modal, Space, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { nodeStates, parseBpmn, type FlowHistory, type NodeState } from './bpmn';

interface Props {
  xml: string;
  flow?: FlowHistory[];
}

/** Inline process diagram: BPMN DI shapes and edges as SVG, coloured by the history. */
export function FlowDiagram({ xml, flow = [] }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { shapes, edges } = useMemo(() => parseBpmn(xml), [xml]);
  const states = useMemo(() => nodeStates(flow), [flow]);
  if (shapes.length === 0) return <Empty description={t('shell.flow.empty')} />;
  const colour = (s: NodeState | undefined) =>
    s === 'finished' ? token.colorSuccess : s === 'active' ? token.colorPrimary : s === 'flow' ? token.colorWarning : token.colorTextTertiary;
  const xs = [...shapes.map((s) => s.x + s.width), ...edges.flatMap((e) => e.points.map((p) => p.x))];
  const ys = [...shapes.map((s) => s.y + s.height), ...edges.flatMap((e) => e.points.map((p) => p.y))];
  const minX = Math.min(...shapes.map((s) => s.x)) - 20;
  const minY = Math.min(...shapes.map((s) => s.y)) - 20;
  const width = Math.max(...xs) - minX + 20;
  const height = Math.max(...ys) - minY + 20;
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Tag color="success">{t('shell.flow.finished')}</Tag>
        <Tag color="processing">{t('shell.flow.active')}</Tag>
        <Tag color="warning">{t('shell.flow.flowLine')}</Tag>
      </Space>
      <svg role="img" aria-label={t('shell.flow.title')} viewBox={`${minX} ${minY} ${width} ${height}`} style={{ width: '100%', maxHeight: 480 }}>
        <defs>
          {(['none', 'flow'] as const).map((s) => (
            <marker key={s} id={`arrow-${s}`} viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill={colour(s)} />
            </marker>
          ))}
        </defs>
        {edges.map((e) => {
          const s = states.get(e.id) === 'flow' ? 'flow' : 'none';
          return (
            <polyline
              key={e.id}
              data-id={e.id}
              data-state={s}
              points={e.points.map((p) => `${p.x},${p.y}`).join(' ')}
              fill="none"
              stroke={colour(s)}
              strokeWidth={s === 'flow' ? 2.5 : 1.5}
              markerEnd={`url(#arrow-${s})`}
            />
          );
        })}
        {shapes.map((n) => {
          const s = states.get(n.id) ?? 'none';
          const stroke = colour(s);
          const cx = n.x + n.width / 2;
          const cy = n.y + n.height / 2;
          const round = /Event$/.test(n.type);
          const gateway = /Gateway$/.test(n.type);
          return (
            <g key={n.id} data-id={n.id} data-state={s}>
              {round ? (
                <circle cx={cx} cy={cy} r={Math.min(n.width, n.height) / 2} fill="#fff" stroke={stroke} strokeWidth={n.type === 'endEvent' ? 4 : 2} />
              ) : gateway ? (
                <polygon points={`${cx},${n.y} ${n.x + n.width},${cy} ${cx},${n.y + n.height} ${n.x},${cy}`} fill="#fff" stroke={stroke} strokeWidth={2} />
              ) : (
                <rect x={n.x} y={n.y} width={n.width} height={n.height} rx={10} fill={s === 'none' ? '#fff' : `${stroke}1a`} stroke={stroke} strokeWidth={2} />
              )}
              {n.name && (
                <text x={cx} y={round || gateway ? n.y + n.height + 14 : cy + 4} textAnchor="middle" fontSize={12} fill="#333">
                  {n.name}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** The same diagram in a dialog. */
export function FlowDialog({ open, onClose, xml, flow }: Props & { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={960} title={t('shell.flow.title')} destroyOnHidden>
      <FlowDiagram xml={xml} flow={flow} />
    </Modal>
  );
}
