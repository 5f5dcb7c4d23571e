// Managed keywords and keywords kept for generation (spec content-area.md §7).
import { defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { addNames, mustExist } from '../shared/lookups';
import { MSG } from '../shared/messages';
import { ALL, max, oneOf, req } from '../shared/rules';

export function keywordResources(): Resource[] {
  const keyword = defineResource({
    name: 'keyword',
    access: screenAccess('keyword'),
    basePath: '/website-blade-article/keyword',
    table: 'keyword',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [{ name: 'keyword', type: 'string', rules: [req(MSG.managedKeyword), max(50, MSG.managedKeywordMax)] }],
    hooks: { decorate: (records, { tenantId, q }) => addNames(q, records, tenantId, 'createUser', 'createUserName', 'blade_user', 'real_name') },
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
      { name: 'siteGroupId', type: 'string', rules: [req(MSG.groupRequired)] },
      { name: 'type', type: 'int', rules: [req(MSG.genType), oneOf([0, 1, 2, 3], MSG.genType)] },
      { name: 'keyword', type: 'string', rules: [req(MSG.genKeyword), max(100, MSG.genKeywordMax)] },
    ],
    hooks: {
      beforeWrite: async (row, ctx) => void (await mustExist(ctx.q, 'website_group', row.siteGroupId, ctx.tenantId, '网站分组不存在')),
      decorate: (records, { tenantId, q }) => addNames(q, records, tenantId, 'siteGroupId', 'siteGroupName', 'website_group', 'name'),
    },
  });

  return [keyword, gptProduceKeyword];
}
