// The schedule rules of deploy tasks, shared by the form (refused before sending)
// and the server (refused with code 400): NONE (manual only), FIX_RATE (every N
// whole seconds, N >= 1) and CRON (an expression croner accepts: 5-7 fields,
// seconds first when 6 or 7).
import { Cron } from 'croner';
import type { MessageKey } from './messages';

export const SCHEDULE_TYPES = ['NONE', 'FIX_RATE', 'CRON'] as const;

export type ScheduleProblem = 'fixRateRequired' | 'fixRateInvalid' | 'cronRequired' | 'cronInvalid' | 'typeInvalid';

/** each problem's message (src-shared/messages/deploy-task-messages.ts): the server's and the form's */
export const SCHEDULE_MESSAGES: Record<ScheduleProblem, MessageKey> = {
  fixRateRequired: 'deployTask.fixRateRequired',
  fixRateInvalid: 'deployTask.fixRateInvalid',
  cronRequired: 'deployTask.cronRequired',
  cronInvalid: 'deployTask.cronInvalid',
  typeInvalid: 'deployTask.scheduleType',
};

function cronOf(conf: string): Cron | null {
  try {
    return new Cron(conf.trim(), { paused: true });
  } catch {
    return null;
  }
}

/** What is wrong with a schedule, or null when it can be saved. */
export function scheduleProblem(type: string, conf: unknown): ScheduleProblem | null {
  const text = conf === null || conf === undefined ? '' : String(conf).trim();
  if (type === 'NONE') return null;
  if (type === 'FIX_RATE') {
    if (!text) return 'fixRateRequired';
    const s = Number(text);
    return /^\d+$/.test(text) && Number.isSafeInteger(s) && s >= 1 ? null : 'fixRateInvalid';
  }
  if (type === 'CRON') {
    if (!text) return 'cronRequired';
    return cronOf(text) ? null : 'cronInvalid';
  }
  return 'typeInvalid';
}

/** The next trigger time (ms) after `from` of a schedule without a problem, or null (NONE, or a cron that never fires again). */
export function nextRunAfter(type: string, conf: string, from: number): number | null {
  if (type === 'FIX_RATE') return from + Number(conf.trim()) * 1000;
  if (type !== 'CRON') return null;
  const next = cronOf(conf)?.nextRun(new Date(from));
  return next ? next.getTime() : null;
}
