// Business messages of durable jobs (src-server/jobs): the reasons the queue itself records (job.error and
// job_attempt.reason keep the zh text, error_reason / reason_message the key: src-shared/messages/stored.ts).
// A takeover, a release and the wait for a worker are said by the console from the attempt's outcome (crud.job.*).
import type { MessageFamily } from './text';

export const JOB_MESSAGES = {
  'job.leaseLost': {
    zh: '执行的实例失联（租约到期未续），尝试次数已用完',
    en: 'The instance running it stopped answering (its lease ran out unrenewed) and no attempt is left',
  },
} as const satisfies MessageFamily;
