// Read-only log screens: usual (/blade-log/usual), API (/blade-log) and error (/blade-log/error) logs.
import type { ColumnDef, ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';

export function logScreen(kind: 'usual' | 'api' | 'error'): ScreenDef {
  const B = kind === 'api' ? '/blade-log' : `/blade-log/${kind}`;
  const common: ColumnDef[] = [
    { name: 'serviceId', label: 'adminLog.serviceId', search: true, width: 150 },
    { name: 'serverHost', label: 'adminLog.serverHost', search: true, width: 140 },
    { name: 'env', label: 'adminLog.env', width: 80 },
  ];
  const byKind: Record<typeof kind, ColumnDef[]> = {
    usual: [
      { name: 'logId', label: 'adminLog.logId', width: 90 },
      { name: 'logData', label: 'adminLog.logData' },
      { name: 'requestUri', label: 'adminLog.requestUri', search: true },
      { name: 'createBy', label: 'adminLog.createBy', width: 110 },
    ],
    api: [
      { name: 'title', label: 'adminLog.title', search: true },
      { name: 'method', label: 'adminLog.method', width: 80 },
      { name: 'requestUri', label: 'adminLog.requestUri', search: true },
      { name: 'time', label: 'adminLog.time', width: 100 },
      { name: 'statusCode', label: 'adminLog.statusCode', width: 90 },
      { name: 'createBy', label: 'adminLog.createBy', width: 110 },
      { name: 'params', label: 'adminLog.params', valueType: 'textarea', hideInTable: true },
    ],
    error: [
      { name: 'method', label: 'adminLog.method', width: 80 },
      { name: 'requestUri', label: 'adminLog.requestUri', search: true },
      { name: 'message', label: 'adminLog.message', search: true },
      { name: 'exceptionName', label: 'adminLog.exceptionName', width: 120 },
      { name: 'createBy', label: 'adminLog.createBy', width: 110 },
      { name: 'params', label: 'adminLog.params', valueType: 'textarea', hideInTable: true },
      { name: 'stackTrace', label: 'adminLog.stackTrace', valueType: 'textarea', rows: 12, hideInTable: true },
    ],
  };
  return {
    code: `log_${kind}`,
    title: `adminLog.${kind}Title`,
    api: { list: `${B}/list`, detail: `${B}/detail`, remove: `${B}/remove` },
    dialogWidth: 960,
    labelWidth: 110,
    timeRange: false,
    alwaysAllow: ['view'],
    hide: ['add', 'edit', 'delete', 'batchDelete'],
    columns: [...common, ...byKind[kind], { name: 'createTime', label: 'adminLog.createTime', width: 170 }],
  };
}
