// Schedule arithmetic of deploy tasks: NONE (manual only), FIX_RATE (every N
// seconds) and CRON (croner). Throws the spec's messages on a bad config.
import { Cron } from 'croner';
import { ServiceError } from '../../../http/reply';

export const SCHEDULE_TYPES = ['NONE', 'FIX_RATE', 'CRON'] as const;

/** The next trigger time (ms) after `from`, or null for NONE. */
export function nextTriggerTime(type: string, conf: string, from: number): number | null {
  if (type === 'NONE') return null;
  if (type === 'FIX_RATE') {
    if (!conf.trim()) throw new ServiceError('请输入固定速度');
    const s = Number(conf.trim());
    if (!Number.isSafeInteger(s) || s <= 0) throw new ServiceError('固定速度必须是大于0的整数（秒）');
    return from + s * 1000;
  }
  if (type === 'CRON') {
    if (!conf.trim()) throw new ServiceError('请输入CRON表达式');
    let next: Date | null;
    try {
      next = new Cron(conf.trim(), { paused: true }).nextRun(new Date(from));
    } catch {
      throw new ServiceError('CRON表达式格式不正确');
    }
    return next ? next.getTime() : null;
  }
  throw new ServiceError('请选择调度类型');
}
