// Server module: system administration II: dictionaries (system and business),
// notices, SMS, object storage, attachments, code generation, workflow, logs, reports.
// Migrations are numbered 400-499.
import type { ServerModule } from '../types';

export const adminModule: ServerModule = {
  name: 'admin',
  migrations: [],
  resources: [],
};
