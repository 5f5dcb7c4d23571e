// Keywords (managed): spec content-area.md §3 Keyword (managed), §5 (max 50); import of a .txt file as an import task.
import { UploadOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { KEYWORD } from '../../../src-shared/declarations/keywords';
import { KeywordImportDialog } from './KeywordImportDialog';
import { createTimeColumn } from './shared';

const K = '/website-blade-article/keyword';

const keyword: ScreenDef = {
  code: 'keyword',
  title: 'content.c2.keyword.title',
  api: { list: `${K}/page`, detail: `${K}/detail`, save: `${K}/save`, update: `${K}/update`, remove: `${K}/remove` },
  declaration: KEYWORD,
  dialogWidth: 600,
  columns: [
    { name: 'keyword', label: 'content.c2.keyword.keyword', search: true, span: 24 },
    { name: 'createUserName', label: 'content.c2.createUserName', hideInForm: true, width: 120 },
    createTimeColumn,
  ],
  extraActions: [{ key: 'import', label: 'content.c2.keyword.import', permission: 'keyword_add', placement: 'toolbar', icon: UploadOutlined, render: KeywordImportDialog }],
};

export default keyword;
