// Object-storage configurations (/blade-resource/oss): list, detail, submit, remove, enable.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { categoryColumn, enableAction, statusColumn } from './enable';
import { ATTACH_MAX_MB, DEFAULT_ATTACH_MB, DEFAULT_ATTACH_TYPES, forbiddenIn, TYPES_PATTERN } from '../../../src-shared/attach-types';

const B = '/blade-resource/oss';

const oss: ScreenDef = {
  code: 'oss',
  title: 'adminRes.ossTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 110,
  timeRange: false,
  columns: [
    categoryColumn('oss'),
    { name: 'ossCode', label: 'adminRes.code', search: true, rules: [{ required: true, message: 'adminRes.codeRequired' }, { max: 64, message: 'crud.maxLength' }] },
    { name: 'endpoint', label: 'adminRes.endpoint', rules: [{ required: true, message: 'adminRes.endpointRequired' }] },
    { name: 'bucketName', label: 'adminRes.bucketName', rules: [{ required: true, message: 'adminRes.bucketNameRequired' }] },
    { name: 'accessKey', label: 'adminRes.accessKey', hideInTable: true, rules: [{ required: true, message: 'adminRes.accessKeyRequired' }] },
    { name: 'secretKey', label: 'adminRes.secretKey', hideInTable: true, rules: [{ required: true, message: 'adminRes.secretKeyRequired' }] },
    { name: 'appId', label: 'adminRes.appId', hideInTable: true },
    { name: 'region', label: 'adminRes.region', hideInTable: true },
    // what 附件管理 accepts while this configuration is enabled (checked again by the back end)
    {
      name: 'allowTypes', label: 'adminRes.allowTypes', hideInTable: true, span: 24, extra: 'adminRes.allowTypesHint', default: DEFAULT_ATTACH_TYPES.join(','),
      rules: [
        { pattern: TYPES_PATTERN.source, message: 'adminRes.allowTypesFormat' },
        { check: (v) => !v || forbiddenIn(String(v)).length === 0, message: 'adminRes.allowTypesForbidden' },
      ],
    },
    {
      name: 'maxSize', label: 'adminRes.maxSize', valueType: 'number', hideInTable: true, min: 1, max: ATTACH_MAX_MB, precision: 0, default: DEFAULT_ATTACH_MB,
      rules: [{ min: 1, max: ATTACH_MAX_MB, message: 'adminRes.maxSizeRange' }],
    },
    statusColumn,
    { name: 'remark', label: 'adminRes.remark', valueType: 'textarea', hideInTable: true },
  ],
  extraActions: [enableAction(B, 'oss')],
};

export default oss;
