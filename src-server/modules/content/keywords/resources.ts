// Managed keywords and keywords kept for generation (spec content-area.md §7).
import { declaredResource, defineResource, screenAccess, type Resource } from '../../../crud/resource';
import { GPT_PRODUCE_KEYWORD, KEYWORD } from '../../../../src-shared/declarations/keywords';
import { addNames, mustExist } from '../shared/lookups';
import { ALL } from '../shared/rules';

export function keywordResources(): Resource[] {
  const keyword = defineResource({
    ...declaredResource(KEYWORD),
    access: screenAccess('keyword'),
    table: 'keyword',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: { decorate: (records, { tenantId, q }) => addNames(q, records, tenantId, 'createUser', 'createUserName', 'blade_user', 'real_name') },
  });

  const gptProduceKeyword = defineResource({
    ...declaredResource(GPT_PRODUCE_KEYWORD),
    access: screenAccess('gptProduceKeyword'),
    table: 'gpt_produce_keyword',
    tenantScoped: true,
    softDelete: true,
    endpoints: ALL,
    hooks: {
      beforeWrite: async (row, ctx) => void (await mustExist(ctx.q, 'website_group', row.siteGroupId, ctx.tenantId, 'article.groupMissing')),
      decorate: (records, { tenantId, q }) => addNames(q, records, tenantId, 'siteGroupId', 'siteGroupName', 'website_group', 'name'),
    },
  });

  return [keyword, gptProduceKeyword];
}
