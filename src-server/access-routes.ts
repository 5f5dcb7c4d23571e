// The routes of a whole back end, for the route table (http/access-table.ts,
// docs/access.md): an app built on a fresh data folder with every module's
// migrations, the modules made by 生成代码 left out. It builds the app, so it
// sits beside app.ts, above the modules.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, buildApp } from './app';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { sqliteDataLayer } from './db/data-layer';
import { seed } from './db/seed';
import { MIGRATIONS } from './modules';
import { GENERATED_MODULES } from './modules/generated';
import { routeTable, type RouteEntry } from './http/access-check';

/**
 * Whether a route belongs to a module made by 生成代码 (modules/generated/): those are left out of the table, so
 * dropping a generated module into a checkout leaves docs/access.md current. Each is one defineResource whose
 * access is screenAccess(<its menu>), as the table's note says.
 */
function generatedRoute(url: string): boolean {
  return GENERATED_MODULES.some((m) => (m.resources ?? []).some((r) => url.startsWith(`${API_PREFIX}${r.basePath}/`)));
}

/** The routes of a freshly built back end (temp data folder, removed afterwards), generated modules' left out. */
export async function collectRoutes(): Promise<RouteEntry[]> {
  const dir = mkdtempSync(join(tmpdir(), 'seo-routes-'));
  const db = openDatabase(dir);
  try {
    const data = sqliteDataLayer(db);
    await migrate(data, MIGRATIONS, seed);
    const app = await buildApp({ data, dataDir: dir });
    await app.ready();
    const table = [...routeTable(app)].filter((r) => !generatedRoute(r.url));
    await app.close();
    return table;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
