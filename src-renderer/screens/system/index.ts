// System-administration screens by menu path (see src-server/db/seed-menus.ts).
import { crud, type Screen } from '../lazyCrud';

export const SYSTEM_SCREENS: Record<string, Screen> = {
  '/system/param': crud(() => import('./param')),
  '/system/user': crud(() => import('./user')),
  '/system/dept': crud(() => import('./dept')),
  '/system/post': crud(() => import('./post')),
  '/system/menu': crud(() => import('./menu')),
  '/system/topmenu': crud(() => import('./topmenu')),
  '/system/tenant': crud(() => import('./tenant')),
  '/system/tenantPackage': crud(() => import('./tenantPackage')),
  '/system/client': crud(() => import('./client')),
  // the stock consoles' path (views/base/region); databases made before migration 231 keep /system/region
  '/base/region': crud(() => import('./region')),
  '/system/region': crud(() => import('./region')),
  '/authority/role': crud(() => import('./role')),
  '/authority/datascope': crud(() => import('./datascope')),
  '/authority/apiscope': crud(() => import('./apiscope')),
};
