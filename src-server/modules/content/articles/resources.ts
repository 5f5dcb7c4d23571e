// Categories (columns), articles and paragraphs (spec content-area.md §7).
import { ServiceError } from '../../../http/reply';
import { declaredResource, defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { ARTICLE, CATE, PARAGRAPH } from '../../../../src-shared/declarations/articles';
import { addNames, countBy, liveRow, mustExist } from '../shared/lookups';
import { ALL } from '../shared/rules';
import { checkArticleQuota } from '../quota/quota';
import { coverImage } from '../shared/images';
import { ARTICLE_TITLE_SEARCH } from './migrations';
import { flagPageIssues, JUMP_CATE, mustHoldPages } from './page-cates';

export function articleResources(): Resource[] {
  const cate = defineResource({
    ...declaredResource(CATE),
    access: screenAccess('cate', { pickedBy: ['article', 'gptProduceArticle'] }),
    table: 'article_cate',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [
      ...declaredResource(CATE).columns,
      { name: 'articleCount', type: 'int', readOnly: true, noFilter: true },
      { name: 'websiteCount', type: 'int', readOnly: true, noFilter: true },
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        const { tenantId: t, q } = ctx;
        await mustExist(q, 'website_group', row.websiteGroupId, t, 'article.groupMissing');
        const type = row.type ?? (ctx.id ? (await liveRow(q, 'article_cate', ctx.id, t))?.type : 2);
        if (type === JUMP_CATE) {
          // a jump page has only its link, and holds no article (a deploy makes no page of it)
          if (ctx.mode === 'insert' || 'linkUrl' in row) if (!row.linkUrl) throw new ServiceError('article.cateLinkRequired');
          if (ctx.id && (await countBy(q, 'article', 'parent_id', [String(ctx.id)], t)).size > 0) throw new ServiceError('article.cateToJump');
          row.pageId = null;
          row.imgGroupId = null;
          row.advertId = null;
        } else if (type === 2) {
          if ((ctx.mode === 'insert' || 'pageId' in row) && !row.pageId) throw new ServiceError('article.catePageRequired');
          const page = await mustExist(q, 'template_page_config', row.pageId, t, 'article.pageMissing');
          // a disabled page config stays on the columns that hold it, but is not chosen anew
          const held = ctx.id ? (await liveRow(q, 'article_cate', ctx.id, t))?.page_id : undefined;
          if (page && page.status !== 1 && String(row.pageId) !== String(held ?? '')) throw new ServiceError('article.catePageOff');
          await mustExist(q, 'img_group', row.imgGroupId, t, 'article.imgGroupMissing');
          await mustExist(q, 'website_advert', row.advertId, t, 'article.advertMissing');
        }
      },
      async decorate(records, { tenantId, q }) {
        const ids = records.map((r) => String(r.id));
        const articles = await countBy(q, 'article', 'parent_id', ids, tenantId);
        const sites = await countBy(q, 'website_info', 'website_group_id', records.map((r) => String(r.websiteGroupId)), tenantId);
        for (const r of records) {
          r.articleCount = articles.get(String(r.id)) ?? 0;
          r.websiteCount = sites.get(String(r.websiteGroupId)) ?? 0;
        }
        await addNames(q, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        await addNames(q, records, tenantId, 'pageId', 'pageName', 'template_page_config', 'name');
      },
      async beforeRemove(ids, { tenantId, q }) {
        const n = await countBy(q, 'article', 'parent_id', ids, tenantId);
        if ([...n.values()].some((v) => v > 0)) throw new ServiceError('article.cateInUse');
      },
    },
  });

  const article = defineResource({
    ...declaredResource(ARTICLE, { title: { searchIndex: ARTICLE_TITLE_SEARCH } }),
    access: screenAccess('article'),
    table: 'article',
    countedRows: true,
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    defaultSort: [{ column: 'sort', asc: true }, { column: 'create_time', asc: false }],
    columns: [
      ...declaredResource(ARTICLE, { title: { searchIndex: ARTICLE_TITLE_SEARCH } }).columns,
      { name: 'saveStatus', type: 'string', readOnly: true },
      { name: 'deployTime', type: 'datetime', readOnly: true },
      { name: 'gptTaskId', type: 'string', readOnly: true },
    ],
    hooks: {
      async beforeWrite(row, ctx) {
        const { tenantId: t, q } = ctx;
        if (typeof row.content === 'string' && row.content.replace(/<[^>]*>/g, '').trim() === '' && !/<img/i.test(row.content)) throw new ServiceError('article.contentRequired');
        await coverImage(q, row.coverImg);
        const old = ctx.id ? await liveRow(q, 'article', ctx.id, t) : undefined;
        if (old && old.status === 1) {
          const changed = (k: string, col: string) => k in row && row[k] !== null && String(row[k]) !== String(old[col]);
          // its column is fixed, unless it is a jump page or gone: then its page was never made, and it may move
          const column = await liveRow(q, 'article_cate', String(old.parent_id ?? ''), t);
          const movable = !column || Number(column.type) === JUMP_CATE;
          if (changed('websiteGroupId', 'website_group_id') || (!movable && changed('parentId', 'parent_id'))) throw new ServiceError('article.published');
          delete row.websiteGroupId;
          if (!movable) delete row.parentId;
          if (row.status === 0) throw new ServiceError('article.unpublish');
        }
        const group = row.websiteGroupId ?? old?.website_group_id;
        await mustExist(q, 'website_group', row.websiteGroupId, t, 'article.groupMissing');
        const site = await mustExist(q, 'website_info', row.websiteInfoId, t, 'article.websiteMissing');
        if (site && String(site.website_group_id) !== String(group)) throw new ServiceError('article.siteNotInGroup');
        const c = await mustExist(q, 'article_cate', row.parentId, t, 'article.cateMissing');
        if (c && String(c.website_group_id) !== String(group)) throw new ServiceError('article.cateNotInGroup');
        // only a column that holds pages: the one given, or the one kept by an article being published
        const publishing = row.status === 1 && (!old || old.status !== 1);
        mustHoldPages(c ?? (publishing && old?.parent_id ? await liveRow(q, 'article_cate', String(old.parent_id), t) : undefined));
        if (publishing) row.saveStatus = '手动发布';
        if (ctx.mode === 'insert') await checkArticleQuota(q, t);
        // a generated article waits unassigned (no website) until it gets a website and a column
        if (row.status === 1 && !(row.websiteInfoId ?? old?.website_info_id)) throw new ServiceError('site.websiteRequired');
      },
      async decorate(records, { tenantId, q }) {
        await addNames(q, records, tenantId, 'websiteInfoId', 'websiteName', 'website_info', 'website_name');
        await addNames(q, records, tenantId, 'websiteGroupId', 'websiteGroupName', 'website_group', 'name');
        await addNames(q, records, tenantId, 'parentId', 'cateName', 'article_cate', 'cate_name');
        // an article a version before the rule left in a jump page (or whose column is gone) gets no page: flagged
        await flagPageIssues(q, records, tenantId);
      },
    },
  });

  const paragraph = defineResource({
    ...declaredResource(PARAGRAPH),
    access: screenAccess('paragraph'),
    table: 'paragraph',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: { decorate: (records, { tenantId, q }) => addNames(q, records, tenantId, 'createUser', 'createUserName', 'blade_user', 'real_name') },
  });

  return [cate, article, paragraph];
}
