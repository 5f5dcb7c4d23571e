// Content area II special endpoints (spec content-area.md §7): category tree and
// getCate, updateColumn, article release, keyword imports (JSON body and .txt),
// generate-article tasks (batchProduceArticle, produce, pollTaskStatus,
// export-title), and deploy tasks (jobSwitch, executeOnce, nextTriggerTime) with
// the running scheduler and generator.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { ok, ServiceError, status } from '../../http/reply';
import { callerOf, firstDeptOf } from '../../http/auth-user';
import { CrudRepository, type Scope } from '../../crud/repository';
import type { Resource } from '../../crud/resource';
import type { Clock } from '../../util/clock';
import { formatDateTime } from '../../util/dates';
import type { SiteDeployer } from './deploy/site-deployer';
import { ArticleGenerator, STATUS } from './generator';
import { ImportRunner, IMPORT_MSG } from './imports';
import { liveRow } from './lookups';
import { MSG2, TASK_STATUS } from './resources2';
import { nextTriggerTime } from './schedule';
import { DeployScheduler } from './scheduler';
import type { SecretBox } from './secrets';
import { checkUpload, CONTENT_TYPES, SCENES, UPLOAD_DIR } from './upload';
import { allow, menu, menuButton } from '../../http/access-policy';

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
  deployer: SiteDeployer;
  resources: Map<string, Resource>;
}

export function registerContentRoutes2(api: FastifyInstance, deps: Content2Deps): void {
  const { db } = deps;
  const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Rec[];
  const { deployer } = deps;
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
  api.get('/seo-blade-article/cate/tree', allow(menu('cate', 'article', 'gptProduceArticle')), async (request) => {
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
  api.get('/website-blade-article/cate/getCate', allow(menu('cate', 'article', 'gptProduceArticle')), getCate);
  api.get('/seo-blade-article/cate/getCate', allow(menu('cate', 'article', 'gptProduceArticle')), getCate);
  // incremental column update: redeploys the websites of the given website (id) or group (websiteGroupId)
  api.get('/seo-blade-material/websiteInfo/updateColumn', allow(menuButton('websiteInfo', 'websiteInfo_edit')), async (request) => {
    const scope = scopeOf(request);
    const id = str(q(request).id);
    const group = str(q(request).websiteGroupId);
    const sites = id ? [id] : group ? all('SELECT id FROM website_info WHERE tenant_id = ? AND is_deleted = 0 AND website_group_id = ?', scope.tenantId, group).map((r) => String(r.id)) : [];
    if (sites.length === 0) throw new ServiceError('请选择至少一条数据');
    const results = [];
    for (const s of sites) results.push(await deployer.deploy(s, scope.tenantId, scope));
    return ok({ updated: results.filter((r) => r.statusName === '部署成功').length, total: results.length });
  });

  // ---- articles: release (0 -> 1); an unassigned (generated) article needs its website and column first
  const release = async (request: FastifyRequest) => {
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const scope = scopeOf(request);
    const now = formatDateTime(deps.clock());
    const marks = ids.map(() => '?').join(',');
    const unassigned = db
      .prepare(`SELECT 1 FROM article WHERE tenant_id = ? AND is_deleted = 0 AND status = 0 AND (website_info_id = '' OR parent_id = '') AND id IN (${marks}) LIMIT 1`)
      .get(scope.tenantId, ...ids);
    if (unassigned) throw new ServiceError('文章未分配网站和栏目，不能发布');
    const n = db
      .prepare(`UPDATE article SET status = 1, deploy_time = ?, save_status = '手动发布', update_time = ?, update_user = ? WHERE tenant_id = ? AND is_deleted = 0 AND status = 0 AND id IN (${marks})`)
      .run(now, now, scope.userId, scope.tenantId, ...ids).changes;
    return ok({ published: n });
  };
  api.post('/website-blade-article/article/release', allow(menuButton('article', 'article_edit')), release);
  api.post('/website/Article/release', allow(menuButton('article', 'article_edit')), release);
  // legacy: publish one article and redeploy its website
  const deployArticle = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    const id = str((request.params as Rec).id);
    const a = liveRow(db, 'article', id, scope.tenantId);
    if (!a) throw new ServiceError('数据不存在或已被删除');
    if (!a.website_info_id || !a.parent_id) throw new ServiceError('文章未分配网站和栏目，不能发布');
    if (a.status !== 1) {
      const now = formatDateTime(deps.clock());
      db.prepare("UPDATE article SET status = 1, deploy_time = ?, save_status = '手动发布', update_time = ?, update_user = ? WHERE id = ?").run(now, now, scope.userId, id);
    }
    const r = await deployer.deploy(String(a.website_info_id), scope.tenantId, scope);
    if (r.statusName !== '部署成功') throw new ServiceError(r.message);
    return ok(r);
  };
  api.post('/website/Article/deploy/:id', allow(menuButton('article', 'article_edit')), deployArticle);
  api.get('/website/Article/deploy/:id', allow(menuButton('article', 'article_edit')), deployArticle);
  // legacy website groups: deploy every website of a group; the group's websites arranged for the deploy view
  const groupOf = (request: FastifyRequest): { id: string; scope: Scope } => {
    const scope = scopeOf(request);
    const id = str((request.params as Rec).id);
    if (!liveRow(db, 'website_group', id, scope.tenantId)) throw new ServiceError('数据不存在或已被删除');
    return { id, scope };
  };
  const deployGroup = async (request: FastifyRequest) => {
    const { id, scope } = groupOf(request);
    const sites = all('SELECT id FROM website_info WHERE tenant_id = ? AND is_deleted = 0 AND website_group_id = ? ORDER BY create_time, id', scope.tenantId, id);
    if (sites.length === 0) throw new ServiceError('该分组下没有网站');
    const out = [];
    for (const s of sites) out.push(await deployer.deploy(String(s.id), scope.tenantId, scope));
    return ok(out);
  };
  api.post('/website/WebsiteInfoGroup/deploy/:id', allow(menuButton('websiteInfo', 'websiteInfo_edit')), deployGroup);
  api.get('/website/WebsiteInfoGroup/deploy/:id', allow(menuButton('websiteInfo', 'websiteInfo_edit')), deployGroup);
  api.get('/website/WebsiteInfoGroup/websiteArrange/:id', allow(menu('websiteGroup')), async (request) => {
    const { id, scope } = groupOf(request);
    return ok(all(
      `SELECT w.id, w.website_name AS websiteName, w.website_type AS websiteType, w.domain_name AS domainName, w.subdomain, w.status_name AS statusName,
              t.template_name AS templateName,
              (SELECT COUNT(*) FROM article a WHERE a.tenant_id = w.tenant_id AND a.is_deleted = 0 AND a.website_info_id = w.id AND a.status = 1) AS publishedCount,
              (SELECT COUNT(*) FROM article a WHERE a.tenant_id = w.tenant_id AND a.is_deleted = 0 AND a.website_info_id = w.id AND a.status = 0) AS unpublishedCount
         FROM website_info w LEFT JOIN website_template t ON t.id = w.template_id
        WHERE w.tenant_id = ? AND w.is_deleted = 0 AND w.website_group_id = ? ORDER BY w.create_time, w.id`,
      scope.tenantId, id,
    ));
  });

  // ---- imports as import tasks (imports.ts): keywords, articles, websites, templates
  const imports = new ImportRunner(db, deps.dataDir, deps.clock, deps.resources);
  imports.resume();
  api.addHook('onClose', async () => imports.stop());
  /** The uploaded file of a multipart import, streamed to the upload folder (never held in memory), and its text fields. */
  const receive = async (request: FastifyRequest): Promise<{ link: string; name: string; fields: Rec } | { link: null; fields: Rec }> => {
    if (!request.isMultipart()) throw new ServiceError(MSG2.keywordFile);
    const scope = scopeOf(request);
    const fields: Rec = {};
    let got: { link: string; name: string } | null = null;
    for await (const part of request.parts({ limits: { fileSize: SCENES.keyword.maxBytes + 1, files: 1 } })) {
      if (part.type !== 'file') {
        fields[part.fieldname] = part.value;
        continue;
      }
      const original = part.filename || 'file';
      if (!original.toLowerCase().endsWith('.txt') && !original.toLowerCase().endsWith('.jsonl')) {
        part.file.resume();
        throw new ServiceError(SCENES.keyword.typeMessage);
      }
      const name = `${randomUUID().replace(/-/g, '')}.txt`;
      mkdirSync(join(deps.dataDir, UPLOAD_DIR), { recursive: true });
      const path = join(deps.dataDir, UPLOAD_DIR, name);
      await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
      const size = statSync(path).size;
      if (part.file.truncated || size > SCENES.keyword.maxBytes) {
        rmSync(path, { force: true });
        throw new ServiceError(SCENES.keyword.sizeMessage);
      }
      if (size === 0) {
        rmSync(path, { force: true });
        throw new ServiceError('上传失败');
      }
      db.prepare('INSERT INTO content_upload (name, tenant_id, original_name, content_type, size, create_time) VALUES (?, ?, ?, ?, ?, ?)')
        .run(name, scope.tenantId, original, CONTENT_TYPES.txt, size, formatDateTime(deps.clock()));
      got = { link: `/api/blade-resource/oss/endpoint/file/${name}`, name: original };
    }
    return got ? { ...got, fields } : { link: null, fields };
  };
  /** The rows of a JSON body import: an array, or {list|records|data|keywords|articles: [...]}, as lines for the runner. */
  const jsonRows = (request: FastifyRequest, ...keys: string[]): string[] | null => {
    const b = request.body as unknown;
    const raw = Array.isArray(b) ? b : b && typeof b === 'object' ? keys.map((k) => (b as Rec)[k]).find((v) => v !== undefined) : undefined;
    if (raw === undefined) return null;
    if (!Array.isArray(raw)) throw new ServiceError(IMPORT_MSG.json);
    return raw.map((v) => (v && typeof v === 'object' ? JSON.stringify(v) : str(v).replace(/\r?\n/g, ' ')));
  };

  const keywordImport = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    if (request.isMultipart()) {
      const r = await receive(request);
      if (!r.link) throw new ServiceError(MSG2.keywordFile);
      return ok(imports.start(scope, { kind: 'keyword', format: 'lines', taskName: `关键词导入: ${r.name}`, fileLink: r.link }));
    }
    const b = body(request);
    if (b.fileLink) return ok(imports.start(scope, { kind: 'keyword', format: 'lines', taskName: `关键词导入: ${str(b.fileName) || '文件'}`, fileLink: str(b.fileLink) }));
    const raw = Array.isArray(request.body) ? request.body : (b.keywords ?? b.list);
    const list = Array.isArray(raw) ? raw.map((v) => (v && typeof v === 'object' ? str((v as Rec).keyword) : str(v))) : typeof raw === 'string' ? raw.split(/\r?\n/) : null;
    if (!list || list.every((x) => !x.trim())) throw new ServiceError('请选择至少一条数据');
    return ok(imports.start(scope, { kind: 'keyword', format: 'lines', taskName: '关键词导入', lines: list.map((x) => x.replace(/\r?\n/g, ' ')) }));
  };
  api.post('/website-blade-article/keyword/import', allow(menuButton('keyword', 'keyword_add')), keywordImport);
  api.post('/website-blade-article/keyword/importText', allow(menuButton('keyword', 'keyword_add')), keywordImport);
  api.post('/website/Keyword/import', allow(menuButton('keyword', 'keyword_add')), keywordImport);

  // articles: a JSON list (importArticle), a file of JSON lines (importScript), or title|keyword|content lines (importText)
  const articleTarget = (f: Rec): Rec => {
    const t: Rec = {};
    for (const k of ['websiteGroupId', 'websiteInfoId', 'parentId', 'auth', 'displayStatus', 'sort']) if (f[k] !== undefined && f[k] !== '') t[k] = f[k];
    return t;
  };
  const importArticle = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    if (request.isMultipart()) {
      const r = await receive(request);
      if (!r.link) throw new ServiceError(MSG2.keywordFile);
      return ok(imports.start(scope, { kind: 'article', format: 'json', taskName: `文章导入: ${r.name}`, fileLink: r.link, defaults: articleTarget(r.fields) }));
    }
    const rows = jsonRows(request, 'list', 'records', 'data', 'articles');
    if (!rows || rows.length === 0) throw new ServiceError(IMPORT_MSG.empty);
    return ok(imports.start(scope, { kind: 'article', format: 'json', taskName: '文章导入', lines: rows, defaults: articleTarget(body(request)) }));
  };
  const importArticleText = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    if (request.isMultipart()) {
      const r = await receive(request);
      if (!r.link) throw new ServiceError(MSG2.keywordFile);
      return ok(imports.start(scope, { kind: 'article', format: 'text', taskName: `文章导入: ${r.name}`, fileLink: r.link, defaults: articleTarget(r.fields) }));
    }
    const b = body(request);
    if (b.fileLink) return ok(imports.start(scope, { kind: 'article', format: 'text', taskName: `文章导入: ${str(b.fileName) || '文件'}`, fileLink: str(b.fileLink), defaults: articleTarget(b) }));
    const text = typeof b.text === 'string' ? b.text : '';
    if (!text.trim()) throw new ServiceError(IMPORT_MSG.empty);
    return ok(imports.start(scope, { kind: 'article', format: 'text', taskName: '文章导入', lines: text.split(/\r?\n/), defaults: articleTarget(b) }));
  };
  const importScript = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    const r = await receive(request);
    if (!r.link) throw new ServiceError(MSG2.keywordFile);
    return ok(imports.start(scope, { kind: 'article', format: 'json', taskName: `文章脚本导入: ${r.name}`, fileLink: r.link, defaults: articleTarget(r.fields) }));
  };
  for (const base of ['/website-blade-article/article', '/website/Article']) {
    api.post(`${base}/importArticle`, allow(menuButton('article', 'article_add')), importArticle);
    api.post(`${base}/importText`, allow(menuButton('article', 'article_add')), importArticleText);
    api.post(`${base}/importScript`, allow(menuButton('article', 'article_add')), importScript);
  }
  // the search-engine article library of the original product: the embedded back end keeps articles in one table
  api.post('/website/EsArticle/import', allow(menuButton('article', 'article_add')), importArticle);
  api.post('/website/EsArticle/importText', allow(menuButton('article', 'article_add')), importArticleText);
  const importRows = (kind: 'website' | 'template', label: string) => async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    if (request.isMultipart()) {
      const r = await receive(request);
      if (!r.link) throw new ServiceError(MSG2.keywordFile);
      return ok(imports.start(scope, { kind, format: 'json', taskName: `${label}: ${r.name}`, fileLink: r.link }));
    }
    const rows = jsonRows(request, 'list', 'records', 'data');
    if (!rows || rows.length === 0) throw new ServiceError(IMPORT_MSG.empty);
    return ok(imports.start(scope, { kind, format: 'json', taskName: label, lines: rows }));
  };
  api.post('/website/WebsiteInfo/importWebsite', allow(menuButton('websiteInfo', 'websiteInfo_add')), importRows('website', '网站导入'));
  api.post('/website-blade-material/websiteInfo/importWebsite', allow(menuButton('websiteInfo', 'websiteInfo_add')), importRows('website', '网站导入'));
  api.post('/website/WebsiteTemplate/importTemplate', allow(menuButton('websiteTemplate', 'websiteTemplate_add')), importRows('template', '模板导入'));
  api.post('/seo-blade-material/websiteTemplate/importTemplate', allow(menuButton('websiteTemplate', 'websiteTemplate_add')), importRows('template', '模板导入'));

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
      // a new run: the failures are forgotten, the articles of the previous run stay (detached from the item ledger)
      db.prepare('DELETE FROM gpt_article WHERE task_id = ?').run(id);
      db.prepare('UPDATE article SET gpt_item_index = NULL WHERE gpt_task_id = ?').run(id);
      db.prepare('UPDATE gpt_produce_article SET success_count = 0, fail_count = 0 WHERE id = ?').run(id);
    }
    generator.start(id);
  };
  api.post(`${GA}/batchProduceArticle`, allow(menuButton('gptProduceArticle', 'gptProduceArticle_add')), async (request) => {
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
  api.post(`${GA}/produce`, allow(menuButton('gptProduceArticle', 'gptProduceArticle_edit')), produce);
  api.post('/seo-blade-article/gptProduceArticle/produceArticle', allow(menuButton('gptProduceArticle', 'gptProduceArticle_edit')), produce);
  api.get(`${GA}/pollTaskStatus`, allow(menu('gptProduceArticle')), async (request) => {
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
  api.get(`${GA}/export-title`, allow(menu('gptProduceArticle')), async (request, reply) => {
    const id = str(q(request).id);
    if (!id) throw new ServiceError('缺少必要的请求参数: id');
    const task = taskOf(id, scopeOf(request).tenantId);
    const titles = all('SELECT title FROM article WHERE gpt_task_id = ? AND gpt_item_index IS NOT NULL AND is_deleted = 0 ORDER BY gpt_item_index', id).map((r) => str(r.title));
    const fname = encodeURIComponent(`${str(task.task_name)}-titles.txt`);
    return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename*=UTF-8''${fname}`).send(titles.join('\n') + (titles.length ? '\n' : ''));
  });
  api.get(`${GA}/articles`, allow(menu('gptProduceArticle')), async (request) => {
    const id = str(q(request).id);
    taskOf(id, scopeOf(request).tenantId);
    return ok(all(
      `SELECT id, keyword, title, content, NULL AS error, status, website_info_id AS websiteInfoId, gpt_item_index AS itemIndex FROM article
        WHERE gpt_task_id = ? AND gpt_item_index IS NOT NULL AND is_deleted = 0
       UNION ALL SELECT id, keyword, title, NULL, error, 0, '', item_index FROM gpt_article WHERE task_id = ? AND is_deleted = 0
       ORDER BY itemIndex`, id, id));
  });
  // deploy the given websites through the generation area (spec: batch-site-tasks)
  api.post(`${GA}/batch-site-tasks`, allow(menuButton('gptProduceArticle', 'gptProduceArticle_add')), async (request) => {
    const scope = scopeOf(request);
    const ids = idsOf(request);
    if (ids.length === 0) throw new ServiceError('请选择至少一条数据');
    const out = [];
    for (const s of ids) {
      const r = await deployer.deploy(s, scope.tenantId, scope);
      out.push({ websiteInfoId: s, statusName: r.statusName, message: r.message });
    }
    return ok(out);
  });

  // ---- deploy tasks
  const DT = '/website-blade-deploy/deployTasks';
  const deployTask = (id: string, tenantId: string): Rec => {
    const row = liveRow(db, 'deploy_tasks', id, tenantId);
    if (!row) throw new ServiceError('数据不存在或已被删除');
    return row;
  };
  api.post(`${DT}/jobSwitch`, allow(menuButton('deployTasks', 'deployTasks_edit')), async (request) => {
    const b = body(request);
    const id = str(b.id) || str(q(request).id);
    if (!id) throw new ServiceError('缺少必要的请求参数: id');
    const task = deployTask(id, scopeOf(request).tenantId);
    const wanted = b.status === undefined ? (task.status === 1 ? 0 : 1) : Number(b.status);
    if (wanted === 1 && task.schedule_type === 'NONE') throw new ServiceError('调度类型为NONE的任务不能启动，请使用执行一次');
    scheduler.arm(id, wanted === 1);
    return ok(repo('deployTasks').detail(id, scopeOf(request)));
  });
  api.post(`${DT}/executeOnce`, allow(menuButton('deployTasks', 'deployTasks_edit')), async (request) => {
    const id = str(body(request).id) || str(q(request).id);
    if (!id) throw new ServiceError('缺少必要的请求参数: id');
    return ok(await scheduler.run(deployTask(id, scopeOf(request).tenantId)));
  });
  api.get(`${DT}/nextTriggerTime`, allow(menu('deployTasks')), async (request) => {
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
