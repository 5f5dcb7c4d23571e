// Website languages: the one list a website's language (by abbreviation) and a website
// association's language (by id) are chosen from; every tenant starts with the lang
// dictionary's entries (src-server/modules/content/tenant-seeds.ts).
import type { ScreenDef } from '../../crud/types';
import { WEBSITE_LANGUAGE } from '../../../src-shared/declarations/sites';
import { createTimeColumn } from './shared';

const L = '/blade-material/websiteLanguage';

const websiteLanguage: ScreenDef = {
  code: 'websiteLanguage',
  title: 'content.language.title',
  api: { list: `${L}/list`, detail: `${L}/detail`, submit: `${L}/submit`, remove: `${L}/remove` },
  declaration: WEBSITE_LANGUAGE,
  dialogWidth: 600,
  columns: [
    {
      name: 'language', label: 'content.language.language', search: true, span: 24,
    },
    {
      name: 'abbrevia', label: 'content.language.abbrevia', span: 24, extra: 'content.language.abbreviaHint',
    },
    createTimeColumn,
  ],
};

export default websiteLanguage;
