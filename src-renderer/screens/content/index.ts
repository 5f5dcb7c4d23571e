// Content-area screens by menu path (see src-server/db/seed-menus.ts).
import type { Screen } from '../lazyCrud';

export const CONTENT_SCREENS: Record<string, Screen> = {};
