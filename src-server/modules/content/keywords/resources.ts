// Managed keywords and keywords kept for generation (spec content-area.md §7).
import type { Db } from '../../../db/database';
import { defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { addNames, mustExist } from '../shared/lookups';
import { MSG } from '../shared/messages';
import { ALL, max, oneOf, req } from '../shared/rules';

export function keywordResources(db: Db): Resource[] {
  const keyword = defineResource({
    name: 'keyword',
    access: screenAccess('keyword'),
    basePath: '/website-blade-article/keyword',
    table: 'keyword',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    columns: [{ name: 'keyword', type: 'string', rules: [req(MSG.managedKeyword), max(50, MSG.managedKeywordMax)] }],
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
      { name: 'siteGroupId', type: 'string', rules: [req(MSG.groupRequired)] },
      { name: 'type', type: 'int', rules: [req(MSG.genType), oneOf([0, 1, 2, 3], MSG.genType)] },
      { name: 'keyword', type: 'string', rules: [req(MSG.genKeyword), max(100, MSG.genKeywordMax)] },
    ],
    hooks: {
      beforeWrite: (row, ctx) => void mustExist(db, 'website_group', row.siteGroupId, ctx.tenantId, '网站分组不存在'),
      decorate: (records, { tenantId }) => addNames(db, records, tenantId, 'siteGroupId', 'siteGroupName', 'website_group', 'name'),
    },
  });

  return [keyword, gptProduceKeyword];
}
