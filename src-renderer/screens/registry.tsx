// Menu path -> lazily loaded screen. Each area keeps its own table (a CRUD
// screen is a definition module rendered by the one generic CrudPage; special
// screens register a component); this merges them.
import { ADMIN_SCREENS } from './admin';
import { CONTENT_SCREENS } from './content';
import { FLOW_SCREENS, leaveScreen } from './flow';
import { GENERATED_SCREENS } from './generated';
import { preloadable, type Screen } from './lazyCrud';
import { SYSTEM_SCREENS } from './system';

/** pages of the workbench besides the home page (which ConsoleLayout renders itself) */
const WORKBENCH_SCREENS: Record<string, Screen> = {
  '/wel/dashboard': preloadable(() => import('../pages/wel/Dashboard').then((m) => m.Dashboard)),
};

const SCREENS: Record<string, Screen> = { ...WORKBENCH_SCREENS, ...SYSTEM_SCREENS, ...ADMIN_SCREENS, ...CONTENT_SCREENS, ...FLOW_SCREENS, ...GENERATED_SCREENS };

/** The screen for a menu path, or null when this version has none yet. */
export function screenFor(path: string): Screen | null {
  return SCREENS[path] ?? leaveScreen(path);
}
