// The flow area (spec shell-and-system.md, 流程管理): process models, declared once for the server's validation
// (modules/flow/routes.ts, a hand-written submit) and the model screen's form. That the model key is the BPMN
// process's id needs the XML parsed: the server checks it (flow.modelKeyMismatch), as it checks the key is free.
import { maxLength, pattern, required, text, type ResourceDecl } from './declare';

export const FLOW_MODEL: ResourceDecl = {
  name: 'flowModel',
  path: '/blade-flow/model',
  fields: {
    name: text(required('flow.modelNameRequired'), maxLength(100, 'flow.modelNameMax')),
    modelKey: text(required('flow.modelKeyRequired'), pattern('^[A-Za-z_][\\w-]*$', 'flow.modelKeyFormat')),
    description: text(),
    xml: text(required('flow.xmlRequired')),
  },
};

export const FLOW_DECLARATIONS: readonly ResourceDecl[] = [FLOW_MODEL];
