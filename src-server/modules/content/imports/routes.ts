// Imports as import tasks (import-runner.ts): keywords, articles, websites and
// templates, from an uploaded file or from rows in the request (spec content-area.md §7).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, ServiceError } from '../../../http/reply';
import { allow, menuButton } from '../../../http/access-policy';
import type { ContentContext } from '../shared/context';
import { ImportRunner } from './import-runner';
import { CONTENT_TYPES, saveUpload, SCENES } from '../shared/uploads';
import { bodyOf, scopeOf, str, type Rec } from '../shared/request';
import { MSG } from '../shared/messages';

export function registerImportRoutes(api: FastifyInstance, ctx: ContentContext): void {
  const { data } = ctx;

  // ---- imports as import tasks (import-runner.ts): keywords, articles, websites, templates
  // each task is a durable job (kind import-task) run by whichever working instance claims it
  const imports = new ImportRunner(data, ctx.files, ctx.clock, ctx.resources, ctx.jobs);
  const save = saveUpload(ctx);
  // 取消 on the import task screen: 已取消 at once, the rows imported so far kept; the job stops on its instance
  api.post('/seo-blade-material/importTask/cancel', allow(menuButton('importTask', 'importTask_cancel')), async (request) => {
    const id = str(bodyOf(request).id);
    if (!id) throw new ServiceError('common.notFound');
    return ok(await imports.cancel(scopeOf(request), id));
  });
  /**
   * The uploaded file of a multipart import, streamed to a temporary file (never held in memory), checked, then
   * stored in the tenant's store as an upload; and the request's text fields.
   */
  const receive = async (request: FastifyRequest): Promise<{ link: string; name: string; fields: Rec } | { link: null; fields: Rec }> => {
    if (!request.isMultipart()) throw new ServiceError(MSG.keywordFile);
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
      const temp = join(tmpdir(), `seo-import-${randomUUID()}.txt`);
      try {
        await pipeline(part.file, createWriteStream(temp, { flags: 'wx' }));
        const size = (await stat(temp)).size;
        if (part.file.truncated || size > SCENES.keyword.maxBytes) throw new ServiceError(SCENES.keyword.sizeMessage);
        if (size === 0) throw new ServiceError('upload.failed');
        const stored = await save(scope.tenantId, original, 'txt', { file: temp, size }, CONTENT_TYPES.txt);
        got = { link: stored.link, name: original };
      } finally {
        await rm(temp, { force: true });
      }
    }
    return got ? { ...got, fields } : { link: null, fields };
  };
  /** The rows of a JSON body import: an array, or {list|records|data|keywords|articles: [...]}, as lines for the runner. */
  const jsonRows = (request: FastifyRequest, ...keys: string[]): string[] | null => {
    const b = request.body as unknown;
    const raw = Array.isArray(b) ? b : b && typeof b === 'object' ? keys.map((k) => (b as Rec)[k]).find((v) => v !== undefined) : undefined;
    if (raw === undefined) return null;
    if (!Array.isArray(raw)) throw new ServiceError('importReason.json');
    return raw.map((v) => (v && typeof v === 'object' ? JSON.stringify(v) : str(v).replace(/\r?\n/g, ' ')));
  };

  const keywordImport = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    if (request.isMultipart()) {
      const r = await receive(request);
      if (!r.link) throw new ServiceError(MSG.keywordFile);
      return ok(await imports.start(scope, { kind: 'keyword', format: 'lines', taskName: `关键词导入: ${r.name}`, fileLink: r.link }));
    }
    const b = bodyOf(request);
    if (b.fileLink) return ok(await imports.start(scope, { kind: 'keyword', format: 'lines', taskName: `关键词导入: ${str(b.fileName) || '文件'}`, fileLink: str(b.fileLink) }));
    const raw = Array.isArray(request.body) ? request.body : (b.keywords ?? b.list);
    const list = Array.isArray(raw) ? raw.map((v) => (v && typeof v === 'object' ? str((v as Rec).keyword) : str(v))) : typeof raw === 'string' ? raw.split(/\r?\n/) : null;
    if (!list || list.every((x) => !x.trim())) throw new ServiceError('common.selectAtLeastOne');
    return ok(await imports.start(scope, { kind: 'keyword', format: 'lines', taskName: '关键词导入', lines: list.map((x) => x.replace(/\r?\n/g, ' ')) }));
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
      if (!r.link) throw new ServiceError(MSG.keywordFile);
      return ok(await imports.start(scope, { kind: 'article', format: 'json', taskName: `文章导入: ${r.name}`, fileLink: r.link, defaults: articleTarget(r.fields) }));
    }
    const rows = jsonRows(request, 'list', 'records', 'data', 'articles');
    if (!rows || rows.length === 0) throw new ServiceError('common.selectAtLeastOne');
    return ok(await imports.start(scope, { kind: 'article', format: 'json', taskName: '文章导入', lines: rows, defaults: articleTarget(bodyOf(request)) }));
  };
  const importArticleText = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    if (request.isMultipart()) {
      const r = await receive(request);
      if (!r.link) throw new ServiceError(MSG.keywordFile);
      return ok(await imports.start(scope, { kind: 'article', format: 'text', taskName: `文章导入: ${r.name}`, fileLink: r.link, defaults: articleTarget(r.fields) }));
    }
    const b = bodyOf(request);
    if (b.fileLink) return ok(await imports.start(scope, { kind: 'article', format: 'text', taskName: `文章导入: ${str(b.fileName) || '文件'}`, fileLink: str(b.fileLink), defaults: articleTarget(b) }));
    const text = typeof b.text === 'string' ? b.text : '';
    if (!text.trim()) throw new ServiceError('common.selectAtLeastOne');
    return ok(await imports.start(scope, { kind: 'article', format: 'text', taskName: '文章导入', lines: text.split(/\r?\n/), defaults: articleTarget(b) }));
  };
  const importScript = async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    const r = await receive(request);
    if (!r.link) throw new ServiceError(MSG.keywordFile);
    return ok(await imports.start(scope, { kind: 'article', format: 'json', taskName: `文章脚本导入: ${r.name}`, fileLink: r.link, defaults: articleTarget(r.fields) }));
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
      if (!r.link) throw new ServiceError(MSG.keywordFile);
      return ok(await imports.start(scope, { kind, format: 'json', taskName: `${label}: ${r.name}`, fileLink: r.link }));
    }
    const rows = jsonRows(request, 'list', 'records', 'data');
    if (!rows || rows.length === 0) throw new ServiceError('common.selectAtLeastOne');
    return ok(await imports.start(scope, { kind, format: 'json', taskName: label, lines: rows }));
  };
  api.post('/website/WebsiteInfo/importWebsite', allow(menuButton('websiteInfo', 'websiteInfo_add')), importRows('website', '网站导入'));
  api.post('/website-blade-material/websiteInfo/importWebsite', allow(menuButton('websiteInfo', 'websiteInfo_add')), importRows('website', '网站导入'));
  api.post('/website/WebsiteTemplate/importTemplate', allow(menuButton('websiteTemplate', 'websiteTemplate_add')), importRows('template', '模板导入'));
  api.post('/seo-blade-material/websiteTemplate/importTemplate', allow(menuButton('websiteTemplate', 'websiteTemplate_add')), importRows('template', '模板导入'));
}
