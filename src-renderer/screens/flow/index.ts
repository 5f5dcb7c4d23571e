// Workflow screens by menu path, plus the three leave routes, whose paths carry ids.
import { createElement } from 'react';
import { crud, preloadable, type Screen } from '../lazyCrud';
import { parseLeavePath } from './leave-path';

export { parseLeavePath, type LeaveKind } from './leave-path';

export const FLOW_SCREENS: Record<string, Screen> = {
  '/flow/model': crud(() => import('./model')),
  '/flow/deploy': crud(() => import('./deploy')),
  '/flow/follow': crud(() => import('./follow')),
  '/work/start': crud(() => import('./start')),
  '/work/claim': crud(() => import('./claim')),
  '/work/todo': crud(() => import('./todo')),
  '/work/send': crud(() => import('./send')),
  '/work/done': crud(() => import('./done')),
};

const leaveScreens = new Map<string, Screen>();

/** The screen of a leave route, bound to its path (one per opened path, so each tab keeps its own). */
export function leaveScreen(path: string): Screen | null {
  const parsed = parseLeavePath(path);
  if (!parsed) return null;
  let screen = leaveScreens.get(path);
  if (!screen) {
    screen = preloadable(async () => {
      const m = await import('./leave');
      const Page = parsed.kind === 'form' ? m.LeaveForm : parsed.kind === 'handle' ? m.LeaveHandle : m.LeaveDetail;
      return () => createElement(Page, { path });
    });
    leaveScreens.set(path, screen);
  }
  return screen;
}
