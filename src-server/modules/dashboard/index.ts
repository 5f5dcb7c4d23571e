// Server module: the 控制台 (/wel/dashboard) overview. No tables of its own: it
// reads what the content area's background work and the sign-in log keep
// (overview.ts). One endpoint, for whoever has the 控制台 menu; each part only
// for a caller granted the screen it links to.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerModule } from '../types';
import { ok } from '../../http/reply';
import { readerLanguage } from '../../http/reasons';
import { callerOf } from '../../http/auth-user';
import { allow, menu } from '../../http/access-policy';
import { callerHolds, isPlatformAdministrator, roleAliasesOf } from '../../http/access-check';
import { formatDateTime } from '../../util/dates';
import { DASHBOARD_OVERVIEW_URL, type DashboardOverview } from '../../../src-shared/dashboard';
import { activityOf, DASHBOARD_SCREENS, failuresOf, signInsOf, storageOf } from './overview';

/** The product's version: the nearest package.json above this file (source tree, or the built app). */
function productVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
        if (pkg.version && pkg.name === 'seo-matrix-console') return pkg.version;
      } catch {
        /* not ours: look further up */
      }
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}

export const dashboardModule: ServerModule = {
  name: 'dashboard',
  routes(api, deps) {
    // `db` (the raw handle) only for callerHolds (http/access-check.ts), which still takes it in this branch
    const { data, clock, dataDir } = deps;
    const startedAt = clock();
    const version = productVersion();
    api.get(DASHBOARD_OVERVIEW_URL, allow(menu('dashboard')), async (request) => {
      const caller = callerOf(request);
      const now = clock();
      // the screens the caller holds, asked once (callerHolds is where the access check reads the database)
      const held = new Set<string>();
      for (const screen of Object.values(DASHBOARD_SCREENS)) if (await callerHolds(data, request, screen)) held.add(screen);
      const can = (screen: string) => held.has(screen);
      const screens = held.size > 0;
      const administrator = isPlatformAdministrator(caller) || roleAliasesOf(caller).some((a) => a === 'administrator' || a === 'admin');
      const overview: DashboardOverview = {
        version,
        startedAt: formatDateTime(startedAt),
        uptimeSeconds: Math.max(0, Math.floor((now - startedAt) / 1000)),
        now: formatDateTime(now),
        activity: screens ? await activityOf(data, caller.tenantId, can, readerLanguage(request)) : null,
        failures: screens ? await failuresOf(data, caller.tenantId, now, can, readerLanguage(request)) : null,
        signIns: await signInsOf(data, caller.tenantId, now, administrator ? null : caller.account),
        storage: isPlatformAdministrator(caller) ? await storageOf(data, dataDir) : null,
      };
      return ok(overview);
    });
  },
};
