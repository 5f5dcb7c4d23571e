// Server module: system administration II: dictionaries (system and business),
// notices, SMS, object storage, attachments, code generation, workflow, logs, reports.
// Migrations are numbered 400-499.
import type { ServerModule } from '../types';
import { registerResource } from '../../crud/router';
import { DICT, DICT_BIZ, DICT_MIGRATION, registerDictKind } from './dicts';
import { LOG_MIGRATION, registerLogRoutes } from './logs';
import { CODE_MENU_MIGRATION, codeResource, datasourceResource, DEVELOP_MIGRATION, modelResource, registerDevelopRoutes } from './develop';
import { modelFieldResource } from './model-fields';
import { noticeResource } from './notices';
import { registerReportRoutes, REPORT_MIGRATION } from './reports';
import { ATTACH_LIMITS_MIGRATION, CATEGORY_DICTS_MIGRATION, LOCAL_OSS_MIGRATION, ossResource, registerResourceRoutes, RESOURCE_MIGRATION, smsResource } from './resources';

export const adminModule: ServerModule = {
  name: 'admin',
  migrations: [DICT_MIGRATION, RESOURCE_MIGRATION, LOG_MIGRATION, REPORT_MIGRATION, DEVELOP_MIGRATION, LOCAL_OSS_MIGRATION, CATEGORY_DICTS_MIGRATION, ATTACH_LIMITS_MIGRATION, CODE_MENU_MIGRATION],
  resources: [DICT.resource, DICT_BIZ.resource, noticeResource, datasourceResource, modelResource, modelFieldResource, codeResource],
  async routes(api, deps) {
    // a changed system dictionary drops the server's dictionary cache (the console drops its own copy)
    registerDictKind(api, deps.data, DICT, (_code, q) => deps.caches.clearAll(q));
    registerDictKind(api, deps.data, DICT_BIZ, async () => undefined);
    // the object storage configurations seal their secret and drop the file stores cached (files/file-stores.ts)
    registerResource(api, deps.data, ossResource(deps.files), deps.clock);
    // the SMS configurations seal their secret key (system/sealed-secrets.ts)
    registerResource(api, deps.data, smsResource(deps.box), deps.clock);
    await deps.files.sealClearSecrets();
    registerResourceRoutes(api, deps);
    registerLogRoutes(api, deps);
    registerReportRoutes(api, deps.data);
    registerDevelopRoutes(api, deps);
  },
};
