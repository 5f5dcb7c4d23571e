// Website associations: domain, website, language, server, status (domain_info_staus), subdomain.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const A = '/blade-material/websiteAssocia';

const websiteAssocia: ScreenDef = {
  code: 'websiteAssocia',
  title: 'content.associa.title',
  api: { list: `${A}/list`, detail: `${A}/detail`, submit: `${A}/submit`, remove: `${A}/remove` },
  columns: [
    remoteSelect('domainId', 'content.associa.domainId', REMOTE.domains, { search: true, displayField: 'domainName', validateTrigger: 'onChange', rules: [{ required: true, message: 'content.associa.domainRequired' }] }),
    remoteSelect('websiteInfoId', 'content.associa.websiteInfoId', REMOTE.websites, { search: true, displayField: 'websiteName', validateTrigger: 'onChange', rules: [{ required: true, message: 'content.common.websiteRequired' }] }),
    remoteSelect('languagesId', 'content.associa.languagesId', REMOTE.languages, { displayField: 'languageName', validateTrigger: 'onChange', rules: [{ required: true, message: 'content.associa.languageRequired' }] }),
    remoteSelect('serverId', 'content.associa.serverId', REMOTE.servers, { displayField: 'serverName', validateTrigger: 'onChange', rules: [{ required: true, message: 'content.associa.serverRequired' }] }),
    { name: 'status', label: 'content.associa.status', valueType: 'select', dict: 'domain_info_staus', numeric: true, default: 0, search: true, searchOp: 'equal' },
    {
      name: 'subdomain', label: 'content.associa.subdomain',
      rules: [{ max: 30, message: 'content.website.subdomainMax' }, { pattern: '^[a-z0-9]+$', message: 'content.website.subdomainPattern' }],
    },
    createTimeColumn,
  ],
};

export default websiteAssocia;
