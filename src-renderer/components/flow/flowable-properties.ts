// The designer's own properties (a bpmn-js-properties-panel provider): what this
// product's flow engine reads from the model (src-server/modules/flow/runtime.ts).
// A user task's flowable:assignee, flowable:candidateUsers and
// flowable:candidateGroups (a literal, or `${variable}` read from the process
// variables; candidate groups are role aliases), a start event's
// flowable:initiator, and a sequence flow's condition expression (`${pass}`: a
// process variable by its name, flow/expressions.ts; completing a task sets `pass`).
import { h } from '@bpmn-io/properties-panel/preact';
import { Group, TextFieldEntry, isTextFieldEntryEdited } from '@bpmn-io/properties-panel';
import { useService } from 'bpmn-js-properties-panel';

interface BusinessObject {
  $type: string;
  $instanceOf(type: string): boolean;
  get(name: string): unknown;
  sourceRef?: BusinessObject;
  conditionExpression?: { body?: string };
}

interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
}

interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
}

type Translate = (text: string) => string;
type Debounce = (fn: (value: string) => void) => (value: string) => void;

interface EntryProps {
  element: DiagramElement;
  id: string;
}

/** the text entry of one flowable:<attribute> */
function attributeEntry(attribute: string, label: string, description: string) {
  return function FlowableAttributeEntry({ element, id }: EntryProps) {
    const modeling = useService<Modeling>('modeling');
    const translate = useService<Translate>('translate');
    const debounce = useService<Debounce>('debounceInput');
    return h(TextFieldEntry, {
      element,
      id,
      label: translate(label),
      description: translate(description),
      getValue: () => String(element.businessObject.get(`flowable:${attribute}`) ?? ''),
      setValue: (value: string) => modeling.updateProperties(element, { [`flowable:${attribute}`]: value.trim() || undefined }),
      debounce,
    });
  };
}

const AssigneeEntry = attributeEntry('assignee', 'Assignee', 'A user id, or ${variable} read from the process variables');
const CandidateUsersEntry = attributeEntry('candidateUsers', 'Candidate users', 'User ids, comma separated');
const CandidateGroupsEntry = attributeEntry('candidateGroups', 'Candidate groups', 'Role aliases, comma separated');
const InitiatorEntry = attributeEntry('initiator', 'Initiator', 'The variable that keeps the starting user');

function ConditionEntry({ element, id }: EntryProps) {
  const modeling = useService<Modeling>('modeling');
  const translate = useService<Translate>('translate');
  const debounce = useService<Debounce>('debounceInput');
  const bpmnFactory = useService<{ create(type: string, attrs: Record<string, unknown>): unknown }>('bpmnFactory');
  return h(TextFieldEntry, {
    element,
    id,
    label: translate('Condition expression'),
    description: translate('e.g. ${pass}: true when the task was approved (a process variable by its name)'),
    getValue: () => element.businessObject.conditionExpression?.body ?? '',
    setValue: (value: string) => {
      const body = value.trim();
      modeling.updateProperties(element, { conditionExpression: body ? bpmnFactory.create('bpmn:FormalExpression', { body }) : undefined });
    },
    debounce,
  });
}

/** A sequence flow leaving a gateway or an activity can carry a condition (not one leaving a start event or a parallel gateway). */
function mayHaveCondition(bo: BusinessObject): boolean {
  const source = bo.sourceRef;
  if (!source) return false;
  return source.$instanceOf('bpmn:ExclusiveGateway') || source.$instanceOf('bpmn:InclusiveGateway') || (source.$instanceOf('bpmn:Activity') && !source.$instanceOf('bpmn:SubProcess'));
}

interface PropertiesGroup {
  id: string;
  label: string;
  entries: { id: string; component: unknown; isEdited?: unknown }[];
  component: unknown;
}

class FlowablePropertiesProvider {
  static $inject = ['propertiesPanel', 'translate'];

  constructor(
    propertiesPanel: { registerProvider(priority: number, provider: unknown): void },
    private readonly translate: Translate,
  ) {
    propertiesPanel.registerProvider(400, this);
  }

  getGroups(element: DiagramElement) {
    return (groups: PropertiesGroup[]): PropertiesGroup[] => {
      const bo = element.businessObject;
      const out = [...groups];
      const at = Math.min(1, out.length); // after 常规 (General)
      if (bo.$instanceOf('bpmn:UserTask')) {
        out.splice(at, 0, {
          id: 'flowable-assignment',
          label: this.translate('Assignment'),
          component: Group,
          entries: [
            { id: 'flowable-assignee', component: AssigneeEntry, isEdited: isTextFieldEntryEdited },
            { id: 'flowable-candidateUsers', component: CandidateUsersEntry, isEdited: isTextFieldEntryEdited },
            { id: 'flowable-candidateGroups', component: CandidateGroupsEntry, isEdited: isTextFieldEntryEdited },
          ],
        });
      } else if (bo.$instanceOf('bpmn:StartEvent')) {
        out.splice(at, 0, { id: 'flowable-start', label: this.translate('Start'), component: Group, entries: [{ id: 'flowable-initiator', component: InitiatorEntry, isEdited: isTextFieldEntryEdited }] });
      } else if (bo.$instanceOf('bpmn:SequenceFlow') && mayHaveCondition(bo)) {
        out.splice(at, 0, { id: 'flowable-condition', label: this.translate('Condition'), component: Group, entries: [{ id: 'flowable-conditionExpression', component: ConditionEntry, isEdited: isTextFieldEntryEdited }] });
      }
      return out;
    };
  }
}

/** the bpmn-js module of the provider */
export const FlowablePropertiesModule = {
  __init__: ['flowablePropertiesProvider'],
  flowablePropertiesProvider: ['type', FlowablePropertiesProvider],
};
