// The three leave routes carry ids in their paths: /work/process/leave/<kind>/<ids...>.
import { LEAVE_ROUTE } from '../../router/guard';

export type LeaveKind = 'form' | 'handle' | 'detail';

/** The kind and ids of a leave route, or null when the path is not one. */
export function parseLeavePath(path: string): { kind: LeaveKind; ids: string[] } | null {
  if (!LEAVE_ROUTE.test(path)) return null;
  const [, , , , kind, ...ids] = path.split('/');
  return { kind: kind as LeaveKind, ids };
}
