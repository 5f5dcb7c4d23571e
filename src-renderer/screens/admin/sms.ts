// SMS configurations (/blade-resource/sms): list, detail, submit, remove, enable.
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { categoryColumn, enableAction, statusColumn } from './enable';
import { SMS } from '../../../src-shared/declarations/admin';

const B = SMS.path;

const sms: ScreenDef = {
  code: 'sms',
  title: 'adminRes.smsTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, submit: `${B}/submit`, remove: `${B}/remove` },
  dialogWidth: 880,
  labelWidth: 110,
  timeRange: false,
  declaration: SMS,
  columns: [
    categoryColumn('sms'),
    { name: 'smsCode', label: 'adminRes.code', search: true },
    { name: 'templateId', label: 'adminRes.templateId' },
    { name: 'accessKey', label: 'adminRes.accessKey', hideInTable: true },
    { name: 'secretKey', label: 'adminRes.secretKey', hideInTable: true },
    { name: 'regionId', label: 'adminRes.regionId', hideInTable: true },
    { name: 'signName', label: 'adminRes.signName' },
    statusColumn,
    { name: 'remark', label: 'adminRes.remark', valueType: 'textarea', hideInTable: true },
  ],
  extraActions: [enableAction(B, 'sms')],
};

export default sms;
