// The flow area's inputs outside CrudPage (spec shell-and-system.md, 流程管理 / 我的事务): the leave request, its
// approval, a deployment's process type, a tracked instance's deletion reason. The forms read these
// (src-renderer/screens/flow) and so do the routes taking them (src-server/modules/flow: judgeInput).
import { isEmpty, maxLength, pattern, required, text, type InputDecl } from './declare';

/** the wire's date and time (yyyy-MM-dd, with HH:mm or HH:mm:ss), as the server reads it (util/dates.ts) */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
/** a wire date and time, comparable as text (its full form), or null */
function fullDateTime(v: unknown): string | null {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!DATE_TIME.test(s)) return null;
  return s.length === 10 ? `${s} 00:00:00` : s.length === 16 ? `${s}:00` : s;
}

export const LEAVE_START: InputDecl = {
  name: 'leaveStart',
  judge: { route: '/blade-desk/process/leave/start-process', send: 'json', with: { processDefinitionId: 'none' } },
  fields: {
    taskUser: text(required('leaveForm.taskUserRequired')),
    startTime: { ...text(required('leaveForm.startTimeRequired'), pattern(DATE_TIME, 'leaveForm.startTimeFormat')), example: '2026-03-01 09:00:00' },
    endTime: { ...text(required('leaveForm.endTimeRequired'), pattern(DATE_TIME, 'leaveForm.endTimeFormat')), example: '2026-03-02 18:00:00' },
    reason: text(required('leaveForm.reasonRequired'), maxLength(500, 'leaveForm.reasonMax')),
  },
  cross: [
    {
      field: 'endTime',
      reads: ['startTime'],
      message: 'leaveForm.endAfterStart',
      refuses: (v) => {
        const start = fullDateTime(v.startTime);
        const end = fullDateTime(v.endTime);
        return start !== null && end !== null && end <= start;
      },
      refused: { startTime: '2026-03-02 09:00:00', endTime: '2026-03-01 18:00:00' },
    },
  ],
};

/** a task's approval: a comment; a rejection (any flag but ok) needs one */
export const LEAVE_HANDLE: InputDecl = {
  name: 'leaveHandle',
  judge: { route: '/blade-flow/work/complete-task', send: 'json', with: { taskId: 'none' } },
  fields: {
    flag: text(),
    comment: text(maxLength(500, 'leaveForm.commentMax')),
  },
  cross: [
    {
      field: 'comment',
      reads: ['flag'],
      message: 'leaveForm.commentRequired',
      refuses: (v) => v.flag !== 'ok' && isEmpty(v.comment),
      refused: { flag: 'reject', comment: '' },
    },
  ],
};

/** a deployment's process type (deploying a model, uploading BPMN files) */
export const FLOW_CATEGORY: InputDecl = {
  name: 'flowCategory',
  judge: { route: '/blade-flow/model/deploy', send: 'query', with: { modelId: 'none' } },
  fields: { category: text(required('flowForm.categoryRequired')) },
};

export const FLOW_DELETE_INSTANCE: InputDecl = {
  name: 'flowDeleteInstance',
  judge: { route: '/blade-flow/follow/delete-process-instance', send: 'query', with: { processInstanceId: 'none' } },
  fields: { deleteReason: text(required('flowForm.deleteReasonRequired'), maxLength(255, 'flowForm.deleteReasonMax')) },
};

export const FLOW_INPUTS: readonly InputDecl[] = [LEAVE_START, LEAVE_HANDLE, FLOW_CATEGORY, FLOW_DELETE_INSTANCE];
