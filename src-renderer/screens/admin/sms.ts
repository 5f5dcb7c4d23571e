// SMS configurations (/blade-resource/sms): list, detail, submit, remove, enable.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { categoryColumn, enableAction, statusColumn } from './enable';

const B = '/blade-resource/sms';

const sms: ScreenDef = {
  code: 'sms',
  title: 'adminRes.smsTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 110,
  timeRange: false,
  columns: [
    categoryColumn('sms'),
    { name: 'smsCode', label: 'adminRes.code', search: true, rules: [{ required: true, message: 'adminRes.codeRequired' }, { max: 64, message: 'crud.maxLength' }] },
    { name: 'templateId', label: 'adminRes.templateId', rules: [{ required: true, message: 'adminRes.templateIdRequired' }, { max: 64, message: 'crud.maxLength' }] },
    { name: 'accessKey', label: 'adminRes.accessKey', hideInTable: true, rules: [{ required: true, message: 'adminRes.accessKeyRequired' }] },
    { name: 'secretKey', label: 'adminRes.secretKey', hideInTable: true, rules: [{ required: true, message: 'adminRes.secretKeyRequired' }] },
    { name: 'regionId', label: 'adminRes.regionId', hideInTable: true },
    { name: 'signName', label: 'adminRes.signName', rules: [{ required: true, message: 'adminRes.signNameRequired' }] },
    statusColumn,
    { name: 'remark', label: 'adminRes.remark', valueType: 'textarea', hideInTable: true },
  ],
  extraActions: [enableAction(B, 'sms')],
};

export default sms;
