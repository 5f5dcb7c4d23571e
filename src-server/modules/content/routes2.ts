// Content area II special endpoints (spec content-area.md §7): category tree and
// getCate, updateColumn, article release, keyword imports (JSON body and .txt),
// generate-article tasks (batchProduceArticle, produce, pollTaskStatus,
// export-title), and deploy tasks (jobSwitch, executeOnce, nextTriggerTime) with
// the running scheduler and generator.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { ok, ServiceError, status } from '../../http/reply';
import { callerOf, firstDeptOf } from '../../http/auth-user';
import { CrudRepository, type Scope } from '../../crud/repository';
import type { Resource } from '../../crud/resource';
import type { Clock } from '../../util/clock';
import { formatDateTime } from '../../util/dates';
import { nextId } from '../../util/ids';
import { SiteDeployer } from './deploy';
import { ArticleGenerator, STATUS } from './generator';
import { liveRow } from './lookups';
import { MSG2, TASK_STATUS } from './resources2';
import { nextTriggerTime } from './schedule';
import { DeployScheduler } from './scheduler';
import type { SecretBox } from './secrets';
import { checkUpload, CONTENT_TYPES, SCENES, UPLOAD_DIR } from './upload';

type Rec = Record<string, unknown>;

function scopeOf(request: FastifyRequest): Scope {
  const user = callerOf(request);
  return { tenantId: user.tenantId, userId: user.userId, deptId: firstDeptOf(user) };
}
const q = (request: FastifyRequest): Rec => (request.query ?? {}) as Rec;
const body = (request: FastifyRequest): Rec => (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Rec) : {});
const str = (v: unknown): string => (v === undefined || v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));
const idsOf = (request: FastifyRequest): string[] => {
  const raw = str(q(request).ids) || str(body(request).ids) || str(body(request).id) || str(q(request).id);
  return [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
};

export interface Content2Deps {
  db: Db;
  dataDir: string;
  clock: Clock;
  box: SecretBox;
  resources: Map<string, Resource>;
}

/** Imports keyword lines as an import task: bad lines are logged (task_error_log) and skipped. */
export function importKeywords(db: Db, clock: Clock, scope: Scope, taskName: string, lines: string[]): Rec {
  const now = formatDateTime(clock());
  const taskId = nextId();
  const audit = [scope.userId, scope.deptId, now, scope.userId, now];
  const insKw = db.prepare(
    'INSERT INTO keyword (id, tenant_id, keyword, create_user, create_dept, create_time, update_user, update_time, status, is_deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 0)',
  );
  const insErr = db.prepare(
    'INSERT INTO task_error_log (id, tenant_id, task_id, error_line, error_msg, error_data, create_user, create_dept, create_time, update_user, update_time, status, is_deleted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)',
  );
  let total = 0;
  let good = 0;
  let bad = 0;
  db.transaction(() => {
    lines.forEach((raw, i) => {
      const kw = raw.replace(/^\uFEFF/, '').trim();
      if (kw === '') return;
      total++;
      if (kw.length > 50) {
        bad++;
        insErr.run(nextId(), scope.tenantId, taskId, i + 1, MSG2.managedKeywordMax, kw.slice(0, 1000), ...audit);
        return;
      }
      good++;
      insKw.run(nextId(), scope.tenantId, kw, ...audit);
    });
    db.prepare(
      `INSERT INTO import_task (id, tenant_id, task_name, task_type, total_rows, success_rows, failed_rows, create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
       VALUES (?, ?, ?, 'keyword', ?, ?, ?, ?, ?, ?, ?, ?, 2, 0)`,
    ).run(taskId, scope.tenantId, taskName.slice(0, 50), total, good, bad, ...audit);
  })();
  return { id: taskId, taskName, taskType: 'keyword', totalRows: total, successRows: good, failedRows: bad };
}

export function registerContentRoutes2(api: FastifyInstance, deps: Content2Deps): void {
  const { db } = deps;
  const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Rec[];
  const deployer = new SiteDeployer(db, deps.dataDir, deps.clock);
  const scheduler = new DeployScheduler(db, deps.clock, deployer);
  const generator = new ArticleGenerator(db, deps.dataDir, deps.clock, deps.box);
  scheduler.start();
  generator.resume();
  api.addHook('onClose', async () => {
    scheduler.stop();
    generator.stop();
  });
  const repo = (name: string) => new CrudRepository(db, deps.resources.get(name)!, deps.clock);

  // ---- categories
  api.get('/seo-blade-article/cate/tree', async (request) => {
    const { tenantId } = scopeOf(request);
    const groups = all('SELECT id, name FROM website_group WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time', tenantId);
    const cates = all('SELECT id, cate_name, website_group_id FROM article_cate WHERE tenant_id = ? AND is_deleted = 0 ORDER BY create_time', tenantId);
    return ok(groups.map((g) => ({
      id: g.id, value: g.id, title: g.name, key: g.id, disabled: true,
      children: cates.filter((c) => c.website_group_id === g.id).map((c) => ({ id: c.id, value: c.id, title: c.cate_name, key: c.id, parentId: g.id })),
    })));
  });
  const getCate = async (request: FastifyRequest) => {
    const group = str(q(request).websiteGroupId);
    if (!group) return ok([]);
    return ok(all('SELECT id, cate_name AS cateName, type, website_group_id AS websiteGroupId FROM article_cate WHERE tenant_id = ? AND is_deleted = 0 AND website_group_id = ? ORDER BY create_time', scopeOf(request).tenantId, group));
  };
  api.get('/website-blade-article/cate/getCate', getCate);
  api.get('/seo-blade-article/cate/getCate', getCate);
  // incremental column update: redeploys the websites of the given website (id) or group (websiteGroupId)
  api.get('/seo-blade-material/websiteInfo/updateColumn', async (request) => {
    const scope = scopeOf(request);
    const id = str(q(request).id);
    const group = str(q(request).websiteGroupId);
    const sites = id ? [id] : group ? all('SELECT id FROM website_info WHERE tenant_id = ? AND is_deleted = 0 AND website_group_id = ?', scope.tenantId, group).map((r) => String(r.id)) : [];
    if (sites.length === 0) throw new ServiceError('请选择至少一条数据');
    const results = sites.map((s) => deployer.deploy(s, scope.tenantId, scope));
    return ok({ updated: results.filter((r) => r.statusName === '部署成功').length, total: results.length });
  });

  // ---- articles: release (0 -> 1)
  api.post('/website-blade-article/article/release', async (request) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const scope = scopeOf(request);
    const now = formatDateTime(deps.clock());
    const n = db
      .prepare(`UPDATE article SET status = 1, deploy_time = ?, save_status = '手动发布', update_time = ?, update_user = ? WHERE tenant_id = ? AND is_deleted = 0 AND status = 0 AND id IN (${ids.map(() => '?').join(',')})`)
      .run(now, now, scope.userId, scope.tenantId, ...ids).changes;
    return ok({ published: n });
  });

  // ---- keyword imports
  api.post('/website-blade-article/keyword/import', async (request) => {
    const raw = Array.isArray(request.body) ? request.body : (body(request).keywords ?? body(request).list);
    const list = Array.isArray(raw) ? raw.map((v) => (v && typeof v === 'object' ? str((v as Rec).keyword) : str(v))) : typeof raw === 'string' ? raw.split(/\r?\n/) : null;
    if (!list || list.every((s) => !s.trim())) throw new ServiceError('请选择至少一条数据');
    return ok(importKeywords(db, deps.clock, scopeOf(request), '关键词导入', list));
  });
  api.post('/website-blade-article/keyword/importText', async (request) => {
    if (!request.isMultipart()) throw new ServiceError(MSG2.keywordFile);
    const part = await request.file({ limits: { fileSize: SCENES.keyword.maxBytes + 1, files: 1 } });
    if (!part) throw new ServiceError(MSG2.keywordFile);
    const bytes = await part.toBuffer().catch(() => {
      throw new ServiceError(SCENES.keyword.sizeMessage);
    });
    if (part.file.truncated) throw new ServiceError(SCENES.keyword.sizeMessage);
    checkUpload(SCENES.keyword, part.filename || 'file', bytes);
    return ok(importKeywords(db, deps.clock, scopeOf(request), `关键词导入: ${part.filename}`, bytes.toString('utf8').split(/\r?\n/)));
  });

  // ---- generate-article tasks
  const GA = '/website-blade-article/gptProduceArticle';
  const taskOf = (id: string, tenantId: string): Rec => {
    const row = liveRow(db, 'gpt_produce_article', id, tenantId);
    if (!row) throw new ServiceError('数据不存在或已被删除');
    return row;
  };
  const startTask = (id: string, tenantId: string) => {
    const task = taskOf(id, tenantId);
    const model = db.prepare('SELECT 1 FROM ai_model WHERE tenant_id = ? AND is_deleted = 0 AND status = 1').get(tenantId);
    if (!model) throw new ServiceError('请先启用一个AI模型设置');
    if (generator.isRunning(id)) throw new ServiceError('任务正在执行中');
    if (task.status === STATUS.done || task.status === STATUS.failed) {
      db.prepare('DELETE FROM gpt_article WHERE task_id = ?').run(id);
      db.prepare('UPDATE gpt_produce_article SET success_count = 0, fail_count = 0 WHERE id = ?').run(id);
    }
    generator.start(id);
  };
  api.post(`${GA}/batchProduceArticle`, async (request) => {
    if (!request.isMultipart()) throw new ServiceError(MSG2.keywordFile);
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
          throw new ServiceError('请求参数格式错误: data');
        }
      }
    }
    if (!data) throw new ServiceError('请求参数格式错误: data');
    if (files.length === 0 && !data.fileLink) throw new ServiceError(MSG2.keywordFile);
    if (files.length > 1) throw new ServiceError('只能上传一个文件');
    let fileLink = str(data.fileLink);
    let fileName = str(data.fileName);
    if (files.length === 1) {
      const f = files[0];
      const ext = checkUpload(SCENES.keyword, f.name, f.bytes);
      const name = `${randomUUID().replace(/-/g, '')}.${ext}`;
      mkdirSync(join(deps.dataDir, UPLOAD_DIR), { recursive: true });
      writeFileSync(join(deps.dataDir, UPLOAD_DIR, name), f.bytes, { flag: 'wx' });
      db.prepare('INSERT INTO content_upload (name, tenant_id, original_name, content_type, size, create_time) VALUES (?, ?, ?, ?, ?, ?)')
        .run(name, scope.tenantId, f.name, CONTENT_TYPES[ext], f.bytes.length, formatDateTime(deps.clock()));
      fileLink = `/api/blade-resource/oss/endpoint/file/${name}`;
      fileName = f.name;
    }
    const r = repo('gptProduceArticle');
    const fields = { ...data, fileLink, fileName, ...(data.prompts !== undefined && typeof data.prompts !== 'string' ? { prompts: JSON.stringify(data.prompts) } : {}) };
    const id = str(data.id);
    const task = id ? r.update(id, fields, scope) : r.insert(fields, scope);
    startTask(String(task.id), scope.tenantId);
    return ok(r.detail(String(task.id), scope));
  });
  const produce = async (request: FastifyRequest) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const { tenantId } = scopeOf(request);
    for (const id of ids) startTask(id, tenantId);
    return status(true);
  };
  api.post(`${GA}/produce`, produce);
  api.post('/seo-blade-article/gptProduceArticle/produceArticle', produce);
  api.get(`${GA}/pollTaskStatus`, async (request) => {
    const { tenantId } = scopeOf(request);
    const ids = idsOf(request);
    const rows = ids.length
      ? ids.map((id) => taskOf(id, tenantId))
      : all('SELECT * FROM gpt_produce_article WHERE tenant_id = ? AND is_deleted = 0 AND status IN (0, 1)', tenantId);
    const out = rows.map((t) => {
      const total = Number(t.total) || 0;
      const finished = Number(t.success_count) + Number(t.fail_count);
      return {
        id: t.id, status: t.status, statusName: TASK_STATUS[Number(t.status)] ?? '', total,
        successCount: t.success_count, failCount: t.fail_count,
        progress: t.status === STATUS.done ? 100 : total > 0 ? Math.min(100, Math.floor((finished * 100) / total)) : 0,
      };
    });
    return ok(ids.length === 1 ? out[0] : out);
  });
  api.get(`${GA}/export-title`, async (request, reply) => {
    const id = str(q(request).id);
    if (!id) throw new ServiceError('缺少必要的请求参数: id');
    const task = taskOf(id, scopeOf(request).tenantId);
    const titles = all('SELECT title FROM gpt_article WHERE task_id = ? AND is_deleted = 0 AND error IS NULL ORDER BY item_index', id).map((r) => str(r.title));
    const fname = encodeURIComponent(`${str(task.task_name)}-titles.txt`);
    return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename*=UTF-8''${fname}`).send(titles.join('\n') + (titles.length ? '\n' : ''));
  });
  api.get(`${GA}/articles`, async (request) => {
    const id = str(q(request).id);
    taskOf(id, scopeOf(request).tenantId);
    return ok(all('SELECT id, keyword, title, content, error FROM gpt_article WHERE task_id = ? AND is_deleted = 0 ORDER BY item_index', id));
  });
  // deploy the given websites through the generation area (spec: batch-site-tasks)
  api.post(`${GA}/batch-site-tasks`, async (request) => {
    const scope = scopeOf(request);
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    return ok(ids.map((s) => {
      const r = deployer.deploy(s, scope.tenantId, scope);
      return { websiteInfoId: s, statusName: r.statusName, message: r.message };
    }));
  });

  // ---- deploy tasks
  const DT = '/website-blade-deploy/deployTasks';
  const deployTask = (id: string, tenantId: string): Rec => {
    const row = liveRow(db, 'deploy_tasks', id, tenantId);
    if (!row) throw new ServiceError('数据不存在或已被删除');
    return row;
  };
  api.post(`${DT}/jobSwitch`, async (request) => {
    const b = body(request);
    const id = str(b.id) || str(q(request).id);
    if (!id) throw new ServiceError('缺少必要的请求参数: id');
    const task = deployTask(id, scopeOf(request).tenantId);
    const wanted = b.status === undefined ? (task.status === 1 ? 0 : 1) : Number(b.status);
    if (wanted === 1 && task.schedule_type === 'NONE') throw new ServiceError('调度类型为NONE的任务不能启动，请使用执行一次');
    scheduler.arm(id, wanted === 1);
    return ok(repo('deployTasks').detail(id, scopeOf(request)));
  });
  api.post(`${DT}/executeOnce`, async (request) => {
    const id = str(body(request).id) || str(q(request).id);
    if (!id) throw new ServiceError('缺少必要的请求参数: id');
    return ok(scheduler.run(deployTask(id, scopeOf(request).tenantId)));
  });
  api.get(`${DT}/nextTriggerTime`, async (request) => {
    const type = str(q(request).scheduleType) || 'NONE';
    const conf = str(q(request).scheduleConf);
    const times: string[] = [];
    let from = deps.clock();
    for (let i = 0; i < 5; i++) {
      const next = nextTriggerTime(type, conf, from);
      if (next === null) break;
      times.push(formatDateTime(next));
      from = next;
    }
    return ok(times);
  });
}
