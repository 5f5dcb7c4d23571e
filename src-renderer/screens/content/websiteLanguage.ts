// Website languages: the one list a website's language (by abbreviation) and a website
// association's language (by id) are chosen from; every tenant starts with the lang
// dictionary's entries (src-server/modules/content/tenant-seeds.ts).
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';

const L = '/blade-material/websiteLanguage';

const websiteLanguage: ScreenDef = {
  code: 'websiteLanguage',
  title: 'content.language.title',
  api: { list: `${L}/list`, detail: `${L}/detail`, submit: `${L}/submit`, remove: `${L}/remove` },
  dialogWidth: 600,
  columns: [
    {
      name: 'language', label: 'content.language.language', search: true, span: 24,
      rules: [{ required: true, message: 'content.language.languageRequired' }, { max: 50, message: 'content.language.languageMax' }],
    },
    {
      name: 'abbrevia', label: 'content.language.abbrevia', span: 24, extra: 'content.language.abbreviaHint',
      rules: [
        { required: true, message: 'content.language.abbreviaRequired' },
        { max: 20, message: 'content.language.abbreviaMax' },
        // the back end's LANGUAGE_TAG (content/sites/resources.ts)
        { pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', message: 'content.language.abbreviaPattern' },
      ],
    },
    createTimeColumn,
  ],
};

export default websiteLanguage;
