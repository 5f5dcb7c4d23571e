// System-administration II screens by menu path (dictionaries, notices, SMS,
// object storage, attachments, code generation, workflow, logs, reports).
import { crud, type Screen } from '../lazyCrud';

export const ADMIN_SCREENS: Record<string, Screen> = {
  '/system/dict': crud(() => import('./dict')),
  '/dict-horizontal/index': crud(() => import('./dict')),
  '/dict-vertical/index': crud(() => import('./dictVertical')),
  '/system/dictbiz': crud(() => import('./dictbiz')),
  '/desk/notice': crud(() => import('./notice')),
  '/resource/sms': crud(() => import('./sms')),
  '/resource/oss': crud(() => import('./oss')),
  '/resource/attach': crud(() => import('./attach')),
  '/monitor/log/usual': crud(() => import('./logUsual')),
  '/monitor/log/api': crud(() => import('./logApi')),
  '/monitor/log/error': crud(() => import('./logError')),
  '/report/reportlist': crud(() => import('./report')),
  '/tool/datasource': crud(() => import('./datasource')),
  '/tool/model': crud(() => import('./model')),
  '/tool/code': crud(() => import('./code')),
};
