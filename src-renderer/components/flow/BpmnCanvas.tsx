// The bpmn-js NavigatedViewer (loaded only with a diagram, never with the
// login page): imports the XML, fits it, and marks each element with its
// state: marker classes coloured through theme-token CSS variables, plus
// data-id / data-state attributes on the element's graphics.
import { useEffect, useRef, useState } from 'react';
import { Alert, theme } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './flow.css';
import { MARKER, nodeStates, type FlowHistory } from './bpmn';

interface Props {
  xml: string;
  flow: FlowHistory[];
  label: string;
  height: number;
}

interface Element {
  id: string;
  type: string;
  labelTarget?: unknown;
}

export default function BpmnCanvas({ xml, flow, label, height }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { token } = theme.useToken();
  const colours = { finished: token.colorSuccess, active: token.colorPrimary, flow: token.colorWarning };
  const colourKey = Object.values(colours).join();

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const viewer = new NavigatedViewer({ container });
    let alive = true;
    const states = nodeStates(flow);
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        setError(null);
        const canvas = viewer.get<{ zoom(level: string): void; addMarker(id: string, cls: string): void }>('canvas');
        const registry = viewer.get<{ getAll(): Element[]; getGraphics(id: string): SVGElement | null }>('elementRegistry');
        canvas.zoom('fit-viewport');
        for (const el of registry.getAll()) {
          if (el.labelTarget || el.type === 'bpmn:Process' || el.type === 'label') continue;
          const state = states.get(el.id) ?? 'none';
          const gfx = registry.getGraphics(el.id);
          gfx?.setAttribute('data-id', el.id);
          gfx?.setAttribute('data-state', state);
          if (state === 'none') continue;
          canvas.addMarker(el.id, MARKER[state]);
          gfx?.querySelector('.djs-visual > *')?.setAttribute('stroke', colours[state]);
        }
      })
      .catch((err: unknown) => {
        if (alive) setError(err instanceof Error ? err.message : String(err));
      });
    return () => {
      alive = false;
      viewer.destroy();
    };
    // colours change only with colourKey
  }, [xml, flow, colourKey]);

  const vars = {
    '--flow-success': token.colorSuccess,
    '--flow-primary': token.colorPrimary,
    '--flow-warning': token.colorWarning,
    '--flow-success-bg': token.colorSuccessBg,
    '--flow-primary-bg': token.colorPrimaryBg,
    height,
  } as React.CSSProperties;
  return (
    <>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} />}
      <div ref={host} role="img" aria-label={label} className="flow-canvas" style={vars} />
    </>
  );
}
