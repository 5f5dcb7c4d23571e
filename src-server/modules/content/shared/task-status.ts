// Status names of the content area's background tasks (generation, imports).
export const TASK_STATUS: Record<number, string> = { 0: '待执行', 1: '执行中', 2: '已完成', 3: '失败' };
