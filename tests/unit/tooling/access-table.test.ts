// docs/access.md is the route table a reader scans ("who may call X"): it must be
// what the back end registers now. Regenerate with `npm run access-table`.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { API_PREFIX } from '../../../src-server/app';
import { collectRoutes } from '../../../src-server/access-routes';
import { renderAccessTable } from '../../../src-server/http/access-table';

it('docs/access.md matches the registered routes (stale: run npm run access-table)', async () => {
  const routes = await collectRoutes();
  expect(routes.length).toBeGreaterThan(300);
  const written = readFileSync(new URL('../../../docs/access.md', import.meta.url), 'utf8');
  expect(written).toBe(renderAccessTable(routes, API_PREFIX));
});
