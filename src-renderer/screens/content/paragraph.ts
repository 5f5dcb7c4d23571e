// Paragraphs: spec content-area.md §3 Paragraph, §5 (content required).
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn } from './shared';
import { PARAGRAPH } from '../../../src-shared/declarations/articles';

const P = '/website-blade-article/paragraph';

const paragraph: ScreenDef = {
  code: 'paragraph',
  title: 'content.c2.paragraph.title',
  api: { list: `${P}/page`, detail: `${P}/detail`, save: `${P}/save`, update: `${P}/update`, remove: `${P}/remove` },
  declaration: PARAGRAPH,
  dialogWidth: 700,
  columns: [
    { name: 'content', label: 'content.c2.paragraph.content', valueType: 'textarea', rows: 6, search: true },
    { name: 'createUserName', label: 'content.c2.createUserName', hideInForm: true, width: 120 },
    createTimeColumn,
  ],
};

export default paragraph;
