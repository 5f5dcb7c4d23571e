// Schedule arithmetic of deploy tasks: NONE (manual only), FIX_RATE (every N
// seconds) and CRON (croner). The rules are shared with the form
// (src-shared/schedule.ts); a bad config throws the spec's message (code 400).
import { ServiceError } from '../../../http/reply';
import { nextRunAfter, SCHEDULE_MESSAGES, scheduleProblem } from '../../../../src-shared/schedule';

export { SCHEDULE_TYPES } from '../../../../src-shared/schedule';

/** The next trigger time (ms) after `from`, or null for NONE. */
export function nextTriggerTime(type: string, conf: string, from: number): number | null {
  const problem = scheduleProblem(type, conf);
  if (problem) throw new ServiceError(SCHEDULE_MESSAGES[problem]);
  return nextRunAfter(type, conf, from);
}
