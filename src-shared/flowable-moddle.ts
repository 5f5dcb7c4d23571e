// Flowable's attributes this product's flow engine reads from a BPMN model
// (src-server/modules/flow/runtime.ts): a user task's assignee, candidate users
// and candidate groups (role aliases), a start event's initiator variable. One
// moddle descriptor for the engine's parser and the designer (bpmn-js), so what
// the designer writes is what the engine reads.
export const FLOWABLE_URI = 'http://flowable.org/bpmn';

export const FLOWABLE_MODDLE = {
  name: 'Flowable',
  uri: FLOWABLE_URI,
  prefix: 'flowable',
  xml: { tagAlias: 'lowerCase' },
  types: [
    {
      name: 'Assignable',
      extends: ['bpmn:UserTask'],
      isAbstract: true,
      properties: [
        { name: 'assignee', isAttr: true, type: 'String' },
        { name: 'candidateGroups', isAttr: true, type: 'String' },
        { name: 'candidateUsers', isAttr: true, type: 'String' },
      ],
    },
    { name: 'Initiator', extends: ['bpmn:StartEvent'], isAbstract: true, properties: [{ name: 'initiator', isAttr: true, type: 'String' }] },
  ],
};
