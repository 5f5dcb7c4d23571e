// Template page configs per website and page type (dictionary template_config_type).
import type { ScreenDef } from '../../crud/types';
import { TEMPLATE_CONFIG } from '../../../src-shared/declarations/material';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const C = '/blade-material/websiteTemplateConfig';

const templateConfig: ScreenDef = {
  code: 'templateConfig',
  title: 'content.templateConfig.title',
  api: { list: `${C}/list`, detail: `${C}/detail`, submit: `${C}/submit`, remove: `${C}/remove` },
  declaration: TEMPLATE_CONFIG,
  columns: [
    remoteSelect('websiteInfoId', 'content.templateConfig.websiteInfoId', REMOTE.websites, {
      search: true, displayField: 'websiteName', validateTrigger: 'onChange',
    }),
    {
      name: 'type', label: 'content.templateConfig.type', valueType: 'select', dict: 'template_config_type', numeric: true, search: true, searchOp: 'equal',
      validateTrigger: 'onChange',
    },
    { name: 'name', label: 'content.templateConfig.name' },
    { name: 'configKey', label: 'content.templateConfig.configKey', search: true },
    { name: 'configValue', label: 'content.templateConfig.configValue', valueType: 'textarea' },
    createTimeColumn,
    { name: 'updateTime', label: 'content.templateConfig.updateTime', hideInForm: true, width: 170 },
  ],
};

export default templateConfig;
