// System-administration screens by menu path (see src-server/db/seed-menus.ts).
import { crud, type Screen } from '../lazyCrud';

export const SYSTEM_SCREENS: Record<string, Screen> = {
  '/system/param': crud(() => import('./param')),
};
