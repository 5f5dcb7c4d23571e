// Object-storage configurations (/blade-resource/oss): list, detail, submit, remove, enable.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { enableAction } from './enable';

const B = '/blade-resource/oss';

const oss: ScreenDef = {
  code: 'oss',
  title: 'adminRes.ossTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 110,
  timeRange: false,
  columns: [
    {
      name: 'category',
      label: 'adminRes.category',
      valueType: 'select',
      numeric: true,
      search: true,
      searchOp: 'equal',
      // categories from the dictionary `oss` (keys 1-5; 5 the built-in one)
      dict: 'oss',
      rules: [{ required: true, message: 'adminRes.categoryRequired' }],
    },
    { name: 'ossCode', label: 'adminRes.code', search: true, rules: [{ required: true, message: 'adminRes.codeRequired' }, { max: 64, message: 'crud.maxLength' }] },
    { name: 'endpoint', label: 'adminRes.endpoint', rules: [{ required: true, message: 'adminRes.endpointRequired' }] },
    { name: 'bucketName', label: 'adminRes.bucketName', rules: [{ required: true, message: 'adminRes.bucketNameRequired' }] },
    { name: 'accessKey', label: 'adminRes.accessKey', hideInTable: true, rules: [{ required: true, message: 'adminRes.accessKeyRequired' }] },
    { name: 'secretKey', label: 'adminRes.secretKey', hideInTable: true, rules: [{ required: true, message: 'adminRes.secretKeyRequired' }] },
    { name: 'appId', label: 'adminRes.appId', hideInTable: true },
    { name: 'region', label: 'adminRes.region', hideInTable: true },
    {
      name: 'status',
      label: 'adminRes.status',
      valueType: 'select',
      numeric: true,
      hideInForm: true,
      options: [
        { value: 1, label: 'adminRes.closed' },
        { value: 2, label: 'adminRes.enabled' },
      ],
    },
    { name: 'remark', label: 'adminRes.remark', valueType: 'textarea', hideInTable: true },
  ],
  extraActions: [enableAction(B, 'oss')],
};

export default oss;
