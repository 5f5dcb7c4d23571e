// Keyword generation entries: spec content-area.md §3 Keyword (generation), §5.
import type { ScreenDef } from '../../crud/types';
import { GPT_PRODUCE_KEYWORD } from '../../../src-shared/declarations/keywords';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const G = '/seo-blade-article/gptProduceKeyword';

const gptProduceKeyword: ScreenDef = {
  code: 'gptProduceKeyword',
  title: 'content.c2.genKeyword.title',
  api: { list: `${G}/page`, detail: `${G}/detail`, submit: `${G}/submit`, remove: `${G}/remove` },
  declaration: GPT_PRODUCE_KEYWORD,
  dialogWidth: 600,
  columns: [
    remoteSelect('siteGroupId', 'content.c2.genKeyword.siteGroupId', REMOTE.websiteGroups, {
      search: true, span: 24, displayField: 'siteGroupName', validateTrigger: 'onChange',
    }),
    {
      name: 'type', label: 'content.c2.genKeyword.type', valueType: 'select', numeric: true, search: true, searchOp: 'equal', span: 24, validateTrigger: 'onChange',
      options: [0, 1, 2, 3].map((v) => ({ value: v, label: `content.c2.genKeyword.type${v}` })),
    },
    { name: 'keyword', label: 'content.c2.genKeyword.keyword', search: true, span: 24 },
    createTimeColumn,
  ],
};

export default gptProduceKeyword;
