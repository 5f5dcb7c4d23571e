// A small reader of BPMN 2.0 XML with its DI (diagram interchange): shapes with
// bounds, edges with waypoints, element types and names. Enough to draw a
// process diagram as SVG without a BPMN library.

export interface FlowShape {
  id: string;
  type: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FlowEdge {
  id: string;
  type: string;
  name: string;
  points: { x: number; y: number }[];
}

export interface FlowHistory {
  historyActivityId: string;
  historyActivityType?: string;
  endTime?: string | null;
}

const attr = (tag: string, name: string): string => {
  const m = new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag);
  return m ? m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&') : '';
};
const num = (tag: string, name: string) => Number(attr(tag, name)) || 0;

/** Shapes and edges of the first diagram in `xml`. */
export function parseBpmn(xml: string): { shapes: FlowShape[]; edges: FlowEdge[] } {
  const elements = new Map<string, { type: string; name: string }>();
  for (const m of xml.matchAll(/<(?:[\w-]+:)?(\w+)\s([^>]*\bid="[^"]*"[^>]*)>/g)) {
    const type = m[1];
    if (/^BPMN|^Bounds$|^waypoint$/.test(type)) continue;
    elements.set(attr(` ${m[2]}`, 'id'), { type, name: attr(` ${m[2]}`, 'name') });
  }
  const shapes: FlowShape[] = [];
  for (const m of xml.matchAll(/<(?:[\w-]+:)?BPMNShape\s([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNShape>/g)) {
    const ref = attr(` ${m[1]}`, 'bpmnElement');
    const bounds = /<(?:[\w-]+:)?Bounds\s([^>]*)\/?>/.exec(m[2]);
    if (!bounds) continue;
    const b = ` ${bounds[1]}`;
    const el = elements.get(ref);
    shapes.push({ id: ref, type: el?.type ?? 'task', name: el?.name ?? '', x: num(b, 'x'), y: num(b, 'y'), width: num(b, 'width'), height: num(b, 'height') });
  }
  const edges: FlowEdge[] = [];
  for (const m of xml.matchAll(/<(?:[\w-]+:)?BPMNEdge\s([^>]*)>([\s\S]*?)<\/(?:[\w-]+:)?BPMNEdge>/g)) {
    const ref = attr(` ${m[1]}`, 'bpmnElement');
    const points = [...m[2].matchAll(/<(?:[\w-]+:)?waypoint\s([^>]*)\/?>/g)].map((w) => ({ x: num(` ${w[1]}`, 'x'), y: num(` ${w[1]}`, 'y') }));
    const el = elements.get(ref);
    edges.push({ id: ref, type: el?.type ?? 'sequenceFlow', name: el?.name ?? '', points });
  }
  return { shapes, edges };
}

export type NodeState = 'finished' | 'active' | 'flow' | 'none';

/** The spec's colouring: finished nodes success, unfinished active nodes primary, sequence flows (taken) warning. */
export function nodeStates(history: readonly FlowHistory[]): Map<string, NodeState> {
  const out = new Map<string, NodeState>();
  for (const h of history) {
    if (h.historyActivityType === 'sequenceFlow') out.set(h.historyActivityId, 'flow');
    else if (h.endTime) out.set(h.historyActivityId, 'finished');
    else if (out.get(h.historyActivityId) !== 'finished') out.set(h.historyActivityId, 'active');
  }
  return out;
}
