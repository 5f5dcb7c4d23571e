// The platform administrator's view of a restored copy's paused background work (jobs/pause.ts): the console's
// banner reads the status and its button 恢复后台任务 resumes (this instance's worker claims at once, the others at
// their next poll). Both for the platform administrator only (tenant 000000's administrator).
import type { FastifyInstance } from 'fastify';
import type { Queries } from '../db/data-layer';
import { allow, PLATFORM } from '../http/access-policy';
import { ok } from '../http/reply';
import { BACKGROUND_WORK_RESUME_URL, BACKGROUND_WORK_STATUS_URL, type BackgroundWorkStatus } from '../../src-shared/jobs';
import { readPause, resumeBackgroundWork } from './pause';
import type { Jobs } from './jobs';

export const MSG_RESUMED = '后台任务已恢复';
export const MSG_NOT_PAUSED = '后台任务未暂停';

export function registerBackgroundWorkRoutes(api: FastifyInstance, data: Queries, jobs: Pick<Jobs, 'wake'>): void {
  api.get(BACKGROUND_WORK_STATUS_URL, allow(PLATFORM), async () => {
    const pause = await readPause(data);
    return ok<BackgroundWorkStatus>({ paused: !!pause, by: pause?.by ?? null, since: pause?.since || null });
  });
  api.post(BACKGROUND_WORK_RESUME_URL, allow(PLATFORM), async () => {
    const was = await resumeBackgroundWork(data);
    jobs.wake();
    return ok<BackgroundWorkStatus>({ paused: false, by: null, since: null }, was ? MSG_RESUMED : MSG_NOT_PAUSED);
  });
}
