// Categories (website columns): spec content-area.md §3 Category, §4 (type 2 custom page / 3 jump page), §5.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn, REMOTE, remoteSelect, YES_NO } from './shared';
import { PageConfigSelect } from './PageConfigSelect';
import { CATE } from '../../../src-shared/declarations/articles';

const C = '/seo-blade-article/cate';
const custom = (v: Record<string, unknown>) => v.type !== 3;

const cate: ScreenDef = {
  code: 'cate',
  title: 'content.c2.cate.title',
  api: { list: `${C}/page`, detail: `${C}/detail`, save: `${C}/save`, update: `${C}/update`, remove: `${C}/remove` },
  declaration: CATE,
  dialogWidth: 800,
  labelWidth: 130,
  columns: [
    remoteSelect('websiteGroupId', 'content.c2.cate.websiteGroupId', REMOTE.websiteGroups, {
      search: true, validateTrigger: 'onChange', displayField: 'websiteGroupName',
    }),
    { name: 'cateName', label: 'content.c2.cate.cateName', search: true },
    {
      name: 'type', label: 'content.c2.cate.type', valueType: 'select', numeric: true, default: 2, searchOp: 'equal', validateTrigger: 'onChange',
      options: [{ value: 2, label: 'content.c2.cate.typeCustom' }, { value: 3, label: 'content.c2.cate.typeJump' }],
    },
    {
      // the enabled template pages, and the disabled one the category already holds
      name: 'pageId', label: 'content.c2.cate.pageId', valueType: 'custom', input: PageConfigSelect,
      hideInTable: true, visibleWhen: custom, validateTrigger: 'onChange',
    },
    remoteSelect('imgGroupId', 'content.c2.cate.imgGroupId', REMOTE.imageGroups, { hideInTable: true, visibleWhen: custom }),
    remoteSelect('advertId', 'content.c2.cate.advertId', { url: '/website-blade-material/advert/page', labelKey: 'advertName' }, { hideInTable: true, visibleWhen: custom }),
    {
      name: 'linkUrl', label: 'content.c2.cate.linkUrl', hideInTable: true,
    },
    {
      name: 'optStatus', label: 'content.c2.cate.optStatus', valueType: 'select', numeric: true, default: 0, validateTrigger: 'onChange',
      options: [{ value: 0, label: 'content.c2.cate.optRandom' }, { value: 1, label: 'content.c2.cate.optMust' }],
    },
    { name: 'status', label: 'content.common.status', valueType: 'switch', listSwitch: true, numeric: true, default: 0, options: YES_NO },
    { name: 'articleCount', label: 'content.c2.cate.articleCount', hideInForm: true, width: 100 },
    { name: 'websiteCount', label: 'content.c2.cate.websiteCount', hideInForm: true, width: 100 },
    createTimeColumn,
  ],
};

export default cate;
