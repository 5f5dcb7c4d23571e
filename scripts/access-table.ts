// Writes docs/access.md: every route of the embedded back end with who may call it.
// Usage: npm run access-table
import { writeFileSync } from 'node:fs';
import { collectRoutes, renderAccessTable } from '../src-server/http/access-table';

const routes = await collectRoutes();
writeFileSync(new URL('../docs/access.md', import.meta.url), renderAccessTable(routes));
console.log(`docs/access.md: ${routes.length} routes`);
