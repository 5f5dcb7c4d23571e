// Object-storage configurations (/blade-resource/oss): list, detail, submit, remove, enable.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { categoryColumn, enableAction, statusColumn } from './enable';

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
    statusColumn,
    { name: 'remark', label: 'adminRes.remark', valueType: 'textarea', hideInTable: true },
  ],
  extraActions: [enableAction(B, 'oss')],
};

export default oss;
