// Server module: the sample matrix (issue "a first run worth having"). A platform
// administrator loads a complete sample site matrix into a separate tenant to try
// the generation, deploy and import flows on, and removes it in one action.
// Migrations are numbered 600-619.
import type { FastifyRequest } from 'fastify';
import { allow } from '../../http/access-policy';
import { callerOf, firstDeptOf } from '../../http/auth-user';
import { ok } from '../../http/reply';
import { readerLanguage } from '../../http/reasons';
import { messageText } from '../../../src-shared/messages';
import type { ServerModule } from '../types';
import { SAMPLE_MIGRATIONS } from './migrations';
import { SampleMatrix } from './sample-matrix';

const BASE = '/website-blade-system/sampleMatrix';

export const sampleModule: ServerModule = {
  name: 'sample',
  migrations: [
    {
      version: 600,
      name: 'sample matrix: the record of the loaded sample tenant',
      sql: `
CREATE TABLE sample_matrix (
  tenant_id TEXT PRIMARY KEY,
  tenant_name TEXT NOT NULL,
  load_time TEXT NOT NULL,
  load_user TEXT,
  load_dept TEXT
);`,
    },
    ...SAMPLE_MIGRATIONS,
  ],
  routes(api, deps) {
    const sample = new SampleMatrix(deps.data, deps.dataDir, deps.clock);
    const caller = (request: FastifyRequest) => callerOf(request);
    // the platform administrator only: the sample is a tenant of its own
    api.get(`${BASE}/status`, allow('platform'), async (request) => ok(await sample.status(caller(request).tenantId)));
    api.post(`${BASE}/load`, allow('platform'), async (request) => {
      const user = caller(request);
      return ok(await sample.load(user.userId, firstDeptOf(user)), messageText('sample.loadedDone', readerLanguage(request)));
    });
    api.post(`${BASE}/remove`, allow('platform'), async (request) => ok(await sample.remove(), messageText('sample.removedDone', readerLanguage(request))));
  },
};
