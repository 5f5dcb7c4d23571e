// Website languages.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';

const L = '/blade-material/websiteLanguage';

const websiteLanguage: ScreenDef = {
  code: 'websiteLanguage',
  title: 'content.language.title',
  api: { list: `${L}/list`, detail: `${L}/detail`, submit: `${L}/submit`, remove: `${L}/remove` },
  dialogWidth: 600,
  columns: [
    { name: 'language', label: 'content.language.language', search: true, span: 24, rules: [{ required: true, message: 'content.language.languageRequired' }] },
    { name: 'abbrevia', label: 'content.language.abbrevia', span: 24, rules: [{ required: true, message: 'content.language.abbreviaRequired' }] },
    createTimeColumn,
  ],
};

export default websiteLanguage;
