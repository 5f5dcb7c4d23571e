// SMS configurations (/blade-resource/sms): list, detail, submit, remove, enable.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { enableAction } from './enable';

const B = '/blade-resource/sms';

const sms: ScreenDef = {
  code: 'sms',
  title: 'adminRes.smsTitle',
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
      // categories from the dictionary `sms` (keys 1-5; 5 the built-in one)
      dict: 'sms',
      rules: [{ required: true, message: 'adminRes.categoryRequired' }],
    },
    { name: 'smsCode', label: 'adminRes.code', search: true, rules: [{ required: true, message: 'adminRes.codeRequired' }, { max: 64, message: 'crud.maxLength' }] },
    { name: 'templateId', label: 'adminRes.templateId', rules: [{ required: true, message: 'adminRes.templateIdRequired' }, { max: 64, message: 'crud.maxLength' }] },
    { name: 'accessKey', label: 'adminRes.accessKey', hideInTable: true, rules: [{ required: true, message: 'adminRes.accessKeyRequired' }] },
    { name: 'secretKey', label: 'adminRes.secretKey', hideInTable: true, rules: [{ required: true, message: 'adminRes.secretKeyRequired' }] },
    { name: 'regionId', label: 'adminRes.regionId', hideInTable: true },
    { name: 'signName', label: 'adminRes.signName', rules: [{ required: true, message: 'adminRes.signNameRequired' }] },
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
  extraActions: [enableAction(B, 'sms')],
};

export default sms;
