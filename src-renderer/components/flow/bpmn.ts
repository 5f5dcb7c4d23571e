// Diagram colouring from a process instance's history (model-view's flow list).
// The diagram itself is drawn by bpmn-js (BpmnCanvas.tsx).

export interface FlowHistory {
  historyActivityId: string;
  historyActivityType?: string;
  endTime?: string | null;
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

/** The bpmn-js marker (CSS class on the element's graphics) of a state. */
export const MARKER: Record<Exclude<NodeState, 'none'>, string> = {
  finished: 'flow-finished',
  active: 'flow-active',
  flow: 'flow-taken',
};
