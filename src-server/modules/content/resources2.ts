// Content area II declared resources (spec content-area.md §3-§5, §7): categories,
// articles, paragraphs, keywords, keyword generation, AI model / key settings,
// generate-article tasks, import tasks, task error logs and scheduled deploy tasks.
import type { Db } from '../../db/database';
import { ServiceError } from '../../http/reply';
import { defineResource, screenAccess, type Endpoint, type Resource } from '../../crud/resource';
import { addNames, countBy, liveRow, mustExist } from './lookups';
import { checkArticleQuota } from './quota';
import type { SecretBox } from './secrets';
import { SCENES } from './upload';
import { nextTriggerTime, SCHEDULE_TYPES } from './schedule';

const ALL: readonly Endpoint[] = ['list', 'page', 'detail', 'submit', 'save', 'update', 'remove'];
const req = (message: string) => ({ required: true as const, message });
const max = (n: number, message: string) => ({ maxLength: n, message });
const oneOf = (values: readonly (string | number)[], message: string) => ({ enum: values, message });
const range = (lo: number, hi: number, message: string) => [{ min: lo, message }, { max: hi, message }];

export const MSG2 = {
  groupRequired: '请选择网站分组',
  cateName: '请输入栏目名称',
  cateNameMax: '栏目名称不能超过50个字符',
  cateType: '请选择栏目类型',
  catePage: '请选择模板页面',
  cateLink: '请输入跳转链接',
  optStatus: '请选择选择状态',
  cateInUse: '该栏目下存在文章，不能删除',
  website: '请选择网站',
  title: '请输入标题',
  titleMax: '标题不能超过50个字符',
  column: '请选择网站栏目',
  keyword: '请输入关键字',
  keywordMax: '关键字不能超过50个字符',
  content: '内容不能为空',
  desc: '请输入描述',
  descMax: '描述不能超过300个字符',
  sort: '排序范围为0-99999',
  published: '文章已发布，不能修改网站分组和网站栏目',
  unpublish: '已发布的文章不能改回未发布',
  siteNotInGroup: '网站不属于所选网站分组',
  cateNotInGroup: '栏目不属于所选网站分组',
  paragraph: '请输入段落内容',
  managedKeyword: '请输入关键词',
  managedKeywordMax: '关键词不能超过50个字符',
  genKeyword: '请输入关键词',
  genKeywordMax: '关键词不能超过100个字符',
  genType: '请选择关键词类型',
  taskName: '请输入任务名称',
  taskNameMax: '任务名称不能超过50个字符',
  prompt: '请输入生成描述',
  keywordFile: '请上传关键字文件',
  maxTokens: '最大Token数范围为1-4096',
  cron: '请输入CRON表达式',
  cronBad: 'CRON表达式格式不正确',
  fixRate: '请输入固定速度',
  fixRateBad: '固定速度必须是大于0的整数（秒）',
  articleCount: '请输入文章发布数量',
  countMin: '文章发布数量不能小于0',
  abOnlyWhiteHat: 'A/B文章数量只适用于白帽分组',
  parmName: '请输入参数名称',
  parmNameMax: '参数名称不能超过50个字符',
  parmKey: '请输入参数键',
  parmKeyBad: '参数键只能包含字母、数字和下划线，且以字母开头，最多50个字符',
  parmKeyReserved: '参数键不能为keyword（关键字占位符）',
  parmKeyDup: '参数键已存在',
  parmValue: '请输入参数值',
  parmValueMax: '参数值不能超过2000个字符',
} as const;

/** "sk-abcdef123456" -> "sk-a****3456": keys are never sent in full. */
export function maskKey(plain: string): string {
  if (plain.length <= 8) return '****';
  return `${plain.slice(0, 4)}****${plain.slice(-4)}`;
}
const isMasked = (v: unknown): boolean => typeof v === 'string' && v.includes('****');

export function contentResources2(db: Db, box: SecretBox): Resource[] {
  const openKey = (sealed: unknown): string => {
    if (typeof sealed !== 'string' || !sealed) return '';
    try {
      return box.open(sealed);
    } catch {
      return '';
    }
  };

  const cate = defineResource({
    name: 'cate',
    access: screenAccess('cate', { pickedBy: ['article', 'gptProduceArticle'] }),
    basePath: '/seo-blade-article/cate',
    table: 'article_cate',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'websiteGroupId', type: 'string', rules: [req(MSG2.groupRequired)] },
      { name: 'cateName', type: 'string', rules: [req(MSG2.cateName), max(50, MSG2.cateNameMax)] },
      { name: 'type', type: 'int', default: 2, rules: [req(MSG2.cateType), oneOf([2, 3], MSG2.cateType)] },
      { name: 'pageId', type: 'string' },
      { name: 'imgGroupId', type: 'string' },
      { name: 'linkUrl', type: 'string', rules: [max(500, '链接不能超过500个字符')] },
      { name: 'advertId', type: 'string' },
      { name: 'articleCount', type: 'int', readOnly: true, noFilter: true },
      { name: 'websiteCount', type: 'int', readOnly: true, noFilter: true },
      { name: 'optStatus', type: 'int', default: 0, rules: [req(MSG2.optStatus), oneOf([0, 1], MSG2.optStatus)] },
      { name: 'status', type: 'int', default: 0, rules: [oneOf([0, 1], '状态只能是0或1')] },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const t = ctx.tenantId;
        mustExist(db, 'website_group', row.websiteGroupId, t, '网站分组不存在');
        const type = row.type ?? (ctx.id ? liveRow(db, 'article_cate', ctx.id, t)?.type : 2);
        if (type === 3) {
          // a jump page has only its link
          if (ctx.mode === 'insert' || 'linkUrl' in row) if (!row.linkUrl) throw new ServiceError(MSG2.cateLink);
          row.pageId = null;
          row.imgGroupId = null;
          row.advertId = null;
        } else if (type === 2) {
          if ((ctx.mode === 'insert' || 'pageId' in row) && !row.pageId) throw new ServiceError(MSG2.catePage);
          mustExist(db, 'template_page_config', row.pageId, t, '模板页面不存在');
          mustExist(db, 'img_group', row.imgGroupId, t, '素材分组不存在');
          mustExist(db, 'website_advert', row.advertId, t, '广告页不存在');
        }
      },
      decorate(records, { tenantId }) {
        const ids = records.map((r) => String(r.id));
        const articles = countBy(db, 'article', 'parent_id', ids, tenantId);
        const sites = countBy(db, 'website_info', 'website_group_id', records.map((r) => String(r.websiteGroupId)), tenantId);
        for (const r of records) {
          r.articleCount = articles.get(String(r.id)) ?? 0;
          r.websiteCount = sites.get(String(r.websiteGroupId)) ?? 0;
        }
        addNames(db, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        addNames(db, records, tenantId, 'pageId', 'pageName', 'template_page_config', 'name');
      },
      beforeRemove(ids, { tenantId }) {
        const n = countBy(db, 'article', 'parent_id', ids, tenantId);
        if ([...n.values()].some((v) => v > 0)) throw new ServiceError(MSG2.cateInUse);
      },
    },
  });

  const coverCheck = (link: unknown): void => {
    if (link === undefined || link === null || link === '') return;
    const name = String(link).split(/[?#]/)[0].split('/').pop() ?? '';
    const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
    if (!SCENES.cover.exts.includes(ext)) throw new ServiceError(SCENES.cover.typeMessage);
    const stored = db.prepare('SELECT size FROM content_upload WHERE name = ?').get(name) as { size: number } | undefined;
    if (stored && stored.size > SCENES.cover.maxBytes) throw new ServiceError(SCENES.cover.sizeMessage);
  };

  const article = defineResource({
    name: 'article',
    access: screenAccess('article'),
    basePath: '/website-blade-article/article',
    table: 'article',
    countedRows: true,
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    defaultSort: [{ column: 'sort', asc: true }, { column: 'create_time', asc: false }],
    columns: [
      { name: 'websiteGroupId', type: 'string', rules: [req(MSG2.groupRequired)] },
      { name: 'websiteInfoId', type: 'string', rules: [req(MSG2.website)] },
      { name: 'parentId', type: 'string', rules: [req(MSG2.column)] },
      { name: 'title', type: 'string', rules: [req(MSG2.title), max(50, MSG2.titleMax)] },
      { name: 'keyword', type: 'string', rules: [req(MSG2.keyword), max(50, MSG2.keywordMax)] },
      { name: 'auth', type: 'string', rules: [max(50, '作者不能超过50个字符')] },
      { name: 'coverImg', type: 'string' },
      { name: 'displayStatus', type: 'int', default: 1, rules: [oneOf([0, 1], '显示状态只能是0或1')] },
      { name: 'sort', type: 'int', default: 0, rules: range(0, 99999, MSG2.sort) },
      { name: 'content', type: 'string', rules: [req(MSG2.content)] },
      { name: 'descVal', type: 'string', rules: [req(MSG2.desc), max(300, MSG2.descMax)] },
      { name: 'status', type: 'int', default: 0, rules: [oneOf([0, 1], '发布状态只能是0或1')] },
      { name: 'saveStatus', type: 'string', readOnly: true },
      { name: 'deployTime', type: 'datetime', readOnly: true },
      { name: 'gptTaskId', type: 'string', readOnly: true },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const t = ctx.tenantId;
        if (typeof row.content === 'string' && row.content.replace(/<[^>]*>/g, '').trim() === '' && !/<img/i.test(row.content)) throw new ServiceError(MSG2.content);
        coverCheck(row.coverImg);
        const old = ctx.id ? liveRow(db, 'article', ctx.id, t) : undefined;
        if (old && old.status === 1) {
          const changed = (k: string, col: string) => k in row && row[k] !== null && String(row[k]) !== String(old[col]);
          if (changed('websiteGroupId', 'website_group_id') || changed('parentId', 'parent_id')) throw new ServiceError(MSG2.published);
          delete row.websiteGroupId;
          delete row.parentId;
          if (row.status === 0) throw new ServiceError(MSG2.unpublish);
        }
        const group = row.websiteGroupId ?? old?.website_group_id;
        mustExist(db, 'website_group', row.websiteGroupId, t, '网站分组不存在');
        const site = mustExist(db, 'website_info', row.websiteInfoId, t, '网站不存在');
        if (site && String(site.website_group_id) !== String(group)) throw new ServiceError(MSG2.siteNotInGroup);
        const c = mustExist(db, 'article_cate', row.parentId, t, '栏目不存在');
        if (c && String(c.website_group_id) !== String(group)) throw new ServiceError(MSG2.cateNotInGroup);
        if (row.status === 1 && (!old || old.status !== 1)) row.saveStatus = '手动发布';
        if (ctx.mode === 'insert') checkArticleQuota(db, t);
        // a generated article waits unassigned (no website) until it gets a website and a column
        if (row.status === 1 && !(row.websiteInfoId ?? old?.website_info_id)) throw new ServiceError(MSG2.website);
      },
      decorate(records, { tenantId }) {
        addNames(db, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
        addNames(db, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        addNames(db, records, tenantId, 'parentId', 'cateName', 'article_cate', 'cate_name');
      },
    },
  });

  const paragraph = defineResource({
    name: 'paragraph',
    access: screenAccess('paragraph'),
    basePath: '/website-blade-article/paragraph',
    table: 'paragraph',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [{ name: 'content', type: 'string', rules: [req(MSG2.paragraph)] }],
    hooks: { decorate: (records, { tenantId }) => addNames(db, records, tenantId, 'createUser', 'createUserName', 'blade_user', 'real_name') },
  });

  const keyword = defineResource({
    name: 'keyword',
    access: screenAccess('keyword'),
    basePath: '/website-blade-article/keyword',
    table: 'keyword',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [{ name: 'keyword', type: 'string', rules: [req(MSG2.managedKeyword), max(50, MSG2.managedKeywordMax)] }],
    hooks: { decorate: (records, { tenantId }) => addNames(db, records, tenantId, 'createUser', 'createUserName', 'blade_user', 'real_name') },
  });

  const gptProduceKeyword = defineResource({
    name: 'gptProduceKeyword',
    access: screenAccess('gptProduceKeyword'),
    basePath: '/seo-blade-article/gptProduceKeyword',
    table: 'gpt_produce_keyword',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'siteGroupId', type: 'string', rules: [req(MSG2.groupRequired)] },
      { name: 'type', type: 'int', rules: [req(MSG2.genType), oneOf([0, 1, 2, 3], MSG2.genType)] },
      { name: 'keyword', type: 'string', rules: [req(MSG2.genKeyword), max(100, MSG2.genKeywordMax)] },
    ],
    hooks: {
      beforeWrite: (row, ctx) => void mustExist(db, 'website_group', row.siteGroupId, ctx.tenantId, '网站分组不存在'),
      decorate: (records, { tenantId }) => addNames(db, records, tenantId, 'siteGroupId', 'siteGroupName', 'website_group', 'name'),
    },
  });

  const aiModel = defineResource({
    name: 'aiModel',
    access: screenAccess('aiModel'),
    basePath: '/seo-blade-article/aiModel',
    table: 'ai_model',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'name', type: 'string', rules: [req('请输入名称'), max(100, '名称不能超过100个字符')] },
      { name: 'apiKey', type: 'string', hidden: true },
      { name: 'url', type: 'string', rules: [req('请输入链接'), { pattern: /^https?:\/\/\S+$/i, message: '链接格式不正确' }] },
      { name: 'model', type: 'string', rules: [req('请输入模型'), max(100, '模型不能超过100个字符')] },
      { name: 'platform', type: 'string', rules: [req('请选择平台')] },
      { name: 'temperature', type: 'decimal', rules: [req('请输入温度'), ...range(0, 2, '温度范围为0-2'), { pattern: /^\d+(\.\d{1,2})?$/, message: '温度最多两位小数' }] },
      { name: 'maxTokens', type: 'int', rules: [req('请输入返回token数'), { min: 0, message: '返回token数不能小于0' }] },
      { name: 'status', type: 'int', default: 1, rules: [req('请选择状态'), oneOf([1, 2], '请选择状态')] },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const k = row.apiKey;
        if (k === null || k === undefined || k === '' || isMasked(k)) {
          if (ctx.mode === 'insert') throw new ServiceError('请输入密钥');
          delete row.apiKey;
        } else row.apiKey = box.seal(String(k));
      },
      decorate(records, { tenantId }) {
        const ids = records.map((r) => String(r.id));
        if (ids.length === 0) return;
        const rows = db.prepare(`SELECT id, api_key FROM ai_model WHERE tenant_id = ? AND id IN (${ids.map(() => '?').join(',')})`).all(tenantId, ...ids) as { id: string; api_key: string }[];
        const keys = new Map(rows.map((r) => [r.id, maskKey(openKey(r.api_key))]));
        for (const r of records) r.apiKey = keys.get(String(r.id)) ?? '';
      },
    },
  });

  const aiKey = defineResource({
    name: 'key',
    access: screenAccess('key'),
    basePath: '/seo-blade-article/key',
    table: 'ai_key',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'name', type: 'string', rules: [req('请输入名称'), max(100, '名称不能超过100个字符')] },
      { name: 'type', type: 'int', rules: [req('请选择类型')] },
      { name: 'targetUrl', type: 'string', rules: [max(500, '目标地址不能超过500个字符')] },
      { name: 'key', column: 'key_value', type: 'string', hidden: true },
      { name: 'status', type: 'int', default: 2, rules: [oneOf([1, 2], '请选择状态')] },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const old = ctx.id ? liveRow(db, 'ai_key', ctx.id, ctx.tenantId) : undefined;
        const type = 'type' in row ? row.type : old?.type;
        if (type === 1 || type === 2 || type === 3) {
          const target = 'targetUrl' in row ? row.targetUrl : old?.target_url;
          if (!target) throw new ServiceError('请输入目标地址');
        } else row.targetUrl = null;
        const k = row.key;
        if (k === null || k === undefined || k === '' || isMasked(k)) {
          if (ctx.mode === 'insert') throw new ServiceError('请输入密钥');
          delete row.key;
        } else row.key = box.seal(String(k));
      },
      decorate(records, { tenantId }) {
        const ids = records.map((r) => String(r.id));
        if (ids.length === 0) return;
        const rows = db.prepare(`SELECT id, key_value FROM ai_key WHERE tenant_id = ? AND id IN (${ids.map(() => '?').join(',')})`).all(tenantId, ...ids) as { id: string; key_value: string }[];
        const keys = new Map(rows.map((r) => [r.id, maskKey(openKey(r.key_value))]));
        for (const r of records) r.key = keys.get(String(r.id)) ?? '';
      },
    },
  });

  const gptProduceArticle = defineResource({
    name: 'gptProduceArticle',
    access: screenAccess('gptProduceArticle'),
    basePath: '/seo-blade-article/gptProduceArticle',
    table: 'gpt_produce_article',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'taskName', type: 'string', rules: [req(MSG2.taskName), max(50, MSG2.taskNameMax)] },
      { name: 'maxTokens', type: 'int', default: 4096, rules: range(1, 4096, MSG2.maxTokens) },
      { name: 'prompts', type: 'string', rules: [req(MSG2.prompt)] },
      { name: 'fileLink', type: 'string', rules: [req(MSG2.keywordFile)] },
      { name: 'fileName', type: 'string' },
      { name: 'websiteGroupId', type: 'string' },
      { name: 'websiteInfoId', type: 'string' },
      { name: 'parentId', type: 'string' },
      { name: 'total', type: 'int', readOnly: true },
      { name: 'successCount', type: 'int', readOnly: true },
      { name: 'failCount', type: 'int', readOnly: true },
      { name: 'status', type: 'int', readOnly: true },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        if ('prompts' in row) row.prompts = JSON.stringify(normalizePrompts(row.prompts));
        // where the generated articles go: nothing (unassigned), or a group, optionally with its website and column
        const t = ctx.tenantId;
        const old = ctx.id ? liveRow(db, 'gpt_produce_article', ctx.id, t) : undefined;
        const pick = (k: string, col: string): unknown => (k in row ? row[k] : old?.[col]) || null;
        const group = pick('websiteGroupId', 'website_group_id');
        const site = pick('websiteInfoId', 'website_info_id');
        const cate = pick('parentId', 'parent_id');
        if ((site || cate) && !group) throw new ServiceError(MSG2.groupRequired);
        mustExist(db, 'website_group', group, t, '网站分组不存在');
        const s = mustExist(db, 'website_info', site, t, '网站不存在');
        if (s && String(s.website_group_id) !== String(group)) throw new ServiceError(MSG2.siteNotInGroup);
        const c = mustExist(db, 'article_cate', cate, t, '栏目不存在');
        if (c && String(c.website_group_id) !== String(group)) throw new ServiceError(MSG2.cateNotInGroup);
        if ('fileLink' in row && row.fileLink) {
          const name = String(row.fileLink).split('/').pop() ?? '';
          if (!name.endsWith('.txt')) throw new ServiceError(SCENES.keyword.typeMessage);
        }
      },
      decorate(records, { tenantId }) {
        addNames(db, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        addNames(db, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
        addNames(db, records, tenantId, 'parentId', 'cateName', 'article_cate', 'cate_name');
        for (const r of records) {
          r.statusName = TASK_STATUS[Number(r.status)] ?? '';
          try {
            r.prompts = JSON.parse(String(r.prompts || '[]'));
          } catch {
            r.prompts = [];
          }
        }
      },
    },
  });

  const importTask = defineResource({
    name: 'importTask',
    access: screenAccess('importTask', { pickedBy: ['taskErrorLog', 'keyword', 'article'] }),
    basePath: '/seo-blade-material/importTask',
    table: 'import_task',
    tenantScoped: true,
    softDelete: true,
    endpoints: ['list', 'page', 'detail', 'submit', 'remove'],
    columns: [
      { name: 'taskName', type: 'string', rules: [req(MSG2.taskName), max(50, MSG2.taskNameMax)] },
      { name: 'taskType', type: 'string', rules: [req('请选择任务类型')] },
      { name: 'totalRows', type: 'int', readOnly: true },
      { name: 'successRows', type: 'int', readOnly: true },
      { name: 'failedRows', type: 'int', readOnly: true },
      { name: 'errorMsg', type: 'string', readOnly: true, noFilter: true },
      { name: 'status', type: 'int', readOnly: true },
    ],
    hooks: {
      decorate(records) {
        for (const r of records) {
          r.taskTypeName = IMPORT_TYPES[String(r.taskType)] ?? String(r.taskType);
          r.statusName = TASK_STATUS[Number(r.status)] ?? '';
        }
      },
      beforeRemove(ids, { tenantId }) {
        db.prepare(`UPDATE task_error_log SET is_deleted = 1 WHERE tenant_id = ? AND task_id IN (${ids.map(() => '?').join(',')})`).run(tenantId, ...ids);
      },
    },
  });

  const taskErrorLog = defineResource({
    name: 'taskErrorLog',
    access: screenAccess('taskErrorLog'),
    basePath: '/seo-blade-material/taskErrorLog',
    table: 'task_error_log',
    tenantScoped: true,
    softDelete: true,
    endpoints: ['list', 'page', 'detail', 'submit', 'remove'],
    defaultSort: [{ column: 'error_line', asc: true }],
    columns: [
      { name: 'taskId', type: 'string', rules: [req('请选择任务')] },
      { name: 'errorLine', type: 'int' },
      { name: 'errorMsg', type: 'string' },
      { name: 'errorData', type: 'string' },
    ],
    hooks: { decorate: (records, { tenantId }) => addNames(db, records, tenantId, 'taskId', 'taskName', 'import_task', 'task_name') },
  });

  const deployTasks = defineResource({
    name: 'deployTasks',
    access: screenAccess('deployTasks'),
    basePath: '/website-blade-deploy/deployTasks',
    table: 'deploy_tasks',
    tenantScoped: true,
    softDelete: true,
    endpoints: ['page', 'list', 'detail', 'save', 'submit', 'update', 'remove'],
    columns: [
      { name: 'taskName', type: 'string', rules: [req(MSG2.taskName), max(50, MSG2.taskNameMax)] },
      { name: 'groupIds', type: 'string' },
      { name: 'websiteGroupId', type: 'string' },
      { name: 'scheduleType', type: 'string', default: 'NONE', rules: [oneOf(SCHEDULE_TYPES, '请选择调度类型')] },
      { name: 'scheduleConf', type: 'string' },
      { name: 'type', type: 'int', default: 0 },
      { name: 'executeCount', type: 'int', readOnly: true },
      { name: 'articleCount', type: 'int', rules: [req(MSG2.articleCount), { min: 0, message: MSG2.countMin }] },
      { name: 'abArticleCount', type: 'int', default: 0, rules: [{ min: 0, message: MSG2.countMin }] },
      { name: 'status', type: 'int', readOnly: true },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        const t = ctx.tenantId;
        const old = ctx.id ? liveRow(db, 'deploy_tasks', ctx.id, t) : undefined;
        const pick = (k: string, col: string): unknown => (k in row ? row[k] : old?.[col]);
        const groups = String(pick('groupIds', 'group_ids') ?? pick('websiteGroupId', 'website_group_id') ?? '')
          .split(',').map((s) => s.trim()).filter(Boolean);
        if (groups.length === 0) throw new ServiceError(MSG2.groupRequired);
        const rows = groups.map((g) => mustExist(db, 'website_group', g, t, '网站分组不存在')!);
        row.groupIds = groups.join(',');
        row.websiteGroupId = groups[0];
        const type = String(pick('scheduleType', 'schedule_type') ?? 'NONE');
        const conf = pick('scheduleConf', 'schedule_conf');
        if (type === 'NONE') row.scheduleConf = null;
        else {
          if (conf === null || conf === undefined || String(conf).trim() === '') throw new ServiceError(type === 'CRON' ? MSG2.cron : MSG2.fixRate);
          nextTriggerTime(type, String(conf), Date.now()); // throws the format message
        }
        const ab = Number(pick('abArticleCount', 'ab_article_count') ?? 0);
        if (ab > 0 && !rows.some((g) => g.type === 1)) throw new ServiceError(MSG2.abOnlyWhiteHat);
        if (!rows.some((g) => g.type === 1)) row.abArticleCount = 0;
      },
      decorate(records, { tenantId }) {
        const names = new Map((db.prepare('SELECT id, name FROM website_group WHERE tenant_id = ?').all(tenantId) as { id: string; name: string }[]).map((g) => [g.id, g.name]));
        for (const r of records) {
          r.groupNames = String(r.groupIds || '').split(',').filter(Boolean).map((g) => names.get(g) ?? '').join(',');
          r.statusName = r.status === 1 ? '启动' : '停止';
        }
      },
    },
  });

  const templateParm = defineResource({
    name: 'gptGenerateTemplateParm',
    access: screenAccess('gptGenerateTemplateParm'),
    basePath: '/website-blade-article/gptGenerateTemplateParm',
    table: 'gpt_generate_template_parm',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      { name: 'paramName', type: 'string', rules: [req(MSG2.parmName), max(50, MSG2.parmNameMax)] },
      { name: 'paramKey', type: 'string', rules: [req(MSG2.parmKey), { pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/, message: MSG2.parmKeyBad }] },
      { name: 'paramValue', type: 'string', rules: [req(MSG2.parmValue), max(2000, MSG2.parmValueMax)] },
      { name: 'remark', type: 'string', rules: [max(200, '备注不能超过200个字符')] },
    ],
    hooks: {
      beforeWrite(row, ctx) {
        if (!('paramKey' in row)) return;
        if (String(row.paramKey).toLowerCase() === 'keyword') throw new ServiceError(MSG2.parmKeyReserved);
        const dup = db
          .prepare('SELECT id FROM gpt_generate_template_parm WHERE tenant_id = ? AND is_deleted = 0 AND param_key = ? AND id <> ?')
          .get(ctx.tenantId, row.paramKey, ctx.id ?? '');
        if (dup) throw new ServiceError(MSG2.parmKeyDup);
      },
    },
  });

  return [cate, article, paragraph, keyword, gptProduceKeyword, aiModel, aiKey, gptProduceArticle, importTask, taskErrorLog, deployTasks, templateParm];
}

export const TASK_STATUS: Record<number, string> = { 0: '待执行', 1: '执行中', 2: '已完成', 3: '失败' };
export const IMPORT_TYPES: Record<string, string> = { keyword: '关键词导入', article: '文章导入', website: '网站导入', template: '模板导入' };

/** prompts as [{input}] with every row's input required. */
export function normalizePrompts(raw: unknown): { input: string }[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      list = [{ input: raw }];
    }
  }
  if (!Array.isArray(list) || list.length === 0) throw new ServiceError(MSG2.prompt);
  return list.map((p) => {
    const input = typeof p === 'string' ? p : p && typeof p === 'object' ? String((p as Record<string, unknown>).input ?? '') : '';
    if (!input.trim()) throw new ServiceError(MSG2.prompt);
    return { input };
  });
}
