// Object-storage configurations (/blade-resource/oss): list, detail, submit, remove, enable.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { categoryColumn, enableAction, statusColumn } from './enable';
import { DEFAULT_ATTACH_MB, DEFAULT_ATTACH_TYPES } from '../../../src-shared/attach-types';
import { OSS } from '../../../src-shared/declarations/admin';

const B = OSS.path;

const oss: ScreenDef = {
  code: 'oss',
  title: 'adminRes.ossTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 110,
  timeRange: false,
  declaration: OSS,
  columns: [
    categoryColumn('oss'),
    { name: 'ossCode', label: 'adminRes.code', search: true },
    { name: 'endpoint', label: 'adminRes.endpoint' },
    { name: 'bucketName', label: 'adminRes.bucketName' },
    { name: 'accessKey', label: 'adminRes.accessKey', hideInTable: true },
    { name: 'secretKey', label: 'adminRes.secretKey', hideInTable: true },
    { name: 'appId', label: 'adminRes.appId', hideInTable: true },
    { name: 'region', label: 'adminRes.region', hideInTable: true },
    // what 附件管理 accepts while this configuration is enabled (the declaration's rules: format, no page, script or program)
    { name: 'allowTypes', label: 'adminRes.allowTypes', hideInTable: true, span: 24, extra: 'adminRes.allowTypesHint', default: DEFAULT_ATTACH_TYPES.join(',') },
    // no min / max / precision: 0, 51 or 2.5 get the range message rather than being clamped
    { name: 'maxSize', label: 'adminRes.maxSize', valueType: 'number', hideInTable: true, default: DEFAULT_ATTACH_MB },
    statusColumn,
    { name: 'remark', label: 'adminRes.remark', valueType: 'textarea', hideInTable: true },
  ],
  extraActions: [enableAction(B, 'oss')],
};

export default oss;
