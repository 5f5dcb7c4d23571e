// The search-engine loop (issue 36, docs/search-engines.md): its declared
// resources and its routes, registered by the content module with the others.
// Each part adds itself here: the connections (the 搜索引擎 screen), announcing
// (the deploy's diff, the search-announce job), reading back (the search-sync
// job, the rollups, the dashboard's queries).
import type { FastifyInstance } from 'fastify';
import type { Resource } from '../../../crud/resource';
import type { ContentContext } from '../shared/context';
import type { SecretBox } from '../../../util/secret-box';
import { registerAnnounceRoutes } from './announce-routes';
import { registerTrafficRoutes } from './traffic-routes';
import { connectionResources } from './connection-resources';
import { registerConnectionRoutes } from './connection-routes';

/** the declared resources of the search-engine screens */
export function searchResources(box: SecretBox): Resource[] {
  return [...connectionResources(box)];
}

/** the special routes (and the jobs they queue, whose handlers register with them) */
export function registerSearchRoutes(api: FastifyInstance, ctx: ContentContext): void {
  registerAnnounceRoutes(api, ctx);
  registerTrafficRoutes(api, ctx);
  registerConnectionRoutes(api, ctx);
}
