// Writes docs/access.md: every route of the embedded back end with who may call it.
// Usage: npm run access-table
import { writeFileSync } from 'node:fs';
import { API_PREFIX } from '../src-server/app';
import { collectRoutes } from '../src-server/access-routes';
import { renderAccessTable } from '../src-server/http/access-table';

const routes = await collectRoutes();
writeFileSync(new URL('../docs/access.md', import.meta.url), renderAccessTable(routes, API_PREFIX));
console.log(`docs/access.md: ${routes.length} routes`);
