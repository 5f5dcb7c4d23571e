// Scheduled deploy tasks (spec content-area.md §7): switch a task's schedule on or
// off, run it once, preview the next trigger times. One DeployScheduler per app.
import type { FastifyInstance } from 'fastify';
import { ok, ServiceError } from '../../../http/reply';
import { allow, menu, menuButton } from '../../../http/access-policy';
import { CrudRepository } from '../../../crud/repository';
import { formatDateTime } from '../../../util/dates';
import type { ContentContext } from '../shared/context';
import { DeployScheduler, runInLanguage } from './deploy-scheduler';
import { readerLanguage } from '../../../http/reasons';
import { nextTriggerTime } from './schedule';
import { bodyOf, queryOf, scopeOf, str, type Rec } from '../shared/request';
import { liveRow } from '../shared/lookups';

export function registerDeployTaskRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const repo = (name: string) => new CrudRepository(ctx.data, ctx.resources.get(name)!, ctx.clock);
  const scheduler = new DeployScheduler(ctx.data, ctx.clock, ctx.deployer, ctx.jobs);
  scheduler.start();
  api.addHook('onClose', async () => scheduler.stop());

  // ---- deploy tasks
  const DT = '/website-blade-deploy/deployTasks';
  const deployTask = async (id: string, tenantId: string): Promise<Rec> => {
    const row = await liveRow(ctx.data, 'deploy_tasks', id, tenantId);
    if (!row) throw new ServiceError('common.notFound');
    return row;
  };
  api.post(`${DT}/jobSwitch`, allow(menuButton('deployTasks', 'deployTasks_edit')), async (request) => {
    const b = bodyOf(request);
    const id = str(b.id) || str(queryOf(request).id);
    if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    const task = await deployTask(id, scopeOf(request).tenantId);
    const wanted = b.status === undefined ? (task.status === 1 ? 0 : 1) : Number(b.status);
    if (wanted === 1 && task.schedule_type === 'NONE') throw new ServiceError('deployTask.noneCannotStart');
    await scheduler.arm(id, wanted === 1);
    return ok(await repo('deployTasks').detail(id, { ...scopeOf(request), language: readerLanguage(request) }));
  });
  api.post(`${DT}/executeOnce`, allow(menuButton('deployTasks', 'deployTasks_edit')), async (request) => {
    const id = str(bodyOf(request).id) || str(queryOf(request).id);
    if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    return ok(runInLanguage(await scheduler.run(await deployTask(id, scopeOf(request).tenantId)), readerLanguage(request)));
  });
  api.get(`${DT}/nextTriggerTime`, allow(menu('deployTasks')), async (request) => {
    const type = str(queryOf(request).scheduleType) || 'NONE';
    const conf = str(queryOf(request).scheduleConf);
    const times: string[] = [];
    let from = ctx.clock();
    for (let i = 0; i < 5; i++) {
      const next = nextTriggerTime(type, conf, from);
      if (next === null) break;
      times.push(formatDateTime(next));
      from = next;
    }
    return ok(times);
  });
}
