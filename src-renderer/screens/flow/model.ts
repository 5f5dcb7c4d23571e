// Process models (/blade-flow/model): BPMN XML kept per tenant, drawn in the designer (bpmn-js's modeler with
// the properties the flow engine reads: assignees, candidate users and groups, conditions; its XML tab edits the
// source); deploy one as a new version; view its diagram.
import type { ScreenDef } from '../../crud/types';
import { LazyBpmnDesigner } from '../../components/flow/LazyBpmnDesigner';
import { DeployModelDialog, ModelDiagramDialog } from './dialogs';
import '../../i18n/areas/flow';
import { FLOW_MODEL } from '../../../src-shared/declarations/flow';

const M = FLOW_MODEL.path;

const model: ScreenDef = {
  code: 'flowModel',
  title: 'flow.modelTitle',
  api: { list: `${M}/list`, detail: `${M}/detail`, submit: `${M}/submit`, remove: `${M}/remove` },
  dialogWidth: 1200,
  timeRange: false,
  declaration: FLOW_MODEL,
  columns: [
    { name: 'name', label: 'flow.name', search: true },
    { name: 'modelKey', label: 'flow.modelKey', search: true },
    { name: 'description', label: 'flow.description', span: 24 },
    { name: 'xml', label: 'flow.xml', valueType: 'custom', input: LazyBpmnDesigner, span: 24, hideInTable: true, validateTrigger: 'onChange' },
    { name: 'version', label: 'flow.version', hideInForm: true, width: 80 },
    { name: 'lastUpdated', label: 'flow.lastUpdated', hideInForm: true, width: 170 },
  ],
  extraActions: [
    { key: 'deploy', label: 'flow.deploy', permission: 'flowModel_deploy', placement: 'row', render: DeployModelDialog },
    { key: 'diagram', label: 'flow.diagram', permission: 'flowModel_view', placement: 'row', render: ModelDiagramDialog },
  ],
};

export default model;
