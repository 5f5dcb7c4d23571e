// Website templates: spec content-area.md §3 Website template, §5 Template (image jpg/png under 5 MB).
import { UploadOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { WEBSITE_TEMPLATE } from '../../../src-shared/declarations/material';
import { createTimeColumn, ENABLED } from './shared';
import { TemplateImportDialog } from './RowsImportDialog';

const T = '/seo-blade-material/websiteTemplate';

const websiteTemplate: ScreenDef = {
  code: 'websiteTemplate',
  title: 'content.template.title',
  api: { list: `${T}/page`, detail: `${T}/detail`, submit: `${T}/submit`, remove: `${T}/remove` },
  declaration: WEBSITE_TEMPLATE,
  dialogWidth: 880,
  columns: [
    { name: 'templateName', label: 'content.template.templateName', search: true },
    {
      name: 'type', label: 'content.template.type', valueType: 'select', search: true, searchOp: 'equal', validateTrigger: 'onChange',
      options: [{ value: '1', label: 'content.template.typeGeneral' }, { value: '2', label: 'content.template.typeNews' }, { value: '3', label: 'content.template.typeCompany' }],
    },
    {
      name: 'image', label: 'content.template.image', valueType: 'image', span: 24, validateTrigger: 'onChange',
      upload: { accept: ['jpg', 'png'], maxKB: 5 * 1024, scene: 'template', typeMessage: 'content.template.imageType', sizeMessage: 'content.template.imageSize' },
    },
    { name: 'status', label: 'content.template.status', valueType: 'switch', listSwitch: true, numeric: true, options: ENABLED, default: 1, searchOp: 'equal', search: true },
    { name: 'useNum', label: 'content.template.useNum', hideInForm: true, width: 100 },
    createTimeColumn,
  ],
  extraActions: [{ key: 'import', label: 'content.c3.templateImport', permission: 'websiteTemplate_add', placement: 'toolbar', icon: UploadOutlined, render: TemplateImportDialog }],
};

export default websiteTemplate;
