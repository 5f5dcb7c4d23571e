// Generate-article tasks (spec content-area.md §7): start with a keyword file,
// produce, progress, the generated titles and articles, and deploys started from
// the generation area. One ArticleGenerator per app starts and cancels runs (durable
// jobs, any working instance runs them).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from '../../../db/data-layer';
import { ok, ServiceError, status } from '../../../http/reply';
import { allow, menu, menuButton } from '../../../http/access-policy';
import { CrudRepository } from '../../../crud/repository';
import type { ContentContext } from '../shared/context';
import { ArticleGenerator, keywordFailures, RUN_MSG, TaskBusy } from './article-generator';
import { readerLanguage } from '../../../http/reasons';
import { deployStatus } from '../deploy/deploy-jobs';
import { reasonText, storedReason } from '../../../../src-shared/messages/stored';
import { messageText } from '../../../../src-shared/messages';
import { isFinished, taskStatusName } from '../shared/task-status';
import { checkUpload, CONTENT_TYPES, saveUpload, SCENES } from '../shared/uploads';
import { idsOf, queryOf, scopeOf, str, type Rec } from '../shared/request';
import { liveRow } from '../shared/lookups';
import { MSG } from '../shared/messages';
import { AiModelLimiter } from './ai-limiter';
import { testAiModel } from './ai-test';

export function registerGenerationRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { data } = ctx;
  const repo = (name: string) => new CrudRepository(data, ctx.resources.get(name)!, ctx.clock);
  const { deployer } = ctx;
  const generator = new ArticleGenerator(data, ctx.files, ctx.clock, ctx.box, ctx.jobs);
  const save = saveUpload(ctx);

  // ---- 测试连接 of an AI model setting: one short prompt with its stored key, the reply or the reason
  const limiter = new AiModelLimiter(data, ctx.clock);
  api.post('/seo-blade-article/aiModel/test', allow(menuButton('aiModel', 'aiModel_test')), async (request) => {
    const [id] = idsOf(request);
    if (!id) throw new ServiceError('generation.selectModel');
    const model = await liveRow(data, 'ai_model', id, scopeOf(request).tenantId);
    if (!model) throw new ServiceError('common.notFound');
    let key = '';
    try {
      key = model.api_key ? ctx.box.open(String(model.api_key)) : '';
    } catch {
      key = '';
    }
    return ok(await testAiModel(model, key, limiter, readerLanguage(request)));
  });

  // ---- generate-article tasks
  const GA = '/website-blade-article/gptProduceArticle';
  const taskOf = async (id: string, tenantId: string): Promise<Rec> => {
    const row = await liveRow(ctx.data, 'gpt_produce_article', id, tenantId);
    if (!row) throw new ServiceError('common.notFound');
    return row;
  };
  const startTask = async (id: string, tenantId: string) => {
    const task = await taskOf(id, tenantId);
    const model = await data.get(sql`SELECT 1 AS found FROM ai_model WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status = 1`);
    if (!model) throw new ServiceError('generation.enableModel');
    // 任务正在执行中 is the database's answer (a queued or running job of the task, on any instance)
    await data.transaction((trx) => generator.start(trx, String(task.id))).catch((e: unknown) => {
      throw e instanceof TaskBusy ? new ServiceError(RUN_MSG.running) : e;
    });
  };
  api.post(`${GA}/batchProduceArticle`, allow(menuButton('gptProduceArticle', 'gptProduceArticle_add')), async (request) => {
    if (!request.isMultipart()) throw new ServiceError(MSG.keywordFile);
    const scope = scopeOf(request);
    let data: Rec | null = null;
    const files: { name: string; bytes: Buffer }[] = [];
    for await (const part of request.parts({ limits: { fileSize: SCENES.keyword.maxBytes + 1, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch(() => {
          throw new ServiceError(SCENES.keyword.sizeMessage);
        });
        if (part.file.truncated) throw new ServiceError(SCENES.keyword.sizeMessage);
        files.push({ name: part.filename || 'file', bytes });
      } else if (part.fieldname === 'data') {
        try {
          data = JSON.parse(String(part.value)) as Rec;
        } catch {
          throw new ServiceError({ key: 'common.badFormat', params: { name: 'data' } });
        }
      }
    }
    if (!data) throw new ServiceError({ key: 'common.badFormat', params: { name: 'data' } });
    if (files.length === 0 && !data.fileLink) throw new ServiceError(MSG.keywordFile);
    if (files.length > 1) throw new ServiceError('upload.oneFile');
    let fileLink = str(data.fileLink);
    let fileName = str(data.fileName);
    if (files.length === 1) {
      const f = files[0];
      const ext = checkUpload(SCENES.keyword, f.name, f.bytes);
      fileLink = (await save(scope.tenantId, f.name, ext, f.bytes, CONTENT_TYPES[ext])).link;
      fileName = f.name;
    }
    const r = repo('gptProduceArticle');
    const fields = { ...data, fileLink, fileName, ...(data.prompts !== undefined && typeof data.prompts !== 'string' ? { prompts: JSON.stringify(data.prompts) } : {}) };
    const id = str(data.id);
    const task = await (id ? r.update(id, fields, scope) : r.insert(fields, scope));
    await startTask(String(task.id), scope.tenantId);
    return ok(await r.detail(String(task.id), scope));
  });
  const produce = async (request: FastifyRequest) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const { tenantId } = scopeOf(request);
    for (const id of ids) await startTask(id, tenantId);
    return status(true);
  };
  api.post(`${GA}/produce`, allow(menuButton('gptProduceArticle', 'gptProduceArticle_edit')), produce);
  api.post('/seo-blade-article/gptProduceArticle/produceArticle', allow(menuButton('gptProduceArticle', 'gptProduceArticle_edit')), produce);
  // cancel 待执行 / 执行中 tasks: a queued run is cancelled at once, a running one stops on whichever instance runs it
  api.post(`${GA}/cancel`, allow(menuButton('gptProduceArticle', 'gptProduceArticle_cancel')), async (request) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    const { tenantId } = scopeOf(request);
    for (const id of ids) await taskOf(id, tenantId);
    const cancelled = await data.transaction(async (trx) => {
      let n = 0;
      for (const id of ids) if (await generator.cancel(trx, id)) n++;
      return n;
    });
    if (cancelled === 0) throw new ServiceError(RUN_MSG.notCancellable);
    return status(true);
  });
  api.get(`${GA}/pollTaskStatus`, allow(menu('gptProduceArticle')), async (request) => {
    const { tenantId } = scopeOf(request);
    const ids = idsOf(request);
    const rows = ids.length
      ? await Promise.all(ids.map((id) => taskOf(id, tenantId)))
      : await data.all(sql<Rec>`SELECT * FROM gpt_produce_article WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND status IN (0, 1)`);
    const language = readerLanguage(request);
    const failures = await keywordFailures(data, rows.map((t) => String(t.id)), language);
    const out = rows.map((t) => {
      const total = Number(t.total) || 0;
      const finished = Number(t.success_count) + Number(t.fail_count);
      return {
        id: t.id, status: t.status, statusName: taskStatusName(t.status, language), total,
        successCount: t.success_count, failCount: t.fail_count,
        progress: isFinished(Number(t.status)) ? 100 : total > 0 ? Math.min(100, Math.floor((finished * 100) / total)) : 0,
        // why: the whole task's reason, and each failed keyword's
        errorMsg: reasonText(t.error_msg, t.error_reason, language), failures: failures.get(String(t.id)) ?? [],
      };
    });
    return ok(ids.length === 1 ? out[0] : out);
  });
  api.get(`${GA}/export-title`, allow(menu('gptProduceArticle')), async (request, reply) => {
    const id = str(queryOf(request).id);
    if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
    const task = await taskOf(id, scopeOf(request).tenantId);
    const titles = (await data.all(sql<Rec>`SELECT title FROM article WHERE gpt_task_id = ${id} AND gpt_item_index IS NOT NULL AND is_deleted = 0 ORDER BY gpt_item_index`)).map((r) => str(r.title));
    const fname = encodeURIComponent(`${str(task.task_name)}-titles.txt`);
    return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename*=UTF-8''${fname}`).send(titles.join('\n') + (titles.length ? '\n' : ''));
  });
  api.get(`${GA}/articles`, allow(menu('gptProduceArticle')), async (request) => {
    const id = str(queryOf(request).id);
    await taskOf(id, scopeOf(request).tenantId);
    return ok(await data.all(sql<Rec>`SELECT id, keyword, title, content, NULL AS error, status, website_info_id AS "websiteInfoId", gpt_item_index AS "itemIndex" FROM article
        WHERE gpt_task_id = ${id} AND gpt_item_index IS NOT NULL AND is_deleted = 0
       UNION ALL SELECT id, keyword, title, NULL, error, 0, '', item_index FROM gpt_article WHERE task_id = ${id} AND is_deleted = 0
       ORDER BY "itemIndex"`));
  });
  // deploy the given websites through the generation area (spec: batch-site-tasks)
  // (网站管理's 批量部署 button on the ticked websites)
  api.post(`${GA}/batch-site-tasks`, allow(menuButton(['gptProduceArticle', 'websiteInfo'], 'gptProduceArticle_add', 'websiteInfo_batchDeploy')), async (request) => {
    const scope = scopeOf(request);
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
    // one deploy job per site, run by any working instance; the reply waits for them all
    const out = await deployer.deployMany(ids, scope.tenantId, scope);
    // the status name and message in the caller's language; the console tells a deployed site by `deployed`
    const language = readerLanguage(request);
    return ok(out.map((r) => ({
      websiteInfoId: r.websiteInfoId,
      ...deployStatus(r.statusName, language),
      message: r.refused ? messageText({ key: 'deploy.renderFailed', params: { reason: storedReason(r.reason) ?? r.refused } }, language) : reasonText(r.message, r.reason, language),
    })));
  });
}
