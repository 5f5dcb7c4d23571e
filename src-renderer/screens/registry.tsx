// Menu path -> lazily loaded screen. Each area keeps its own table (a CRUD
// screen is a definition module rendered by the one generic CrudPage; special
// screens register a component); this merges them.
import { ADMIN_SCREENS } from './admin';
import { CONTENT_SCREENS } from './content';
import { FLOW_SCREENS, leaveScreen } from './flow';
import { GENERATED_SCREENS } from './generated';
import type { Screen } from './lazyCrud';
import { SYSTEM_SCREENS } from './system';

const SCREENS: Record<string, Screen> = { ...SYSTEM_SCREENS, ...ADMIN_SCREENS, ...CONTENT_SCREENS, ...FLOW_SCREENS, ...GENERATED_SCREENS };

/** The screen for a menu path, or null when this version has none yet. */
export function screenFor(path: string): Screen | null {
  return SCREENS[path] ?? leaveScreen(path);
}
