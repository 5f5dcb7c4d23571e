// Server module: the console shell: self-service user endpoints, error-log upload, uploads, notices for the bell.
// Migrations are numbered 100-199.
import type { ServerModule } from '../types';

export const shellModule: ServerModule = {
  name: 'shell',
  migrations: [],
  resources: [],
};
